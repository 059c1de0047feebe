import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.js';
import { viteIndexHtml, writeBuiltClient, type BuiltClientFolder } from '../test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { createUser } from '../test-support/factories.js';
import { REFRESH_COOKIE } from './session-cookie-names.js';
import { signSessionToken, openSession, revokeSession } from '../modules/auth/index.js';
import { SESSION_COOKIE } from './session-cookie-names.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { ROUTE_PRELOADS_FILE } from './route-preloads.js';
import { pageRenderer, withRenderedRoot } from './server-render.js';

// As Vite writes the built index.html: the shell's script and stylesheet in the head.
const INDEX_HTML = viteIndexHtml(['<script type="module" crossorigin src="/assets/index-a1.js"></script>', '<link rel="stylesheet" crossorigin href="/assets/index-b2.css">']);

const TABLE = {
  routes: [
    { path: '/about', pattern: '^\\/about\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/AboutPage-c3.js'], styles: ['/assets/AboutPage-d4.css'] },
    { path: '/settings', pattern: '^\\/settings\\/?$', flags: 'i', signedOut: false, scripts: ['/assets/SettingsPage-e5.js'], styles: [] },
    { path: '*', pattern: '^(?:\\/(.*))?\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/NotFoundPage-f6.js'], styles: [] },
  ],
};

/**
 * A stand-in for the client's SSR build (client/src/ssr/renderPage.tsx): it asks the server's
 * executor who the viewer is, so the tests see the real GraphQL path and the visitor's context.
 */
const RENDER_ENTRY = `
export async function renderPage(url, execute, signal) {
  if (url.startsWith('/broken')) throw new Error('this page does not render');
  if (url.startsWith('/slow')) await new Promise((resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  if (url.startsWith('/held')) await globalThis.bylineHeldRender;
  const result = await execute({ query: 'query Probe { viewer { id } }', variables: {} });
  return { html: '<p>rendered ' + url + ' for ' + JSON.stringify(result.data) + '</p>', stateScript: '<script type="application/json" id="byline-server-state">{}</script>' };
}
`;

let database: TestDatabase;
let client: BuiltClientFolder;
let server: TestServer;
const renderEntry = () => path.join(client.dir, 'ssr', 'renderPage.js');

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({
    'index.html': INDEX_HTML,
    [ROUTE_PRELOADS_FILE]: JSON.stringify(TABLE),
    'assets/index-b2.css': `body{margin:0}${'.filler{color:red}'.repeat(80)}`,
    'assets/AboutPage-d4.css': '.about{padding:1rem}',
    'ssr/renderPage.js': RENDER_ENTRY,
  });
  server = await startTestServer(database.url, { clientDistDir: client.dir, serverRenderEntry: renderEntry(), env: 'production' });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  client?.remove();
});

/** A signed-in user's cookies: live, and with the access cookie expired (only the refresh cookie can vouch). */
async function signedIn() {
  const user = await createUser(server.orm.em.fork());
  const { accessToken, refreshToken, session } = await openSession(server.orm.em.fork(), server.config, { userId: user.id, userAgent: 'test' });
  const expired = signSessionToken({ userId: user.id, masqueradingAdminId: null, sessionId: session.id }, server.config.jwtSecret, -10);
  return {
    user: { globalId: await viewerIdOf(`${SESSION_COOKIE}=${accessToken}`) },
    session,
    refreshToken,
    bearer: accessToken,
    cookie: `${SESSION_COOKIE}=${accessToken}; ${REFRESH_COOKIE}=${refreshToken}`,
    expiredCookie: `${SESSION_COOKIE}=${expired}; ${REFRESH_COOKIE}=${refreshToken}`,
  };
}

/** The viewer's id as GraphQL gives it (a global id), asked the way the browser would. */
async function viewerIdOf(cookie: string): Promise<string> {
  const response = await fetch(`${server.url}/graphql`, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', 'apollo-require-preflight': 'true' },
    body: JSON.stringify({ query: '{ viewer { id } }' }),
  });
  const body = (await response.json()) as { data: { viewer: { id: string } } };
  return body.data.viewer.id;
}

async function page(pathname: string, headers: Record<string, string> = {}, status = 200) {
  const response = await fetch(`${server.url}${pathname}`, { headers: { accept: 'text/html', ...headers } });
  expect(response.status).toBe(status);
  const html = await response.text();
  return { response, html, root: html.slice(html.indexOf('<div id="root">'), html.indexOf('</body>')) };
}

describe('server rendering of public pages', () => {
  it("puts a signed-out visitor's page in #root, rendered with the server's own executor, with its data block and its styles inline", async () => {
    const { html, root } = await page('/about');
    expect(root).toContain('<p>rendered /about for {"viewer":null}</p>');
    expect(root).toContain('<script type="application/json" id="byline-server-state">{}</script>');
    // Painted without waiting for stylesheets: the shell's and the route's CSS are in the page.
    expect(html).toContain('<style data-href="/assets/index-b2.css">body{margin:0}');
    expect(html).toContain('<style data-href="/assets/AboutPage-d4.css">.about{padding:1rem}</style>');
    expect(html).not.toContain('rel="stylesheet"');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/AboutPage-c3.js">');
  });

  it('keeps the query string the visitor asked for', async () => {
    expect((await page('/about?tab=team')).root).toContain('rendered /about?tab=team');
  });

  it("leaves a members-only page to the browser for a visitor without a session (it sends them to sign up)", async () => {
    const { html, root, response } = await page('/settings');
    expect(root).toBe('<div id="root"></div>\n  ');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-b2.css">');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('renders any page for someone signed in as them, and tells shared caches to keep none of it', async () => {
    const { user, cookie } = await signedIn();
    for (const pathname of ['/settings', '/about']) {
      const { root, response } = await page(pathname, { cookie });
      expect(root).toContain(`<p>rendered ${pathname} for {"viewer":{"id":"${user.globalId}"}}</p>`);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(response.headers.get('vary')).toMatch(/Cookie/);
    }
  });

  it('renders a page as a visitor for a request with a token but no session cookie: a page is for a browser', async () => {
    const { bearer } = await signedIn();
    const { root, response } = await page('/about', { authorization: `Bearer ${bearer}` });
    expect(root).toContain('{"viewer":null}');
    expect(response.headers.get('cache-control')).toBe('no-cache');
  });

  it('renews an expired access cookie from the refresh cookie and renders the page as its owner', async () => {
    const { user, refreshToken, expiredCookie } = await signedIn();
    const { root, response } = await page('/settings', { cookie: expiredCookie });
    expect(root).toContain(`{"viewer":{"id":"${user.globalId}"}}`);
    const renewed = response.headers.getSetCookie().find((header) => header.startsWith(`${SESSION_COOKIE}=`));
    expect(renewed).toMatch(/HttpOnly/i);
    // The refresh token itself is not rotated by a page: only the short-lived cookie is set.
    expect(response.headers.getSetCookie().some((header) => header.startsWith(`${REFRESH_COOKIE}=${refreshToken}`))).toBe(false);
  });

  it('renders as a visitor, and clears the cookies, when the session has been revoked', async () => {
    const { session, expiredCookie } = await signedIn();
    await revokeSession(server.orm.em.fork(), session.id);
    const { root, response } = await page('/settings', { cookie: expiredCookie });
    expect(root).toContain('{"viewer":null}');
    expect(response.headers.getSetCookie().some((header) => header.startsWith(`${REFRESH_COOKIE}=;`))).toBe(true);
  });

  it('renders only for a request that asks for a page (not a missing picture)', async () => {
    const response = await fetch(`${server.url}/favicon.ico`, { headers: { accept: 'image/avif,image/webp,*/*' } });
    const html = await response.text();
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('byline-server-state');
  });

  it('serves the plain page when the render fails', async () => {
    // No one is called broken-link: the plain page answers 404 (page-status.test.ts).
    const { html, root } = await page('/broken-link', {}, 404);
    expect(root).toBe('<div id="root"></div>\n  ');
    expect(html).not.toContain('this page does not render');
  });

  it('compresses the page for a browser that accepts it', async () => {
    const raw = await fetch(`${server.url}/about`, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
    expect(raw.headers.get('content-encoding')).toBe('br');
    expect(raw.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(await raw.text()).toContain('<p>rendered /about');
    const gzipped = await fetch(`${server.url}/about`, { headers: { accept: 'text/html', 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    const any = await fetch(`${server.url}/about`, { headers: { accept: 'text/html', 'accept-encoding': '*, br;q=0' } });
    expect(any.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${server.url}/about`, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(await plain.text()).toContain('<p>rendered /about');
  });
});

describe('pageRenderer', () => {
  const execute = async () => ({ data: { viewer: null } });
  const logger = createLogger('silent');

  it('gives up a render that takes longer than its time', async () => {
    const renderer = pageRenderer(renderEntry(), logger, { timeoutMs: 20, maxConcurrent: 4 });
    expect(await renderer.render('/slow', execute)).toBeNull();
  });

  it('renders nothing beyond its limit at once, and renders again when a render ends', async () => {
    let release!: () => void;
    (globalThis as { bylineHeldRender?: Promise<void> }).bylineHeldRender = new Promise<void>((resolve) => (release = resolve));
    const renderer = pageRenderer(renderEntry(), logger, { timeoutMs: 60_000, maxConcurrent: 1 });
    const held = renderer.render('/held', execute);
    expect(await renderer.render('/about', execute)).toBeNull();
    release();
    expect((await held)?.html).toContain('rendered /held');
    expect((await renderer.render('/about', execute))?.html).toContain('rendered /about');
  });

  it('renders nothing without a build, or when turned off', async () => {
    const options = { timeoutMs: 60_000, maxConcurrent: 4 };
    expect(await pageRenderer(null, logger, options).render('/about', execute)).toBeNull();
    expect(await pageRenderer(path.join(client.dir, 'missing.js'), logger, options).render('/about', execute)).toBeNull();
    // SERVER_RENDERS_AT_ONCE=0 turns server rendering off.
    expect(await pageRenderer(renderEntry(), logger, { ...options, maxConcurrent: 0 }).render('/about', execute)).toBeNull();
  });

  it('puts the markup in #root whatever it contains', () => {
    const rendered = withRenderedRoot('<body><div id="root"></div></body>', { html: '<p>$& and $1</p>', stateScript: '<script type="application/json" id="s">{}</script>' });
    expect(rendered).toBe('<body><div id="root"><p>$& and $1</p></div>\n    <script type="application/json" id="s">{}</script></body>');
  });
});
