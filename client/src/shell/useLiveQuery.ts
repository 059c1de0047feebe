import type { ErrorLike, OperationVariables, TypedDocumentNode } from '@apollo/client';
import { skipToken, useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useWhenIdle } from '@ui/useWhenIdle';
import { realtimeStatusOf, type RealtimeSnapshot } from './realtimeStatus';

/**
 * How long the socket may be out of reach before a live view polls instead: long enough for a
 * reconnect after a server restart or a sign-in (about a second), short enough that a socket that
 * cannot connect at all costs little of the live feel.
 */
export const SOCKET_GRACE_MS = 2_000;

/** The app's WebSocket status, kept current by the graphql-ws client's events (`realtime.ts`). */
export function useRealtimeStatus(): RealtimeSnapshot {
  const store = realtimeStatusOf(useApolloClient());
  return useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
}

/**
 * Whether live updates are out of reach for a view that `needs` them: the socket has not been
 * connected for SOCKET_GRACE_MS since it went down or since the view needed it, whichever came
 * later. False again as soon as the socket connects.
 */
export function useSocketCutOff(needs: boolean): boolean {
  const { status, since } = useRealtimeStatus();
  const down = needs && status !== 'connected';
  // The `since` of the stretch whose grace ran out: a new stretch (or a reconnect) starts afresh.
  const [graceOverFor, setGraceOverFor] = useState<number | null>(null);
  useEffect(() => {
    if (!down) return;
    const timer = setTimeout(() => setGraceOverFor(since), SOCKET_GRACE_MS);
    return () => clearTimeout(timer);
  }, [down, since]);
  return down && graceOverFor === since;
}

export interface LiveQueryOptions<TData, TVariables extends OperationVariables, TEvent, TEventVariables extends OperationVariables> {
  variables: TVariables;
  /** Neither query, subscription nor polling (signed out, nothing started yet). */
  skip?: boolean;
  /** Whether the data can still change (a bulk import not yet done): when not, nothing listens or polls. Always, by default. */
  isLive?: (data: TData) => boolean;
  /** The subscription that brings each change while the socket is connected. */
  subscription: TypedDocumentNode<TEvent, TEventVariables>;
  subscriptionVariables?: TEventVariables;
  /** The query's data after an event, or null when the event is about something else (another bulk import). */
  merge: (event: TEvent) => TData | null;
  /** How often to ask the query again while the socket is cut off (or the subscription failed). */
  pollIntervalMs: number;
  /**
   * Listen only from the page's first idle moment (ui/useWhenIdle.ts): for a view on every page
   * (the menu's count), so the socket's code and connection stay out of the page's first load.
   */
  listenWhenIdle?: boolean;
}

export interface LiveQueryResult<TData> {
  data: TData | undefined;
  loading: boolean;
  error: ErrorLike | undefined;
}

/**
 * A query kept live: by its subscription while the socket is connected, by polling the query
 * every `pollIntervalMs` while it is not (a proxy or network policy that blocks WebSockets, a
 * refused origin, a dropped connection), back to the subscription once the socket reconnects.
 * The query's cache entry is the one source of truth: each event is written into it.
 */
export function useLiveQuery<TData, TVariables extends OperationVariables, TEvent, TEventVariables extends OperationVariables>(
  query: TypedDocumentNode<TData, TVariables>,
  options: LiveQueryOptions<TData, TVariables, TEvent, TEventVariables>,
): LiveQueryResult<TData> {
  const { variables, skip = false, isLive, subscription, subscriptionVariables, merge, pollIntervalMs, listenWhenIdle = false } = options;
  const result = useQuery(query, skip ? skipToken : ({ variables, skipPollAttempt: tabHidden } as useQuery.Options<TData, TVariables>));
  const data = result.data as TData | undefined;
  const [idleReached, setIdleReached] = useState(!listenWhenIdle);
  const reachIdle = useCallback(() => setIdleReached(true), []);
  useWhenIdle(reachIdle, !idleReached && !skip);
  const live = !skip && idleReached && (data === undefined || (isLive?.(data) ?? true));
  const [subscriptionFailed, setSubscriptionFailed] = useState(false);
  const cutOff = useSocketCutOff(live);
  const polling = live && (cutOff || subscriptionFailed);

  const { startPolling, stopPolling } = result;
  useEffect(() => {
    if (!polling) return;
    startPolling(pollIntervalMs);
    return () => stopPolling();
  }, [polling, pollIntervalMs, startPolling, stopPolling]);

  useSubscription(
    subscription,
    live
      ? ({
          variables: subscriptionVariables,
          onData: ({ client, data: event }) => {
            setSubscriptionFailed(false);
            if (!event.data) return;
            const next = merge(event.data as TEvent);
            if (next) client.writeQuery({ query, variables, data: next } as Parameters<typeof client.writeQuery<TData, TVariables>>[0]);
          },
          // The query answers meanwhile: a subscription that ended in an error is not started again.
          onError: () => setSubscriptionFailed(true),
        } as useSubscription.Options<TEvent, TEventVariables>)
      : skipToken,
  );
  return { data, loading: result.loading, error: result.error };
}

/** Polls wait while the tab is hidden (nobody is looking); one comes within an interval of it showing again. */
function tabHidden(): boolean {
  return typeof document !== 'undefined' && document.hidden;
}
