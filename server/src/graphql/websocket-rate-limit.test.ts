import { afterEach, expect, it } from 'vitest';
import { useTestServer } from '../test-support/test-server.js';
import { nextMessage, openTestSocket, type TestSocket } from './websocket.test-support.js';

const LIMIT = 3;
// Behind a proxy on loopback, so tests can speak for several clients through X-Forwarded-For.
const env = useTestServer({ rateLimitPerMinute: LIMIT, trustProxy: ['127.0.0.1', '::1'] });

const sockets: TestSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) await socket.client.dispose();
});

const countSubscription = 'subscription { notificationCounts { new } }';

/** POST /graphql as a client behind the (trusted, loopback) proxy that names `ip`. */
function httpRequestFrom(ip: string) {
  return fetch(`${env.server.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
    body: JSON.stringify({ query: '{ networks { id } }' }),
  });
}

it("counts every subscribe message against the client IP's limit, the one HTTP requests count against", async () => {
  const ip = '203.0.113.7';
  const socket = openTestSocket(env.server.url, { headers: { 'x-forwarded-for': ip } });
  sockets.push(socket);
  for (let i = 0; i < LIMIT; i++) {
    // Signed out: each is refused at once, but it still counts.
    expect(await nextMessage(socket.operation(countSubscription))).toMatchObject({ errors: [{ extensions: { code: 'UNAUTHENTICATED' } }] });
  }
  expect(await nextMessage(socket.operation(countSubscription))).toEqual({
    errors: [{ message: 'Too many requests. Please wait a moment and try again.', extensions: { code: 'RATE_LIMITED', status: 429 } }],
  });
  // One budget per IP across both transports; other clients keep theirs.
  expect((await httpRequestFrom(ip)).status).toBe(429);
  expect((await httpRequestFrom('203.0.113.8')).status).toBe(200);
});

it('lets HTTP requests use up the budget of the same client on the socket', async () => {
  const ip = '198.51.100.4';
  for (let i = 0; i < LIMIT; i++) expect((await httpRequestFrom(ip)).status).toBe(200);
  const socket = openTestSocket(env.server.url, { headers: { 'x-forwarded-for': ip } });
  sockets.push(socket);
  expect(await nextMessage(socket.operation(countSubscription))).toMatchObject({ errors: [{ extensions: { code: 'RATE_LIMITED' } }] });
});
