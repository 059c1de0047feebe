import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeBuiltClient, type BuiltClientFolder } from './test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from './test-support/database.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const INDEX_HTML = '<!doctype html>\n<html>\n  <head>\n    <title>Byline</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

let database: TestDatabase;
let client: BuiltClientFolder;
let development: TestServer;
let production: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({ 'index.html': INDEX_HTML, 'assets/app-abc123.js': 'console.log("app")' });
  const clientDistDir = client.dir;
  [development, production] = await Promise.all([
    startTestServer(database.url, { clientDistDir, env: 'test' }),
    startTestServer(database.url, { clientDistDir, env: 'production', recaptchaSiteKey: 'site-key', recaptchaSecret: 'secret' }),
  ]);
});

afterAll(async () => {
  await Promise.all([development?.stop(), production?.stop()]);
  await database?.drop();
  client?.remove();
});

describe('page head: robots', () => {
  it('asks search engines not to index the app outside production, in the page and in a header', async () => {
    for (const pathname of ['/', '/explore', '/janedoe']) {
      const response = await fetch(`${development.url}${pathname}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('x-robots-tag')).toBe('noindex');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      expect(html).toContain('<meta name="robots" content="noindex" />');
      // The tag sits in the head, and the rest of the page is untouched.
      expect(html.indexOf('name="robots"')).toBeLessThan(html.indexOf('</head>'));
      expect(html.replace(/\s*<meta name="robots" content="noindex" \/>/, '')).toBe(INDEX_HTML);
    }
    const asset = await fetch(`${development.url}/assets/app-abc123.js`);
    expect(asset.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('lets production pages be indexed', async () => {
    const response = await fetch(`${production.url}/explore`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-robots-tag')).toBeNull();
    expect(await response.text()).toBe(INDEX_HTML);
  });

  it('leaves the API alone', async () => {
    const response = await fetch(`${development.url}/api/health`);
    expect(response.headers.get('x-robots-tag')).toBeNull();
  });
});

describe('content security policy', () => {
  it("allows reCAPTCHA's script and frame only when a captcha is configured", async () => {
    const withCaptcha = (await fetch(`${production.url}/`)).headers.get('content-security-policy') ?? '';
    expect(withCaptcha).toMatch(/script-src 'self' https:\/\/www\.google\.com https:\/\/www\.gstatic\.com/);
    expect(withCaptcha).toMatch(/frame-src 'self' https:\/\/www\.google\.com/);
    const without = (await fetch(`${development.url}/`)).headers.get('content-security-policy') ?? '';
    expect(without).toMatch(/script-src 'self'(;|$)/);
    expect(without).not.toContain('google.com');
  });
});
