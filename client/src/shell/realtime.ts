import { GraphQLWsLink } from '@apollo/client/link/subscriptions';
import { createClient, type Client } from 'graphql-ws';
import { graphqlWebSocketUrl } from './graphqlEndpoint';
import { readFeatureFlag } from './featureFlag';
import type { RealtimeStatusStore } from './realtimeStatus';

/** The longest wait between two attempts to reconnect a socket that is cut off. */
const MAX_RETRY_WAIT_MS = 30_000;

/**
 * Waits 1 s, 2 s, 4 s… up to 30 s before reconnecting, plus up to 1 s at random so that the tabs
 * a restarted server dropped do not all come back at once.
 */
function retryWait(retries: number): Promise<void> {
  const ms = Math.min(1_000 * 2 ** retries, MAX_RETRY_WAIT_MS) + Math.floor(Math.random() * 1_000);
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function closeCodeOf(event: unknown): number | undefined {
  return typeof event === 'object' && event !== null && 'code' in event && typeof event.code === 'number' ? event.code : undefined;
}

/**
 * The WebSocket half of the GraphQL link, in its own chunk: `apollo.ts` imports this module only
 * when the first subscription starts, so a visitor whose pages subscribe to nothing never
 * downloads graphql-ws. Its events keep `status` current, which live views read to fall back to
 * polling while the socket is cut off (`useLiveQuery.ts`).
 */
export function createRealtimeLink(status: RealtimeStatusStore): { link: GraphQLWsLink; client: Client } {
  // The session is an httpOnly cookie, sent by the browser with the upgrade request.
  const client = createClient({
    url: graphqlWebSocketUrl(),
    lazy: true,
    connectionParams: () => {
      const flag = readFeatureFlag();
      return flag ? { featureFlag: flag } : {};
    },
    // A socket that cannot connect is retried for as long as a live view needs it, so live updates
    // come back (and polling stops) once it gets through. A browser reports a refused or blocked
    // upgrade as an `error` event without a close code, which graphql-ws would not retry by default.
    retryAttempts: Infinity,
    shouldRetry: () => true,
    retryWait,
    on: {
      connected: () => status.connected(),
      error: () => status.failed(),
      closed: (event) => status.closed(closeCodeOf(event)),
    },
  });
  return { link: new GraphQLWsLink(client), client };
}
