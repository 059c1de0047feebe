import {
  ApolloClient,
  ApolloLink,
  HttpLink,
  InMemoryCache,
  RefetchEventManager,
  onlineSource,
  windowFocusSource,
} from '@apollo/client';
import { SetContextLink } from '@apollo/client/link/context';
import { RetryLink } from '@apollo/client/link/retry';
import { OperationTypeNode } from 'graphql';
import type { Client } from 'graphql-ws';
import { catchError, defer, finalize, from, mergeMap, tap, throwError } from 'rxjs';
import {
  DATA_FRESHNESS_MS,
  DEFAULT_CALL_TIMEOUT_MS,
  SESSION_AUTH_RETRIES,
  SESSION_AUTH_RETRY_BASE_MS,
} from '@domain/constants';
import * as MESSAGES from '@domain/messages';
import { CACHE_TYPE_POLICIES } from './cacheTypePolicies';
import { GRAPHQL_PATH } from './graphqlEndpoint';
import { readFeatureFlag } from './featureFlag';
import { RealtimeStatusStore, registerRealtimeStatus } from './realtimeStatus';

declare module '@apollo/client' {
  interface DefaultContext {
    /** How long this call may take before it fails with the Timeout message (30 s by default: docs/product.md §Constants). */
    timeoutMs?: number;
  }
}

/** A GraphQL call that got no answer in time; its message is the spec's Timeout message. */
export class CallTimeoutError extends Error {
  constructor() {
    super(MESSAGES.timeout);
    this.name = 'CallTimeoutError';
  }
}

/**
 * When each active query last received a network result, keyed by operation name
 * and variables. Apollo has no "stale time", so this is what lets a window-focus or
 * back-online refetch skip data that is still fresh.
 */
const lastFetchedAt = new Map<string, number>();

function fetchKey(operationName: string | undefined, variables: unknown): string {
  return `${operationName ?? ''}:${JSON.stringify(variables ?? {})}`;
}

const freshnessLink = new ApolloLink((operation, forward) => {
  const key = fetchKey(operation.operationName, operation.variables);
  const isQuery = operation.operationType === OperationTypeNode.QUERY;
  return forward(operation).pipe(tap(() => isQuery && lastFetchedAt.set(key, Date.now())));
});

export function isFresh(operationName: string | undefined, variables: unknown, now = Date.now()): boolean {
  const at = lastFetchedAt.get(fetchKey(operationName, variables));
  return at !== undefined && now - at < DATA_FRESHNESS_MS;
}

/** Feature-Flag header (docs/product.md §Shell) on every HTTP request, read at request time. */
const featureFlagLink = new SetContextLink((prevContext) => {
  const flag = readFeatureFlag();
  if (!flag) return {};
  return { headers: { ...(prevContext.headers as Record<string, string> | undefined), 'Feature-Flag': flag } };
});

/**
 * Data calls are not retried (docs/product.md §Constants). The one exception is the session
 * check — the Viewer query — which is retried on network failure (docs/product.md §Sign-in).
 */
const sessionCheckRetryLink = new RetryLink({
  // docs/product.md §Sign-in: 3 retries, waiting 2000 ms, then 4000 ms, then 8000 ms.
  delay: { initial: SESSION_AUTH_RETRY_BASE_MS, max: SESSION_AUTH_RETRY_BASE_MS * 2 ** SESSION_AUTH_RETRIES, jitter: false },
  // GraphQL errors arrive as results, not link errors: only transport failures get here.
  attempts: (attempt, operation) => operation.operationName === 'Viewer' && attempt <= SESSION_AUTH_RETRIES,
});

/**
 * docs/product.md §API: every call over HTTP gives up after 30 s (or the operation's
 * `timeoutMs`), like the REST calls in `api.ts`. Each request, a retried one too, gets its own
 * signal; the HTTP link still aborts it when nobody listens any more. A timer and a controller
 * rather than `AbortSignal.timeout`: the timer is cleared as soon as the call ends, and it runs on
 * the page's clock, which tests can drive.
 */
const callTimeoutLink = new ApolloLink((operation, forward) =>
  defer(() => {
    const { fetchOptions, timeoutMs = DEFAULT_CALL_TIMEOUT_MS } = operation.getContext();
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new DOMException(MESSAGES.timeout, 'TimeoutError')), timeoutMs);
    operation.setContext({ fetchOptions: { ...(fetchOptions as RequestInit | undefined), signal: controller.signal } });
    return forward(operation).pipe(
      catchError((error: unknown) => throwError(() => (controller.signal.aborted ? new CallTimeoutError() : error))),
      finalize(() => clearTimeout(timer)),
    );
  }),
);

/**
 * Each app's WebSocket client (null until its first subscription loads it), so a sign-in or
 * sign-out can reconnect it with the new cookie.
 */
const realtimeClients = new WeakMap<ApolloClient, () => Client | null>();

/**
 * After signing in, out, or switching user (masquerade): reconnect the WebSocket (its session
 * is read once, from the upgrade request's cookie) and refetch everything for the new viewer.
 */
export async function refreshSession(client: ApolloClient): Promise<void> {
  realtimeClients.get(client)?.()?.terminate();
  await client.resetStore();
}

/**
 * Subscriptions go over the WebSocket link, loaded with graphql-ws on the first subscription
 * (`realtime.ts`): most first loads subscribe to nothing and should not download it.
 */
function lazyRealtimeLink(status: RealtimeStatusStore, opened: (client: Client) => void): ApolloLink {
  let loaded: Promise<ApolloLink> | null = null;
  const load = () =>
    import('./realtime').then(({ createRealtimeLink }) => {
      const realtime = createRealtimeLink(status);
      opened(realtime.client);
      return realtime.link;
    });
  return new ApolloLink((operation, forward) => {
    loaded ??= load().catch((error: unknown) => {
      loaded = null; // a chunk that failed to load (offline) is asked for again next time
      throw error;
    });
    return from(loaded).pipe(mergeMap((link) => link.request(operation, forward)));
  });
}

export function createApolloClient(): ApolloClient {
  const httpLink = new HttpLink({ uri: GRAPHQL_PATH, credentials: 'same-origin' });
  let realtime: Client | null = null;
  const realtimeStatus = new RealtimeStatusStore();
  const wsLink = lazyRealtimeLink(realtimeStatus, (opened) => {
    realtime = opened;
  });

  // While a page taken over from the server hydrates, queries answer from its cache (main.tsx,
  // `prioritizeCacheValues`). A write ends that at once, even if a part is still loading its code:
  // the queries it asks to refetch must go to the network, not be served the cache it just changed.
  const writeEndsCacheOnly = new ApolloLink((operation, forward) => {
    if (operation.operationType === OperationTypeNode.MUTATION) client.prioritizeCacheValues = false;
    return forward(operation);
  });

  const link = ApolloLink.split(
    (operation) => operation.operationType === OperationTypeNode.SUBSCRIPTION,
    wsLink,
    ApolloLink.from([writeEndsCacheOnly, freshnessLink, featureFlagLink, sessionCheckRetryLink, callTimeoutLink, httpLink]),
  );

  const stale = (query: { queryName?: string; variables: unknown }) => !isFresh(query.queryName, query.variables);

  const client = new ApolloClient({
    link,
    cache: new InMemoryCache({ typePolicies: CACHE_TYPE_POLICIES }),
    // Refetch active queries when the tab becomes visible again or the network comes
    // back, but only those whose data is older than 60 s.
    refetchEventManager: new RefetchEventManager({
      sources: { windowFocus: windowFocusSource, online: onlineSource },
      defaultHandler: ({ client, matchesRefetchOn }) =>
        client.refetchQueries({
          include: 'active',
          onQueryUpdated: (query) => matchesRefetchOn(query) && stale(query),
        }),
    }),
    defaultOptions: {
      // Cached data is served without a network round trip; refreshes happen on the
      // events above once it is stale.
      watchQuery: { fetchPolicy: 'cache-first', nextFetchPolicy: 'cache-first' },
      query: { fetchPolicy: 'cache-first' },
    },
  });
  realtimeClients.set(client, () => realtime);
  registerRealtimeStatus(client, realtimeStatus);
  return client;
}
