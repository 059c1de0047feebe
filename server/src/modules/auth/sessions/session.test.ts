import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { createPersonalAccessToken, revokePersonalAccessToken } from '../tokens/personal-access-token.service.js';
import { REFRESH_COOKIE } from '../../../http/session-cookie-names.js';
import { signSessionToken } from './session-token.js';
import { SESSION_COOKIE } from '../../../http/session-cookie-names.js';
import { openSession } from './session.service.js';

const env = useTestServer();

/** The value of a Set-Cookie of the response ('' when the cookie is cleared), or undefined when not set. */
function setCookie(response: Response, name: string): string | undefined {
  const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${name}=`));
  return header === undefined ? undefined : decodeURIComponent(header.slice(name.length + 1).split(';')[0] ?? '');
}

async function signedInSession() {
  const user = await createUser(env.server.orm.em.fork());
  const tokens = await openSession(env.server.orm.em.fork(), env.server.config, { userId: user.id, userAgent: 'test' });
  return { user, ...tokens };
}

const sessionCheck = (headers: Record<string, string>) => fetch(`${env.server.url}/api/auth`, { headers });

describe('web sessions', () => {
  it('renews a missing or expired access cookie from the refresh cookie on the same request', async () => {
    const { user, refreshToken, session } = await signedInSession();
    const expired = signSessionToken({ userId: user.id, masqueradingAdminId: null, sessionId: session.id }, env.server.config.jwtSecret, -10);
    for (const cookie of [`${REFRESH_COOKIE}=${refreshToken}`, `${SESSION_COOKIE}=${expired}; ${REFRESH_COOKIE}=${refreshToken}`]) {
      const response = await sessionCheck({ cookie });
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ data: { id: user.id } });
      const renewed = setCookie(response, SESSION_COOKIE);
      expect(renewed).toBeTruthy();
      expect((await sessionCheck({ cookie: `${SESSION_COOKIE}=${renewed}` })).status).toBe(200);
    }
  });

  it('sets httpOnly, SameSite=Lax cookies and never puts tokens in the answer for the web', async () => {
    const { refreshToken } = await signedInSession();
    const response = await sessionCheck({ cookie: `${REFRESH_COOKIE}=${refreshToken}` });
    const header = response.headers.getSetCookie().find((cookie) => cookie.startsWith(`${SESSION_COOKIE}=`)) ?? '';
    expect(header).toMatch(/HttpOnly/i);
    expect(header).toMatch(/SameSite=Lax/i);
    expect(JSON.stringify(await response.json())).not.toContain(refreshToken);
  });

  it('signing out revokes the session: its access token and refresh token stop working at once', async () => {
    const { accessToken, refreshToken } = await signedInSession();
    const cookie = `${SESSION_COOKIE}=${accessToken}; ${REFRESH_COOKIE}=${refreshToken}`;
    const signOut = await fetch(`${env.server.url}/api/auth/signout`, { method: 'POST', headers: { cookie } });
    expect(signOut.status).toBe(200);
    expect(setCookie(signOut, SESSION_COOKIE)).toBe('');
    expect(setCookie(signOut, REFRESH_COOKIE)).toBe('');
    expect((await sessionCheck({ authorization: `Bearer ${accessToken}` })).status).toBe(401);
    expect((await sessionCheck({ cookie: `${REFRESH_COOKIE}=${refreshToken}` })).status).toBe(401);
    const [logout] = await queryRows<{ action: string }>(env.database.url, `select action from audit_logs where action = 'logout' order by id desc limit 1`);
    expect(logout?.action).toBe('logout');
  });

  it('refuses changing calls a page of another site could make the browser send with its cookies', async () => {
    const { accessToken, refreshToken } = await signedInSession();
    const cookie = `${SESSION_COOKIE}=${accessToken}; ${REFRESH_COOKIE}=${refreshToken}`;
    const signOut = (headers: Record<string, string>, body?: string) => fetch(`${env.server.url}/api/auth/signout`, { method: 'POST', headers: { cookie, ...headers }, body });
    // What an HTML form can send: urlencoded, multipart or plain text bodies.
    for (const contentType of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain']) {
      const forged = await signOut({ 'content-type': contentType }, '');
      expect(forged.status).toBe(400);
      expect(setCookie(forged, SESSION_COOKIE)).toBeUndefined();
    }
    const crossSite = await signOut({ 'sec-fetch-site': 'cross-site' });
    expect(crossSite.status).toBe(403);
    expect((await sessionCheck({ authorization: `Bearer ${accessToken}` })).status).toBe(200);

    // The web app's own calls: no body, or a JSON one, from its own origin.
    expect((await signOut({ 'sec-fetch-site': 'same-origin', 'content-type': 'application/json; charset=utf-8' }, '{}')).status).toBe(200);
    expect((await sessionCheck({ authorization: `Bearer ${accessToken}` })).status).toBe(401);
  });

  it('clears the cookies of a revoked or expired refresh token instead of renewing it', async () => {
    const { refreshToken, session } = await signedInSession();
    await queryRows(env.database.url, `update auth_sessions set expires_at = now() - interval '1 second' where id = $1`, [session.id]);
    const response = await sessionCheck({ cookie: `${REFRESH_COOKIE}=${refreshToken}` });
    expect(response.status).toBe(401);
    expect(setCookie(response, REFRESH_COOKIE)).toBe('');
  });
});

describe('bearer sessions (mobile shell, integrators)', () => {
  it('renews an access token from a refresh token in the body', async () => {
    const { user, refreshToken } = await signedInSession();
    const response = await fetch(`${env.server.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken }),
    });
    expect(response.status).toBe(200);
    const { data } = (await response.json()) as { data: { token: string } };
    const viewer = await graphql<{ viewer: { databaseId: number } }>(env.server, '{ viewer { databaseId } }', { token: data.token });
    expect(viewer.body.data?.viewer.databaseId).toBe(user.id);
  });

  it('signing out with an expired access token ends the session of the refresh token given up', async () => {
    const { user, refreshToken, session } = await signedInSession();
    const expired = signSessionToken({ userId: user.id, masqueradingAdminId: null, sessionId: session.id }, env.server.config.jwtSecret, -10);
    const signOut = await fetch(`${env.server.url}/api/auth/signout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${expired}` },
      body: JSON.stringify({ refreshToken }),
    });
    expect(signOut.status).toBe(200);
    const renewal = await fetch(`${env.server.url}/api/auth/refresh`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ refreshToken }) });
    expect(renewal.status).toBe(401);
  });

  it('answers an unknown refresh token with 401 and the session-ended message', async () => {
    const response = await fetch(`${env.server.url}/api/auth/refresh`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refreshToken: 'not-a-real-token' }),
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ success: false, message: MESSAGES.sessionEnded });
  });

  it('refuses tokens of another algorithm, audience or secret', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const forged = [
      signSessionToken({ userId: user.id, masqueradingAdminId: null }, 'some-other-secret-that-is-long-enough'),
      // alg "none": header {"alg":"none"} with no signature
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(user.id), aud: 'byline', iss: 'byline' })).toString('base64url')}.`,
    ];
    for (const token of forged) expect((await sessionCheck({ authorization: `Bearer ${token}` })).status).toBe(401);
  });
});

describe('personal access tokens', () => {
  it('authenticate as their owner until revoked, and are stored only as a hash', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const { token, record } = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'CI', expiresInDays: null, scope: 'read_write' });
    expect(token).toMatch(/^byl_pat_/);
    const asOwner = await graphql<{ viewer: { databaseId: number } }>(env.server, '{ viewer { databaseId } }', { token });
    expect(asOwner.body.data?.viewer.databaseId).toBe(user.id);
    const stored = await queryRows<{ token_hash: string }>(env.database.url, 'select token_hash from personal_access_tokens where id = $1', [record.id]);
    expect(stored[0]?.token_hash).not.toContain(token);

    await revokePersonalAccessToken(env.server.orm.em.fork(), user.id, record.id);
    // A dead token is refused, not taken for an anonymous visitor.
    const afterRevoke = await graphql(env.server, '{ viewer { username } }', { token });
    expect(afterRevoke.body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('stop working after they expire', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const { token, record } = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'short', expiresInDays: 1, scope: 'read_write' });
    await queryRows(env.database.url, `update personal_access_tokens set expires_at = now() - interval '1 minute' where id = $1`, [record.id]);
    expect((await sessionCheck({ authorization: `Bearer ${token}` })).status).toBe(401);
  });
});
