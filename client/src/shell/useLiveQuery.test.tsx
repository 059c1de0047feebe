import { ApolloClient, ApolloLink, InMemoryCache } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { act, renderHook } from '@testing-library/react';
import type { FormattedExecutionResult } from 'graphql';
import { OperationTypeNode } from 'graphql';
import type { ReactNode } from 'react';
import { Observable, of, Subject } from 'rxjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NotificationCountsChangedDocument, NotificationCountsDocument, type NotificationCountsChangedSubscription } from '@gql/graphql';
import { RealtimeStatusStore, registerRealtimeStatus } from './realtimeStatus';
import { SOCKET_GRACE_MS, useLiveQuery } from './useLiveQuery';

const POLL_MS = 5_000;

/** A server stand-in: the count query answers `count` (asked `asked` times); the subscription is driven by the test. */
function fakeServer() {
  const server = { count: 0, asked: 0, subscribers: 0, events: new Subject<FormattedExecutionResult<NotificationCountsChangedSubscription>>() };
  const link = new ApolloLink((operation) => {
    if (operation.operationType === OperationTypeNode.SUBSCRIPTION) {
      return new Observable((subscriber) => {
        server.subscribers++;
        const subscription = server.events.subscribe(subscriber);
        return () => {
          server.subscribers--;
          subscription.unsubscribe();
        };
      });
    }
    server.asked++;
    return of({ data: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: server.count, unreadConversations: 0 } } });
  });
  const client = new ApolloClient({ link, cache: new InMemoryCache() });
  const socket = new RealtimeStatusStore();
  registerRealtimeStatus(client, socket);
  return { server, client, socket };
}

function renderLiveCount(client: ApolloClient, options: { isLive?: () => boolean } = {}) {
  const wrapper = ({ children }: { children: ReactNode }) => <ApolloProvider client={client}>{children}</ApolloProvider>;
  return renderHook(
    () =>
      useLiveQuery(NotificationCountsDocument, {
        variables: {},
        subscription: NotificationCountsChangedDocument,
        merge: (event) => ({ __typename: 'Query', notificationCounts: event.notificationCounts }),
        pollIntervalMs: POLL_MS,
        ...options,
      }),
    { wrapper },
  );
}

/** Lets the page's clock run `ms` (timers fire, promises settle). */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('the socket status', () => {
  it('fails when the socket closes before the server acknowledged it, and counts the time live updates are out of reach', () => {
    const store = new RealtimeStatusStore();
    const changes: string[] = [];
    store.subscribe(() => changes.push(store.getSnapshot().status));
    store.closed(1006);
    expect(store.getSnapshot().status).toBe('failed');
    store.connected();
    const up = store.getSnapshot().since;
    vi.advanceTimersByTime(1_000);
    // An idle socket let go on purpose is not a failure.
    store.closed(1000);
    expect(store.getSnapshot()).toEqual({ status: 'connecting', since: up + 1_000 });
    vi.advanceTimersByTime(1_000);
    // Still out of reach: the stretch started when it closed.
    store.failed();
    expect(store.getSnapshot()).toEqual({ status: 'failed', since: up + 1_000 });
    // A normal close that never got acknowledged (a proxy that accepts, then hangs up) is a failure too.
    store.connected();
    store.closed(undefined);
    expect(changes).toEqual(['failed', 'connected', 'connecting', 'failed', 'connected', 'failed']);
  });
});

describe('useLiveQuery', () => {
  it('follows the subscription while the socket is connected and does not poll', async () => {
    const { server, client, socket } = fakeServer();
    socket.connected();
    const { result } = renderLiveCount(client);
    await pass(0);
    expect(result.current.data?.notificationCounts.new).toBe(0);
    expect(server.subscribers).toBe(1);

    act(() => server.events.next({ data: { notificationCounts: { __typename: 'NotificationCounts', new: 4, unreadConversations: 0 } } }));
    await pass(0);
    expect(result.current.data?.notificationCounts.new).toBe(4);
    await pass(POLL_MS * 10);
    expect(server.asked).toBe(1);
  });

  it('polls the query while the socket cannot connect, and stops once it connects again', async () => {
    const { server, client, socket } = fakeServer();
    const { result } = renderLiveCount(client);
    await pass(0);
    act(() => socket.closed(1006));
    // A moment's grace: a reconnect usually comes sooner.
    await pass(SOCKET_GRACE_MS - 1);
    server.count = 2;
    await pass(POLL_MS);
    expect(server.asked).toBe(1);
    await pass(1);
    await pass(POLL_MS);
    expect(server.asked).toBe(2);
    expect(result.current.data?.notificationCounts.new).toBe(2);
    // The subscription stays on, so the socket keeps trying (graphql-ws retries it).
    expect(server.subscribers).toBe(1);

    act(() => socket.connected());
    await pass(POLL_MS * 10);
    expect(server.asked).toBe(2);
  });

  it('polls after the grace when the socket failed before the view needed it', async () => {
    const { server, client, socket } = fakeServer();
    socket.closed(1006);
    await pass(60_000);
    renderLiveCount(client);
    await pass(SOCKET_GRACE_MS);
    expect(server.asked).toBe(1);
    await pass(POLL_MS);
    expect(server.asked).toBe(2);
  });

  it('polls when the subscription itself failed, even over a connected socket', async () => {
    const { server, client, socket } = fakeServer();
    socket.connected();
    renderLiveCount(client);
    await pass(0);
    act(() => server.events.error(new Error('gone')));
    await pass(POLL_MS);
    expect(server.asked).toBe(2);
  });

  it('neither subscribes nor polls once the data can no longer change', async () => {
    const { server, client } = fakeServer();
    renderLiveCount(client, { isLive: () => false });
    await pass(SOCKET_GRACE_MS + POLL_MS * 10);
    expect(server.asked).toBe(1);
    expect(server.subscribers).toBe(0);
  });
});
