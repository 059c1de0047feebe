import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_CONFIG_ELEMENT_ID } from '../../domain/runtime-config.js';
import { writeBuiltClient, type BuiltClientFolder } from './test-support/built-client.js';
import { createTestDatabase, type TestDatabase } from './test-support/database.js';
import { startTestServer, type TestServer } from './test-support/test-server.js';

const INDEX_HTML = '<!doctype html>\n<html>\n  <head>\n    <title>Byline</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';
const DSN = 'https://publickey@errors.example.test/42';

let database: TestDatabase;
let client: BuiltClientFolder;
let development: TestServer;
let production: TestServer;
let productionWithoutDsn: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  client = writeBuiltClient({ 'index.html': INDEX_HTML });
  const clientDistDir = client.dir;
  [development, production, productionWithoutDsn] = await Promise.all([
    startTestServer(database.url, { clientDistDir, env: 'test', sentryBrowserDsn: DSN }),
    startTestServer(database.url, { clientDistDir, env: 'production', sentryBrowserDsn: DSN, logLevel: 'error' }),
    startTestServer(database.url, { clientDistDir, env: 'production', sentryBrowserDsn: null }),
  ]);
});

afterAll(async () => {
  await Promise.all([development?.stop(), production?.stop(), productionWithoutDsn?.stop()]);
  await database?.drop();
  client?.remove();
});

/** The page's run-time settings block, parsed, or null when the page has none. */
async function runtimeConfigOf(server: TestServer): Promise<{ config: unknown; csp: string }> {
  const response = await fetch(`${server.url}/explore`, { headers: { accept: 'text/html' } });
  expect(response.status).toBe(200);
  const html = await response.text();
  const block = html.match(new RegExp(`<script type="application/json" id="${RUNTIME_CONFIG_ELEMENT_ID}">(.*?)</script>`))?.[1];
  return { config: block ? (JSON.parse(block) as unknown) : null, csp: response.headers.get('content-security-policy') ?? '' };
}

describe('run-time settings in the page', () => {
  it('hands the browser its error-reporting DSN in production, and lets it reach that host', async () => {
    const { config, csp } = await runtimeConfigOf(production);
    expect(config).toEqual({ errorReporting: { dsn: DSN, environment: 'production' } });
    expect(csp).toMatch(/connect-src 'self' ws: wss: https:\/\/errors\.example\.test/);
  });

  it('leaves the page as built outside production or without a DSN', async () => {
    for (const server of [development, productionWithoutDsn]) {
      const { config, csp } = await runtimeConfigOf(server);
      expect(config).toBeNull();
      expect(csp).not.toContain('errors.example.test');
    }
  });
});
