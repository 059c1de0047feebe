// First: the token service's decorated classes need the metadata API before they load.
import 'reflect-metadata';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPersonalAccessToken } from '../server/src/modules/auth/index.js';
import { createUser } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { editorText, explorerResponse, lightResponse, openFullEditor, runExplorerQuery, runLightQuery } from './support/graphiql.js';
import { useBrowser, useTestApp } from './support/test-app.js';

/**
 * The API explorer in Chromium against the built app: reached from the footer, its light panel
 * runs queries and subscriptions against /graphql as the signed-in session, or as a pasted
 * personal access token, without loading GraphiQL; asked for, GraphiQL (with Monaco and its
 * workers, all served by the app under its own CSP) opens on the panel's texts and runs them.
 */

// GraphiQL's chunk and Monaco's workers are megabytes: give each poll time on a busy machine.
vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const VIEWER_QUERY = '{ viewer { username } }';

const app = useTestApp();
const browser = useBrowser({ name: 'desktop', width: 1280, height: 900 });

const openPages: Page[] = [];

afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
  await browser.context.clearCookies();
});

interface ExplorerPage {
  page: Page;
  /** Console errors and uncaught exceptions (a CSP refusal is logged as an error). */
  errors: string[];
  /** The operations the page sent to /graphql other than the schema's introspection. */
  operations: Request[];
  /** Addresses of the web workers the page started (Monaco's language services). */
  workers: string[];
  /** Console warnings: Monaco only warns when it cannot start a worker and falls back to the main thread. */
  warnings: string[];
  /** Addresses of every script the page fetched. */
  scripts: string[];
}

/** Opens the about page and follows the footer's Developers link to the explorer. */
async function openExplorerFromFooter(): Promise<ExplorerPage> {
  const page = await browser.context.newPage();
  openPages.push(page);
  const opened: ExplorerPage = { page, errors: [], operations: [], workers: [], warnings: [], scripts: [] };
  page.on('console', (message) => {
    if (message.type() === 'error') opened.errors.push(message.text());
    if (message.type() === 'warning') opened.warnings.push(message.text());
  });
  page.on('worker', (worker) => opened.workers.push(worker.url()));
  page.on('pageerror', (error) => opened.errors.push(error.message));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') opened.scripts.push(request.url());
    if (new URL(request.url()).pathname !== '/graphql' || request.method() !== 'POST') return;
    const body = request.postDataJSON() as { query?: string } | null;
    if (body?.query === VIEWER_QUERY) opened.operations.push(request);
  });
  await page.goto(`${app.url}/about`);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Developers' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/developers/explorer');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('API explorer');
  return opened;
}

/** GraphiQL's and Monaco's files: the page must not fetch them before the full editor is asked for. */
const EDITOR_FILE = /\/assets\/(ExplorerEditor|monaco-editor|mouseTarget|[a-z]+\.worker)-/;

describe('API explorer', () => {
  it('opens from the footer and runs a query from its light panel as the signed-in session, without loading GraphiQL', async () => {
    const user = await createUser(app.orm.em.fork(), { username: 'explorer_session' });
    await app.signIn(browser, user);
    const { page, errors, operations, scripts, workers } = await openExplorerFromFooter();

    await expect.poll(() => page.getByRole('status').innerText()).toBe('Operations run as you (@explorer_session).');
    await runLightQuery(page, VIEWER_QUERY);

    await expect.poll(() => lightResponse(page)).toContain('"username": "explorer_session"');
    const [sent] = operations;
    expect(sent?.headers()['content-type']).toBe('application/json');
    expect(sent?.headers()).not.toHaveProperty('authorization');
    expect(scripts.filter((url) => EDITOR_FILE.test(url))).toEqual([]);
    expect(workers).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-explorer-light-1280.png') });
    expect(errors).toEqual([]);
  });

  it('runs a query as the owner of a pasted personal access token', async () => {
    const owner = await createUser(app.orm.em.fork(), { username: 'explorer_token_owner' });
    const { token } = await createPersonalAccessToken(app.orm.em.fork(), owner.id, { name: 'Explorer test', expiresInDays: 1, scope: 'read_write' });
    const { page, errors, operations } = await openExplorerFromFooter();

    // A visitor's page comes rendered by the server, the light panel with it (its controls disabled until hydrated).
    const served = await (await fetch(`${app.url}/developers/explorer`, { headers: { accept: 'text/html' } })).text();
    expect(served).toMatch(/<fieldset class="controls-when-ready" disabled="">[\s\S]*<textarea[^>]*># Byline&#x27;s GraphQL API\. Press Run/);

    await expect.poll(() => page.getByRole('status').innerText()).toContain('You are signed out');
    await runLightQuery(page, VIEWER_QUERY);
    await expect.poll(() => lightResponse(page)).toContain('"viewer": null');

    await page.getByLabel('Personal access token (optional)').fill(token);
    // Ctrl-Enter in the query box runs it again, now with the token.
    await page.getByLabel('Query', { exact: true }).press('Control+Enter');

    await expect.poll(() => lightResponse(page)).toContain('"username": "explorer_token_owner"');
    expect(operations.map((request) => request.headers().authorization)).toEqual([undefined, `Bearer ${token}`]);
    expect(errors).toEqual([]);
  });

  it('runs a subscription from the light panel over the WebSocket as the owner of a pasted token, until stopped', async () => {
    const owner = await createUser(app.orm.em.fork(), { username: 'explorer_live_light' });
    const { token } = await createPersonalAccessToken(app.orm.em.fork(), owner.id, { name: 'Explorer light live test', expiresInDays: 1, scope: 'read_write' });
    const { page, errors } = await openExplorerFromFooter();
    const sentOverSocket: string[] = [];
    page.on('websocket', (socket) => socket.on('framesent', (frame) => sentOverSocket.push(String(frame.payload))));

    await page.getByLabel('Personal access token (optional)').fill(token);
    // Only a signed-in viewer has a count: the server sends the current one at once.
    await runLightQuery(page, 'subscription { notificationCounts { new } }');

    await expect.poll(() => lightResponse(page)).toContain('"new": 0');
    await page.getByRole('button', { name: 'Stop', exact: true }).click();
    await expect.poll(() => sentOverSocket.some((payload) => payload.includes('"type":"complete"'))).toBe(true);
    expect(sentOverSocket.some((payload) => payload.includes(token))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('opens the full editor on the light panel\'s query and variables, and runs them in GraphiQL', async () => {
    const user = await createUser(app.orm.em.fork(), { username: 'explorer_editor' });
    await app.signIn(browser, user);
    const { page, errors, scripts, workers, warnings } = await openExplorerFromFooter();
    const query = 'query Who($username: String!) { user(username: $username) { username } }';
    const variables = '{ "username": "explorer_editor" }';
    const queryBox = page.getByLabel('Query', { exact: true });
    await expect.poll(() => queryBox.isEnabled()).toBe(true);
    await queryBox.fill(query);
    await page.getByLabel('Variables (JSON, optional)').fill(variables);

    await openFullEditor(page);

    await expect.poll(() => editorText(page, '.graphiql-query-editor')).toBe(query);
    await expect.poll(() => editorText(page, '.graphiql-editor-tool[aria-label="Variables"] .graphiql-editor:not(.hidden)')).toBe(variables);
    await page.getByRole('button', { name: /^Execute query/ }).click();
    await expect.poll(() => explorerResponse(page)).toContain('"username": "explorer_editor"');
    expect(scripts.some((url) => url.includes('/assets/ExplorerEditor-'))).toBe(true);

    // Monaco's GraphQL worker started from our own files under the app's CSP (no blob:, no eval).
    await expect.poll(() => workers.some((url) => url.includes('/assets/graphql.worker'))).toBe(true);
    expect(workers.every((url) => url.startsWith(`${app.url}/assets/`))).toBe(true);
    expect(warnings.filter((text) => /web worker/i.test(text))).toEqual([]);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'api-explorer-1280.png') });
    expect(errors).toEqual([]);
  });

  it('runs a subscription in the full editor over the WebSocket as the owner of a pasted token', async () => {
    const owner = await createUser(app.orm.em.fork(), { username: 'explorer_live' });
    const { token } = await createPersonalAccessToken(app.orm.em.fork(), owner.id, { name: 'Explorer live test', expiresInDays: 1, scope: 'read_write' });
    const { page, errors } = await openExplorerFromFooter();

    await page.getByLabel('Personal access token (optional)').fill(token);
    await openFullEditor(page);
    await runExplorerQuery(page, 'subscription { notificationCounts { new } }');

    await expect.poll(() => explorerResponse(page)).toContain('"new": 0');
    expect(errors).toEqual([]);
  });
});
