/**
 * A subscriber as the web app runs one: graphql-ws through the load balancer, reconnecting when
 * its socket is cut (graphql-ws re-sends the subscription on the new socket, which the balancer
 * gives to whichever process is alive). Every value is recorded with its arrival time.
 */
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SOCKET_ID_HEADER } from './round-robin-proxy.js';

export interface LiveValue<T> {
  at: number;
  value: T;
}

export interface LiveSubscription<T> {
  /** Names this subscriber's sockets in the proxy's record. */
  socketId: string;
  values: Array<LiveValue<T>>;
  errors: string[];
  /** How many sockets were opened (1 + reconnections). */
  readonly connections: number;
  /** Settles when the socket is open and acknowledged. */
  connected: Promise<void>;
  /** Settles with the first value (arrived at or after `since`) that `test` accepts. */
  waitFor(test: (value: T) => boolean, since?: number): Promise<LiveValue<T>>;
  close(): Promise<void>;
}

/** Reconnection waits: short, since the balancer has another process ready at once. */
const RETRY_WAIT_MS = [100, 250, 500, 1_000, 2_000];

export function subscribeLive<T>(options: { url: string; socketId: string; token: string; query: string; pick: (data: Record<string, unknown>) => T; now: () => number }): LiveSubscription<T> {
  const values: Array<LiveValue<T>> = [];
  const errors: string[] = [];
  const waiters: Array<{ test: (value: T) => boolean; since: number; resolve: (value: LiveValue<T>) => void }> = [];
  let connections = 0;
  let markConnected: () => void = () => undefined;
  const connected = new Promise<void>((resolve) => (markConnected = resolve));

  const headers = { [SOCKET_ID_HEADER]: options.socketId };
  class NamedWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
    }
  }
  const client: Client = createClient({
    url: `${options.url.replace(/^http/, 'ws')}/graphql`,
    webSocketImpl: NamedWebSocket,
    connectionParams: { authToken: options.token },
    lazy: false,
    retryAttempts: 30,
    // A cut socket (the process behind it died) is always worth another try.
    shouldRetry: () => true,
    retryWait: async (retries) => {
      await new Promise((resolve) => setTimeout(resolve, RETRY_WAIT_MS[Math.min(retries, RETRY_WAIT_MS.length - 1)]));
    },
    on: {
      opened: () => {
        connections += 1;
      },
      connected: () => markConnected(),
    },
  });

  const stop = client.subscribe<Record<string, unknown>>(
    { query: options.query },
    {
      next: (result) => {
        if (result.errors?.length) errors.push(result.errors.map((error) => error.message).join('; '));
        if (!result.data) return;
        const entry = { at: options.now(), value: options.pick(result.data) };
        values.push(entry);
        for (const waiter of [...waiters]) {
          if (entry.at < waiter.since || !waiter.test(entry.value)) continue;
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.resolve(entry);
        }
      },
      error: (error) => errors.push(error instanceof Error ? error.message : JSON.stringify(error)),
      complete: () => undefined,
    },
  );

  return {
    socketId: options.socketId,
    values,
    errors,
    get connections() {
      return connections;
    },
    connected,
    waitFor: (test, since = -Infinity) => {
      const found = values.find((entry) => entry.at >= since && test(entry.value));
      if (found) return Promise.resolve(found);
      return new Promise((resolve) => waiters.push({ test, since, resolve }));
    },
    close: async () => {
      stop();
      await client.dispose();
    },
  };
}
