import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationCountsAnswer, viewerAnswer } from '../../test/fakeGraphQL';
import { renderApp } from '../../test/renderApp';
import { createExplorerFetcher, normaliseToken } from './explorerFetcher';

/** One request the explorer made to /graphql, as the browser would have sent it. */
interface SentRequest {
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: { query: string; operationName?: string | null };
}

let sent: SentRequest[];

function recordFetches() {
  sent = [];
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      credentials: init?.credentials,
      body: JSON.parse(String(init?.body)) as SentRequest['body'],
    });
    return new Response(JSON.stringify({ data: { viewer: null } }), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fakeFetch);
  return fakeFetch;
}

const introspections = () => sent.filter((request) => request.body.query.includes('__schema'));

// GraphiQL and Monaco load in their own chunk; the first load in jsdom takes a few seconds.
const EDITOR_LOADED = { timeout: 20_000 };

describe('API explorer page', () => {
  beforeEach(() => {
    recordFetches();
    // jsdom has no matchMedia; GraphiQL asks it for the system theme even when one is forced.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }));
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders GraphiQL for a signed-out visitor and reads the schema from /graphql as a JSON POST with no token', async () => {
    renderApp('/developers/explorer', { Viewer: viewerAnswer(null) });

    expect(await screen.findByRole('heading', { level: 1, name: 'API explorer' })).toBeTruthy();
    expect(await screen.findByRole('button', { name: /Execute query/ }, EDITOR_LOADED)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('You are signed out');

    await waitFor(() => expect(introspections()).toHaveLength(1), EDITOR_LOADED);
    const [schemaRequest] = introspections();
    expect(schemaRequest?.url).toBe('/graphql');
    // Apollo's CSRF prevention lets a JSON POST through; the session cookie goes with it.
    expect(schemaRequest?.headers['content-type']).toBe('application/json');
    expect(schemaRequest?.headers).not.toHaveProperty('Authorization');
    expect(schemaRequest?.credentials).toBe('same-origin');
  }, 30_000);

  it('sends Authorization: Bearer and no cookies once a personal access token is pasted', async () => {
    const user = userEvent.setup();
    renderApp('/developers/explorer', { Viewer: viewerAnswer({ username: 'janedoe' }), NotificationCounts: notificationCountsAnswer(0) });

    const refetchSchema = await screen.findByRole('button', { name: /Re-fetch GraphQL schema/ }, EDITOR_LOADED);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Operations run as you (@janedoe).'));
    await waitFor(() => expect(introspections()).toHaveLength(1), EDITOR_LOADED);

    await user.click(screen.getByLabelText('Personal access token (optional)'));
    // Pasted as copied from an Authorization header, with a stray space.
    await user.paste(' Bearer byl_pat_secret123 ');
    expect(screen.getByRole('status').textContent).toBe('Operations run with the personal access token above, without your session.');

    await user.click(refetchSchema);
    await waitFor(() => expect(introspections()).toHaveLength(2));
    const withToken = introspections()[1];
    expect(withToken?.headers.Authorization).toBe('Bearer byl_pat_secret123');
    expect(withToken?.credentials).toBe('omit');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(refetchSchema);
    await waitFor(() => expect(introspections()).toHaveLength(3));
    expect(introspections()[2]?.headers).not.toHaveProperty('Authorization');
    expect(introspections()[2]?.credentials).toBe('same-origin');
  }, 30_000);
});

describe('explorer fetcher', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs an operation with the token read at that moment', async () => {
    const fakeFetch = recordFetches();
    let token = '';
    const fetcher = createExplorerFetcher({ readToken: () => token, fetch: fakeFetch, location: { protocol: 'http:', host: 'localhost' } });

    await fetcher({ query: '{ viewer { username } }' });
    token = 'byl_pat_later';
    await fetcher({ query: '{ viewer { username } }' });

    expect(sent.map((request) => [request.headers.Authorization, request.credentials])).toEqual([
      [undefined, 'same-origin'],
      ['Bearer byl_pat_later', 'omit'],
    ]);
    expect(sent.every((request) => request.headers['content-type'] === 'application/json')).toBe(true);
  });

  it.each([
    ['  byl_pat_abc  ', 'byl_pat_abc'],
    ['Bearer byl_pat_abc', 'byl_pat_abc'],
    ['bearer   byl_pat_abc', 'byl_pat_abc'],
    ['', ''],
  ])('reads %j as %j', (pasted, token) => {
    expect(normaliseToken(pasted)).toBe(token);
  });
});
