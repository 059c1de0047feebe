import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fetcher } from '@graphiql/toolkit';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { createExplorerFetcher, normaliseToken } from './explorerFetcher';

/**
 * GraphiQL's Monaco editor cannot run in jsdom (it draws on a canvas), so here a stand-in
 * takes the fetcher the page gives GraphiQL and runs an operation with it as GraphiQL's run
 * button does. The real editor runs in Chromium in e2e/api-explorer.test.ts.
 */
vi.mock('./ExplorerEditor', () => ({
  default: function FakeExplorerEditor({ fetcher }: { fetcher: Fetcher }) {
    const [result, setResult] = useState('');
    const run = async () => setResult(JSON.stringify(await fetcher({ query: '{ viewer { username } }' })));
    return (
      <div>
        <button type="button" onClick={() => void run()}>
          Execute query
        </button>
        <pre aria-label="Result">{result}</pre>
      </div>
    );
  },
}));

/** One request the explorer made, as the browser would have sent it. */
interface SentRequest {
  url: string;
  headers: Record<string, string>;
  credentials: RequestCredentials | undefined;
  body: { query: string; operationName?: string | null };
}

let sent: SentRequest[];

function recordFetches(username: string | null = null) {
  sent = [];
  const fakeFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    sent.push({
      url: String(input),
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      credentials: init?.credentials,
      body: JSON.parse(String(init?.body)) as SentRequest['body'],
    });
    const viewer = username && { username };
    return new Response(JSON.stringify({ data: { viewer } }), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fakeFetch);
  return fakeFetch;
}

describe('API explorer page', () => {
  beforeEach(() => {
    recordFetches('token_owner');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('renders for a signed-out visitor and runs operations on /graphql as a JSON POST with no token', async () => {
    const user = userEvent.setup();
    renderApp('/developers/explorer', { Viewer: viewerAnswer(null) });

    expect(await screen.findByRole('heading', { level: 1, name: 'API explorer' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('You are signed out'));
    await user.click(await screen.findByRole('button', { name: 'Execute query' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    const [request] = sent;
    expect(request?.url).toBe('/graphql');
    // Apollo's CSRF prevention lets a JSON POST through; the session cookie (if any) goes with it.
    expect(request?.headers['content-type']).toBe('application/json');
    expect(request?.headers).not.toHaveProperty('Authorization');
    expect(request?.credentials).toBe('same-origin');
  });

  it('sends Authorization: Bearer and no cookies once a personal access token is pasted, and stops when it is cleared', async () => {
    const user = userEvent.setup();
    renderApp('/developers/explorer', { Viewer: viewerAnswer({ username: 'janedoe' }), NotificationCounts: notificationCountsAnswer(0) });

    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Operations run as you (@janedoe).'));
    await user.click(screen.getByLabelText('Personal access token (optional)'));
    // Pasted as copied from an Authorization header, with a stray space.
    await user.paste(' Bearer byl_pat_secret123 ');
    expect(screen.getByRole('status').textContent).toBe('Operations run with the personal access token above, without your session.');

    await user.click(await screen.findByRole('button', { name: 'Execute query' }));
    await waitFor(() => expect(screen.getByLabelText('Result').textContent).toContain('token_owner'));
    expect(sent[0]?.headers.Authorization).toBe('Bearer byl_pat_secret123');
    expect(sent[0]?.credentials).toBe('omit');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(screen.getByRole('button', { name: 'Execute query' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.headers).not.toHaveProperty('Authorization');
    expect(sent[1]?.credentials).toBe('same-origin');
  });
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
