import { afterEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import { DeleteListDocument, NetworksDocument, ViewerDocument } from '@gql/graphql';
import { CallTimeoutError, createApolloClient, isFresh } from './apollo';
import { applyFeatureFlagQuery, FEATURE_FLAG_KEY } from './featureFlag';

const networksResult = {
  data: { __typename: 'Query', networks: [{ __typename: 'Network', id: 'TmV0d29yazoy', name: 'instagram', title: 'Instagram' }] },
};

function stubServer() {
  const fetchMock = vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(JSON.stringify(networksResult), { headers: { 'Content-Type': 'application/json' } }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function sentHeaders(init: RequestInit | undefined): Headers {
  return new Headers(init?.headers);
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Apollo client', () => {
  it('posts to /graphql with the session cookie and no Feature-Flag when none is stored', async () => {
    const fetchMock = stubServer();
    const client = createApolloClient();

    const { data } = await client.query({ query: NetworksDocument });

    expect(data?.networks.map((n) => n.title)).toEqual(['Instagram']);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(init?.credentials).toBe('same-origin');
    expect(sentHeaders(init).has('Feature-Flag')).toBe(false);
  });

  it('sends the stored feature flag as the Feature-Flag header on every request', async () => {
    const fetchMock = stubServer();
    window.localStorage.setItem(FEATURE_FLAG_KEY, 'new-search');
    const client = createApolloClient();

    await client.query({ query: NetworksDocument, fetchPolicy: 'network-only' });
    window.localStorage.setItem(FEATURE_FLAG_KEY, 'teams');
    await client.query({ query: NetworksDocument, fetchPolicy: 'network-only' });

    expect(fetchMock.mock.calls.map(([, init]) => sentHeaders(init).get('Feature-Flag'))).toEqual([
      'new-search',
      'teams',
    ]);
  });

  it('serves cached data without a new request and counts it fresh for 60 s', async () => {
    const fetchMock = stubServer();
    const client = createApolloClient();

    await client.query({ query: NetworksDocument });
    await client.query({ query: NetworksDocument });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(isFresh('Networks', {})).toBe(true);
    expect(isFresh('Networks', {}, Date.now() + 61_000)).toBe(false);
  });

  it('ends answering from the cache alone (a page still hydrating) at the first write', async () => {
    const fetchMock = stubServer();
    const client = createApolloClient();
    await client.query({ query: NetworksDocument });
    client.prioritizeCacheValues = true;

    await client.query({ query: NetworksDocument, fetchPolicy: 'network-only' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await client.mutate({ mutation: DeleteListDocument, variables: { input: { listId: 'TGlzdDox' } } }).catch(() => {});
    expect(client.prioritizeCacheValues).toBe(false);
    await client.query({ query: NetworksDocument, fetchPolicy: 'network-only' });
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('does not retry a failed data call', async () => {
    const fetchMock = vi.fn(async () => new Response('oops', { status: 500 }));
    vi.stubGlobal('fetch', fetchMock);
    const client = createApolloClient();

    await expect(client.query({ query: NetworksDocument })).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

/** A server that never answers: the request ends only when its signal aborts it. */
function stubSilentServer() {
  const fetchMock = vi.fn(
    (_url: RequestInfo | URL, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('call timeout', () => {
  it("gives up on a data call after 30 s with the spec's Timeout message", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = stubSilentServer();
    const client = createApolloClient();

    const settled = client.query({ query: NetworksDocument }).then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(29_999);
    const signal = fetchMock.mock.calls[0]?.[1]?.signal;
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await settled;
    expect(error).toBeInstanceOf(CallTimeoutError);
    expect((error as Error).message).toBe(MESSAGES.timeout);
    expect(signal?.aborted).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('lets an operation ask for a longer timeout through its context', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stubSilentServer();
    const client = createApolloClient();

    let outcome: unknown = 'pending';
    void client.query({ query: NetworksDocument, context: { timeoutMs: 60_000 } }).catch((error: unknown) => {
      outcome = error;
    });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(outcome).toBeInstanceOf(CallTimeoutError);
  });

  it('leaves an answered call alone', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    stubServer();
    const client = createApolloClient();

    const { data } = await client.query({ query: NetworksDocument });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(data?.networks).toHaveLength(1);
  });
});

describe('session check', () => {
  it('retries the Viewer query 3 times after 2, 4 and 8 seconds, then gives up', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const client = createApolloClient();

    const result = client.query({ query: ViewerDocument });
    const settled = result.then(
      () => 'resolved',
      () => 'rejected',
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1999);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(4000);
    expect(fetchMock).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(8000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(fetchMock).toHaveBeenCalledTimes(4);
    expect(await settled).toBe('rejected');
  });
});

describe('ff query flag', () => {
  it('stores a value, removes it when empty, and ignores pages without ff', () => {
    applyFeatureFlagQuery('?ff=beta-explore');
    expect(window.localStorage.getItem(FEATURE_FLAG_KEY)).toBe('beta-explore');

    applyFeatureFlagQuery('?tags=x');
    expect(window.localStorage.getItem(FEATURE_FLAG_KEY)).toBe('beta-explore');

    applyFeatureFlagQuery('?ff=');
    expect(window.localStorage.getItem(FEATURE_FLAG_KEY)).toBeNull();
  });
});
