import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Fetcher } from '@graphiql/toolkit';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { createExplorerFetcher, normaliseToken } from './explorerFetcher';
import { STARTER_QUERY } from './starterQuery';

/**
 * GraphiQL's Monaco editor cannot run in jsdom (it draws on a canvas), so here a stand-in shows
 * the texts the page opens it on and runs an operation with the fetcher it is given, as
 * GraphiQL's run button does. The real editor runs in Chromium in e2e/api-explorer.test.ts.
 */
vi.mock('./ExplorerEditor', () => ({
  default: function FakeExplorerEditor({ fetcher, initialQuery, initialVariables }: { fetcher: Fetcher; initialQuery: string; initialVariables: string }) {
    const [result, setResult] = useState('');
    const run = async () => setResult(JSON.stringify(await fetcher({ query: '{ viewer { username } }' })));
    return (
      <div>
        <pre aria-label="Editor query">{initialQuery}</pre>
        <pre aria-label="Editor variables">{initialVariables}</pre>
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
  body: { query: string; operationName?: string | null; variables?: unknown };
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

const response = () => screen.getByRole('region', { name: 'Response' }).textContent;
const runButton = () => screen.getByRole('button', { name: 'Run' });

describe('API explorer page', () => {
  beforeEach(() => {
    recordFetches('token_owner');
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('runs the starter query from the light panel for a signed-out visitor, on /graphql as a JSON POST with no token', async () => {
    const user = userEvent.setup();
    renderApp('/developers/explorer', { Viewer: viewerAnswer(null) });

    expect(await screen.findByRole('heading', { level: 1, name: 'API explorer' })).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('You are signed out'));
    expect((screen.getByLabelText('Query') as HTMLTextAreaElement).value).toBe(STARTER_QUERY);
    await user.click(runButton());

    await waitFor(() => expect(response()).toContain('"username": "token_owner"'));
    expect(screen.getByText('Answered.')).toBeTruthy();
    expect(sent).toHaveLength(1);
    const [request] = sent;
    expect(request?.url).toBe('/graphql');
    expect(request?.body).toEqual({ query: STARTER_QUERY });
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

    // Ctrl-Enter in the query box runs it, as in GraphiQL.
    await user.click(screen.getByLabelText('Query'));
    await user.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(response()).toContain('token_owner'));
    expect(sent[0]?.headers.Authorization).toBe('Bearer byl_pat_secret123');
    expect(sent[0]?.credentials).toBe('omit');
    expect((screen.getByLabelText('Query') as HTMLTextAreaElement).value).toBe(STARTER_QUERY);

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await user.click(runButton());
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.headers).not.toHaveProperty('Authorization');
    expect(sent[1]?.credentials).toBe('same-origin');
  });

  it('sends the variables box as JSON, and sends nothing while it is not a JSON object', async () => {
    const user = userEvent.setup();
    const fakeFetch = recordFetches('janedoe');
    renderApp('/developers/explorer', { Viewer: viewerAnswer(null) });
    const query = 'query ($username: String!) { user(username: $username) { username } }';
    const variablesBox = await screen.findByLabelText('Variables (JSON, optional)');
    fireEvent.change(screen.getByLabelText('Query'), { target: { value: query } });

    fireEvent.change(variablesBox, { target: { value: '{username: "janedoe"}' } });
    await user.click(runButton());
    expect((await screen.findByRole('alert')).textContent).toMatch(/^The variables are not valid JSON \(.+\)\. Nothing was sent\.$/);
    expect(variablesBox.getAttribute('aria-invalid')).toBe('true');
    expect(variablesBox.getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);

    fireEvent.change(variablesBox, { target: { value: '["janedoe"]' } });
    await user.click(runButton());
    expect(screen.getByRole('alert').textContent).toBe('The variables must be a JSON object, such as {"username": "janedoe"}. Nothing was sent.');
    expect(fakeFetch).not.toHaveBeenCalled();

    fireEvent.change(variablesBox, { target: { value: '{"username": "janedoe"}' } });
    await user.click(runButton());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]?.body).toEqual({ query, variables: { username: 'janedoe' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(variablesBox.hasAttribute('aria-invalid')).toBe(false);
  });

  it('says so when the request fails, without an answer', async () => {
    const user = userEvent.setup();
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    renderApp('/developers/explorer', { Viewer: viewerAnswer(null) });

    await user.click(await screen.findByRole('button', { name: 'Run' }));
    expect(await screen.findByText('The request failed: Failed to fetch')).toBeTruthy();
    expect(response()).toBe('');
  });

  it('opens the full editor on request, on the panel\'s texts, with the same token rules', async () => {
    const user = userEvent.setup();
    renderApp('/developers/explorer', { Viewer: viewerAnswer(null) });
    const query = 'query ($username: String!) { user(username: $username) { username } }';
    fireEvent.change(await screen.findByLabelText('Query'), { target: { value: query } });
    fireEvent.change(screen.getByLabelText('Variables (JSON, optional)'), { target: { value: '{"username": "janedoe"}' } });
    await user.click(screen.getByLabelText('Personal access token (optional)'));
    await user.paste('byl_pat_secret123');

    await user.click(screen.getByRole('button', { name: 'Open the full editor (autocomplete, docs, history)' }));

    expect((await screen.findByLabelText('Editor query')).textContent).toBe(query);
    expect(screen.getByLabelText('Editor variables').textContent).toBe('{"username": "janedoe"}');
    // The light panel gives way to the editor, and keyboard focus goes where it appears.
    expect(screen.queryByLabelText('Query')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('region', { name: 'Full editor' }));
    await user.click(screen.getByRole('button', { name: 'Execute query' }));
    await waitFor(() => expect(screen.getByLabelText('Result').textContent).toContain('token_owner'));
    expect(sent[0]?.headers.Authorization).toBe('Bearer byl_pat_secret123');
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
