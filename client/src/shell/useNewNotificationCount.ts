import { skipToken, useQuery, useSubscription } from '@apollo/client/react';
import { NotificationCountsChangedDocument, NotificationCountsDocument } from '@gql/graphql';

/**
 * The viewer's count of new notifications: loaded once after sign-in, then kept live
 * by the subscription, which writes each new value into the query's cache entry so
 * there is one source of truth. Load errors are ignored silently (docs/product.md §Notifications).
 * Returns undefined while signed out, loading, or after a failed load.
 */
export function useNewNotificationCount(signedIn: boolean): number | undefined {
  const { data } = useQuery(NotificationCountsDocument, signedIn ? {} : skipToken);

  useSubscription(
    NotificationCountsChangedDocument,
    signedIn
      ? {
          onData: ({ client, data: { data: live } }) => {
            if (!live) return;
            client.writeQuery({
              query: NotificationCountsDocument,
              data: { __typename: 'Query', notificationCounts: live.notificationCounts },
            });
          },
          onError: () => {},
        }
      : skipToken,
  );

  return data?.notificationCounts.new;
}
