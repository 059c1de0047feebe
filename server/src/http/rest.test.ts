import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test-support/database.js';
import { createUser } from '../test-support/factories.js';
import { startTestServer, type TestServer } from '../test-support/test-server.js';

let database: TestDatabase;
let limitedDatabase: TestDatabase;
let server: TestServer;
let limitedA: TestServer;
let limitedB: TestServer;

beforeAll(async () => {
  [database, limitedDatabase] = await Promise.all([createTestDatabase(), createTestDatabase()]);
  // Counters live in the database, so servers sharing one also share the limit.
  [server, limitedA, limitedB] = await Promise.all([
    startTestServer(database.url),
    startTestServer(limitedDatabase.url, { rateLimitPerMinute: 3 }),
    startTestServer(limitedDatabase.url, { rateLimitPerMinute: 3 }),
  ]);
});

afterAll(async () => {
  await Promise.all([server?.stop(), limitedA?.stop(), limitedB?.stop()]);
  await Promise.all([database?.drop(), limitedDatabase?.drop()]);
});

describe('REST façade', () => {
  it('answers the session check with 401 when signed out', async () => {
    const response = await fetch(`${server.url}/api/auth`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ success: false, code: 'UNAUTHENTICATED', message: 'Please sign up or sign in to do that!' });
  });

  it('answers the session check with the user for a bearer token or the session cookie', async () => {
    const user = await createUser(server.orm.em.fork(), { username: 'rest_user' });
    const token = server.tokenFor(user.id);
    for (const headers of [{ authorization: `Bearer ${token}` }, { cookie: `byline_session=${token}` }]) {
      const response = await fetch(`${server.url}/api/auth`, { headers });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ success: true, data: { id: user.id, username: 'rest_user', isMasquerading: false } });
    }
  });

  it('answers an unknown path with 404 in the shared shape', async () => {
    const response = await fetch(`${server.url}/api/no-such-thing`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });

  it('answers malformed JSON with 400 and no stack', async () => {
    const response = await fetch(`${server.url}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"oops' });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toEqual({ success: false, code: 'BAD_USER_INPUT', message: 'The request body is not valid JSON.' });
  });

  it('refuses a body over the size limit', async () => {
    const response = await fetch(`${server.url}/api/auth`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ padding: 'x'.repeat(200_000) }),
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe('The request body is too large.');
  });
});

describe('caching', () => {
  const PRIVATE_NO_STORE = 'private, no-store';

  it('marks every /api answer as the asker’s alone and not to be kept: per-user data, and errors', async () => {
    const user = await createUser(server.orm.em.fork());
    const signedIn = { authorization: `Bearer ${server.tokenFor(user.id)}` };
    const answers = {
      session: await fetch(`${server.url}/api/auth`, { headers: signedIn }),
      invitations: await fetch(`${server.url}/api/teams/teamInvites`, { headers: signedIn }),
      signedOut: await fetch(`${server.url}/api/auth`),
      unknownPath: await fetch(`${server.url}/api/no-such-thing`, { headers: signedIn }),
      // Mounted ahead of the API's own router (it reads the raw body): covered all the same.
      unsignedStripeEvent: await fetch(`${server.url}/api/stripe/webhook`, { method: 'POST', body: '{}' }),
    };
    const seen = Object.fromEntries(Object.entries(answers).map(([name, response]) => [name, { status: response.status, cacheControl: response.headers.get('cache-control') }]));
    expect(seen).toEqual({
      session: { status: 200, cacheControl: PRIVATE_NO_STORE },
      invitations: { status: 200, cacheControl: PRIVATE_NO_STORE },
      signedOut: { status: 401, cacheControl: PRIVATE_NO_STORE },
      unknownPath: { status: 404, cacheControl: PRIVATE_NO_STORE },
      unsignedStripeEvent: { status: expect.any(Number), cacheControl: PRIVATE_NO_STORE },
    });
    expect(answers.unsignedStripeEvent.status).toBeGreaterThanOrEqual(400);
  });
});

describe('rate limit', () => {
  it('answers 429 with a clear message once an address goes over the limit, counted across servers', async () => {
    const statuses: number[] = [];
    let lastBody: unknown = null;
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${(i % 2 === 0 ? limitedA : limitedB).url}/api/auth`);
      statuses.push(response.status);
      lastBody = await response.json();
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(lastBody).toEqual({ success: false, code: 'RATE_LIMITED', message: 'Too many requests. Please wait a moment and try again.' });
  });
});
