import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viteIndexHtml, writeBuiltClient, type BuiltClientFolder } from '../test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';
import { ROUTE_PRELOADS_FILE } from './route-preloads.js';

// As Vite writes the built index.html: the shell's script and its own preloads in the head.
const INDEX_HTML = viteIndexHtml(['<script type="module" crossorigin src="/assets/index-a1.js"></script>', '<link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">']);

// What client/build/routePreloads.ts writes, best-ranked first, with the router's own expressions.
const TABLE = {
  routes: [
    { path: '/posts/:postRef', pattern: '^\\/posts\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/PostPage-c3.js', '/assets/PageFrame-d4.js'], styles: ['/assets/PostPage-e5.css'] },
    { path: '/settings', pattern: '^\\/settings\\/?$', flags: 'i', signedOut: false, scripts: ['/assets/SettingsPage-f6.js'], styles: [] },
    { path: '/signup', pattern: '^\\/signup\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/SignUpPage-g7.js'], styles: [] },
    { path: '/:username', pattern: '^\\/([^/]+)\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/ProfilePage-h8.js'], styles: [] },
    { path: '/', pattern: '^\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/HomePage-i9.js'], styles: [] },
    { path: '*', pattern: '^(?:\\/(.*))?\\/?$', flags: 'i', signedOut: true, scripts: ['/assets/NotFoundPage-j0.js'], styles: [] },
  ],
};

let database: TestDatabase;
let client: BuiltClientFolder;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({ 'index.html': INDEX_HTML, [ROUTE_PRELOADS_FILE]: JSON.stringify(TABLE) });
  server = await startTestServer(database.url, { clientDistDir: client.dir, env: 'production' });
});

afterAll(async () => {
  await server?.stop();
  await database?.drop();
  client?.remove();
});

async function page(pathname: string, cookie?: string) {
  const response = await fetch(`${server.url}${pathname}`, cookie ? { headers: { cookie } } : {});
  // Found or not (page-status.test.ts): the same page, with the route's preloads.
  expect([200, 404]).toContain(response.status);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const preloaded = [...head.matchAll(/<link rel="(modulepreload|preload)"(?: as="style")? crossorigin href="([^"]+)">/g)].map((link) => link[2]);
  return { response, html, head, preloaded };
}

describe('route preloads in the served page', () => {
  it("names the route's chunks and styles in the head, after the shell's own, and nothing else changes", async () => {
    const { html, head, preloaded } = await page('/posts/12');
    expect(preloaded).toEqual(['/assets/vendor-b2.js', '/assets/PostPage-c3.js', '/assets/PageFrame-d4.js', '/assets/PostPage-e5.css']);
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/PostPage-c3.js">');
    // The stylesheet is fetched early, not applied: the first paint does not wait for it.
    expect(head).toContain('<link rel="preload" as="style" crossorigin href="/assets/PostPage-e5.css">');
    expect(head.indexOf('PostPage-c3.js')).toBeGreaterThan(head.indexOf('/assets/index-a1.js'));
    expect(html.replace(/\s*<link rel="(modulepreload|preload)"[^>]*(PostPage|PageFrame)[^>]*>/g, '')).toBe(INDEX_HTML);
  });

  it('picks the route as the client router ranks them: fixed paths before /:username, unknown paths the not-found page', async () => {
    expect((await page('/signup')).preloaded).toContain('/assets/SignUpPage-g7.js');
    expect((await page('/signup')).preloaded).not.toContain('/assets/ProfilePage-h8.js');
    expect((await page('/nina.costa')).preloaded).toContain('/assets/ProfilePage-h8.js');
    expect((await page('/')).preloaded).toContain('/assets/HomePage-i9.js');
    expect((await page('/POSTS/12/')).preloaded).toContain('/assets/PostPage-c3.js');
    expect((await page('/a/b/c')).preloaded).toContain('/assets/NotFoundPage-j0.js');
  });

  it("names a members-only page's chunks only with a session cookie: signed out, the visitor is sent to sign up", async () => {
    const signedOut = await page('/settings');
    expect(signedOut.preloaded).toEqual(['/assets/vendor-b2.js']);
    expect(signedOut.response.headers.get('vary')).toMatch(/cookie/i);
    expect((await page('/settings', 'byline_session=some.jwt.value')).preloaded).toContain('/assets/SettingsPage-f6.js');
    expect((await page('/settings', 'byline_refresh=refresh-token')).preloaded).toContain('/assets/SettingsPage-f6.js');
    expect((await page('/settings', 'other=1')).preloaded).toEqual(['/assets/vendor-b2.js']);
  });

  it('keeps the content security policy: scripts from our origin only, and no inline script in the page', async () => {
    const { response, html } = await page('/posts/12');
    const policy = response.headers.get('content-security-policy') ?? '';
    const scriptSources = policy.split(';').find((directive) => directive.startsWith('script-src '));
    expect(scriptSources).toBe("script-src 'self'");
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((tag) => tag[0]);
    expect(scripts).toEqual(['<script type="module" crossorigin src="/assets/index-a1.js">']);
  });
});

describe('route preloads, without a table', () => {
  it('serves the page as built when the client has no route preload table', async () => {
    const bare = writeBuiltClient({ 'index.html': INDEX_HTML });
    const plain = await startTestServer(database.url, { clientDistDir: bare.dir, env: 'production' });
    try {
      const response = await fetch(`${plain.url}/posts/12`);
      expect(await response.text()).toBe(INDEX_HTML);
    } finally {
      await plain.stop();
      bare.remove();
    }
  });
});
