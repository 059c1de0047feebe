import type { ApolloClient } from '@apollo/client';

/**
 * Where the app's WebSocket (graphql-ws, `realtime.ts`) stands:
 * - `connected`: the server acknowledged it; subscriptions deliver.
 * - `connecting`: on its way up, or closed because no live view needs it.
 * - `failed`: it errored or closed under its subscriptions (a proxy or network policy that blocks
 *   sockets, a refused origin, a server going away) and has not been acknowledged since; graphql-ws
 *   keeps retrying meanwhile.
 */
export type RealtimeStatus = 'connected' | 'connecting' | 'failed';

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  /** When the socket last went from connected to not connected or back (ms since the epoch). */
  since: number;
}

/** Code of a WebSocket closed on purpose: graphql-ws closes an idle socket with it. */
const NORMAL_CLOSURE = 1000;

/**
 * The socket's status as a store React reads with `useSyncExternalStore` (`useLiveQuery.ts`). It
 * lives in the main chunk while graphql-ws loads with the first subscription, so it knows no
 * graphql-ws type: `realtime.ts` calls these methods from the client's events.
 */
export class RealtimeStatusStore {
  private snapshot: RealtimeSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(initial: RealtimeStatus = 'connecting', now = Date.now()) {
    this.snapshot = { status: initial, since: now };
  }

  readonly getSnapshot = (): RealtimeSnapshot => this.snapshot;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** The server acknowledged the connection. */
  connected(): void {
    this.set('connected');
  }

  /** The socket reported an error: a refused or blocked upgrade, a dropped connection. */
  failed(): void {
    this.set('failed');
  }

  /**
   * The socket closed. A normal closure of an acknowledged socket is graphql-ws letting it go
   * when no subscription needs it (or the server's clean close, which it retries at once);
   * anything else, and any close before the server acknowledged, means the socket is cut off.
   */
  closed(code: number | undefined): void {
    if (this.snapshot.status === 'connected' && code === NORMAL_CLOSURE) this.set('connecting');
    else this.set('failed');
  }

  private set(status: RealtimeStatus): void {
    const { status: previous, since } = this.snapshot;
    if (previous === status) return;
    // `since` counts how long live updates have been out of reach: connecting and failed are one stretch.
    const changedSides = (previous === 'connected') !== (status === 'connected');
    this.snapshot = { status, since: changedSides ? Date.now() : since };
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * A client without a socket of its own (the server's renderer, a test's fake link) delivers its
 * subscriptions itself: nothing to fall back from.
 */
const WITHOUT_SOCKET = new RealtimeStatusStore('connected', 0);

const stores = new WeakMap<ApolloClient, RealtimeStatusStore>();

/** Ties an Apollo client to the status of the socket its subscriptions go over. */
export function registerRealtimeStatus(client: ApolloClient, store: RealtimeStatusStore): void {
  stores.set(client, store);
}

export function realtimeStatusOf(client: ApolloClient): RealtimeStatusStore {
  return stores.get(client) ?? WITHOUT_SOCKET;
}
