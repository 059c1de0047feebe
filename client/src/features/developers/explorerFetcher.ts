import { createGraphiQLFetcher, type Fetcher } from '@graphiql/toolkit';
import { GRAPHQL_PATH, graphqlWebSocketUrl } from '@shell/graphqlEndpoint';

/**
 * The token as the server wants it: people paste it with surrounding spaces or with the
 * `Bearer ` prefix copied from our docs, and either would make the header invalid.
 */
export function normaliseToken(pasted: string): string {
  return pasted.trim().replace(/^Bearer\s+/i, '').trim();
}

interface ExplorerFetcherOptions {
  /** Read at each operation, so a token pasted after the page opened applies to the next run. */
  readToken: () => string;
  fetch?: typeof fetch;
  location?: Pick<Location, 'protocol' | 'host'>;
}

/**
 * GraphiQL's fetcher for Byline. Without a token an operation runs as the signed-in session
 * (the httpOnly cookie, sent because the request is same-origin). With a token it runs as an
 * integrator holding only that token would: `Authorization: Bearer …` and no cookies, so the
 * answer is exactly what the token may see (and a session refresh never rotates the cookie).
 *
 * Apollo's CSRF prevention is satisfied by the `Content-Type: application/json` the toolkit
 * sends with every POST (a browser cannot send that cross-site without a preflight).
 * Subscriptions go over graphql-ws on the same path; the token travels as `authToken`, the
 * connection parameter the server reads.
 */
// The browser's own fetch and location are read when an operation runs, not when the page is
// rendered: the page is also rendered on the server (client/src/ssr), which has no window.
export function createExplorerFetcher({ readToken, fetch: baseFetch = (input, init) => window.fetch(input, init), location }: ExplorerFetcherOptions): Fetcher {
  let current: { token: string; fetcher: Fetcher } | null = null;

  const fetcherFor = (token: string): Fetcher =>
    createGraphiQLFetcher({
      url: GRAPHQL_PATH,
      subscriptionUrl: graphqlWebSocketUrl(location ?? window.location),
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      wsConnectionParams: token ? { authToken: token } : {},
      fetch: (input, init) => baseFetch(input, { ...init, credentials: token ? 'omit' : 'same-origin' }),
      // The server answers plain JSON (no @defer/@stream), so the multipart reader has nothing to do.
      enableIncrementalDelivery: false,
    });

  return (params, options) => {
    const token = normaliseToken(readToken());
    // One toolkit fetcher per token: a subscription's WebSocket keeps the identity it opened with.
    if (current?.token !== token) current = { token, fetcher: fetcherFor(token) };
    return current.fetcher(params, options);
  };
}

/** The explorer's fetcher with the token it sends, changed as the person pastes or clears one. */
export interface ExplorerConnection {
  fetcher: Fetcher;
  setToken(pasted: string): void;
}

/**
 * One fetcher for the page's lifetime that reads the token when an operation runs: giving
 * GraphiQL a new fetcher on each keystroke would make it fetch the whole schema again.
 */
export function createExplorerConnection(options: Omit<ExplorerFetcherOptions, 'readToken'> = {}): ExplorerConnection {
  let token = '';
  return {
    fetcher: createExplorerFetcher({ ...options, readToken: () => token }),
    setToken(pasted) {
      token = pasted;
    },
  };
}
