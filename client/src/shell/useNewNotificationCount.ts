import { useQuery } from '@apollo/client/react';
import { NotificationCountsChangedDocument, NotificationCountsDocument } from '@gql/graphql';
import { useLiveQuery } from './useLiveQuery';

/**
 * How often the count is asked for while the socket is cut off. A badge a few seconds late costs
 * nothing, and every signed-in tab asks: 30 s keeps that to 120 small queries an hour against
 * the points budget every caller has (docs/api.md, "Limits").
 */
const NOTIFICATION_COUNT_POLL_MS = 30_000;

/**
 * The viewer's count of new notifications: loaded once after sign-in, then, from the page's first
 * idle moment (the count is in the menu of every page: its socket is not part of the first load), kept live by the
 * subscription, which writes each new value into the query's cache entry so there is one source
 * of truth; while the socket cannot connect, by asking the query again (`useLiveQuery`). Load
 * errors are ignored silently (docs/product.md §Notifications). Returns undefined while signed
 * out, loading, or after a failed load.
 */
export function useNewNotificationCount(signedIn: boolean): number | undefined {
  return useLiveCounts(signedIn)?.new;
}

/**
 * Both counts of the bell's subscription: new notifications and unread conversations (one socket,
 * one subscription: docs/product.md §Messages). Undefined while signed out, loading, or after a
 * failed load. The top bar is its one caller; pages read the same cache entry with
 * `useCachedLiveCounts`, so there is never a second subscription.
 */
export function useLiveCounts(signedIn: boolean): { new: number; unreadConversations: number } | undefined {
  const { data } = useLiveQuery(NotificationCountsDocument, {
    variables: {},
    skip: !signedIn,
    subscription: NotificationCountsChangedDocument,
    merge: (event) => ({ __typename: 'Query', notificationCounts: event.notificationCounts }),
    pollIntervalMs: NOTIFICATION_COUNT_POLL_MS,
    listenWhenIdle: true,
  });
  return data?.notificationCounts;
}

/** The counts the top bar keeps live, read from the cache only (no request, no subscription of its own). */
export function useCachedLiveCounts(): { new: number; unreadConversations: number } | undefined {
  const { data } = useQuery(NotificationCountsDocument, { fetchPolicy: 'cache-only' });
  return data?.notificationCounts;
}
