import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { createSession, createUser } from '../test-support/factories.js';
import { freePort } from '../test-support/free-port.js';
import { startTestServer, useTestServer, type TestServer } from '../test-support/test-server.js';
import { nextMessage, openTestSocket, upgradeStatus, type TestSocket } from './websocket.test-support.js';

const port = await freePort();
const ownOrigin = `http://localhost:${port}`;
const mobileOrigin = 'capacitor://localhost';
const env = useTestServer({ port, publicUrl: ownOrigin, wsAllowedOrigins: [mobileOrigin] });

const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.client.dispose();
});

async function signedIn() {
  const user = await createUser(env.server.orm.em.fork());
  return createSession(env.server.orm.em.fork(), env.server.config, user.id);
}

/** The first answer to the viewer's notification count over a socket opened with `options`. */
async function notificationCountOver(options: Parameters<typeof openTestSocket>[1]) {
  const socket = openTestSocket(env.server.url, options);
  sockets.push(socket);
  return nextMessage(socket.operation('subscription { notificationCounts { new } }'));
}

describe('WebSocket upgrades and their Origin', () => {
  it("refuses a page of another origin of the same site, even with the user's cookie", async () => {
    const { cookie } = await signedIn();
    // Another port and a sibling subdomain: same site for the browser, so SameSite cookies go along.
    for (const origin of [`http://localhost:${port + 1}`, 'http://evil.localhost', `https://localhost:${port}`, 'null']) {
      expect(await upgradeStatus(env.server.url, { origin, cookie }), origin).toBe(403);
    }
  });

  it('lets the app itself and the configured mobile origin in, signed in by the cookie', async () => {
    const { cookie } = await signedIn();
    expect(await notificationCountOver({ origin: ownOrigin, cookie })).toEqual({ data: { notificationCounts: { new: 0 } } });
    expect(await notificationCountOver({ origin: mobileOrigin, cookie })).toEqual({ data: { notificationCounts: { new: 0 } } });
  });

  it('lets the page in whatever address it was opened at, its Origin being the Host it asked', async () => {
    const { cookie } = await signedIn();
    // Opened at http://127.0.0.1:PORT (or a LAN address) rather than PUBLIC_URL's localhost.
    const opened = `http://127.0.0.1:${port}`;
    const socket = openTestSocket(opened, { origin: opened, cookie });
    sockets.push(socket);
    expect(await nextMessage(socket.operation('subscription { notificationCounts { new } }'))).toEqual({ data: { notificationCounts: { new: 0 } } });
    // Another origin is still refused, the same host on another scheme too.
    for (const origin of [`http://evil.example:${port}`, `https://127.0.0.1:${port}`, ownOrigin.replace('localhost', '127.0.0.2')]) {
      expect(await upgradeStatus(opened, { origin, cookie }), origin).toBe(403);
    }
  });

  it('lets a client without Origin in, signed in by its connection token but never by cookies', async () => {
    const { cookie, accessToken } = await signedIn();
    const byCookie = await notificationCountOver({ cookie });
    expect(byCookie).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
    expect(await notificationCountOver({ authToken: accessToken })).toEqual({ data: { notificationCounts: { new: 0 } } });
  });
});

describe('a page opened at one of two host names that PUBLIC_URL does not name', () => {
  // A second process on the same database (as behind a balancer), published elsewhere: only the
  // page's own origin, its Host, can let these sockets in.
  let published: TestServer;
  let address: string;
  beforeAll(async () => {
    published = await startTestServer(env.database.url, { port: 0, publicUrl: 'https://byline.example' });
    address = `http://127.0.0.1:${new URL(published.url).port}`;
  });
  afterAll(() => published?.stop());

  for (const hostName of ['127.0.0.1', 'localhost']) {
    it(`lets the page at ${hostName} in by its own origin, and refuses other origins`, async () => {
      const user = await createUser(published.orm.em.fork());
      const { cookie } = await createSession(published.orm.em.fork(), published.config, user.id);
      const host = `${hostName}:${new URL(published.url).port}`;
      const own = `http://${host}`;
      const socket = openTestSocket(address, { origin: own, cookie, headers: { host } });
      sockets.push(socket);
      expect(await nextMessage(socket.operation('subscription { notificationCounts { new } }'))).toEqual({ data: { notificationCounts: { new: 0 } } });
      // A foreign page, and the other host name's page: neither is this Host's origin nor PUBLIC_URL's.
      const otherName = own.replace(hostName, hostName === 'localhost' ? '127.0.0.1' : 'localhost');
      for (const origin of ['http://evil.example', `http://evil.example:${new URL(published.url).port}`, otherName]) {
        expect(await upgradeStatus(address, { origin, cookie, host }), origin).toBe(403);
      }
    });
  }
});

describe('WS_ALLOWED_ORIGINS', () => {
  const base = { NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) };

  it('is read as a list of origins, written as browsers send them', () => {
    const config = loadConfig({ ...base, WS_ALLOWED_ORIGINS: ' capacitor://localhost, HTTPS://App.Example.com:443/ ' });
    expect(config.wsAllowedOrigins).toEqual(['capacitor://localhost', 'https://app.example.com']);
    expect(loadConfig(base).wsAllowedOrigins).toEqual([]);
  });

  it('names the variable when an entry is not an origin', () => {
    for (const value of ['*', 'https://app.example.com/path', 'app.example.com']) {
      expect(() => loadConfig({ ...base, WS_ALLOWED_ORIGINS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, WS_ALLOWED_ORIGINS: value }), value).toThrow(/WS_ALLOWED_ORIGINS/);
    }
  });
});
