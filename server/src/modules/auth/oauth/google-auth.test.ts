import jwt from 'jsonwebtoken';
import { afterAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { createSession, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { freePort } from '../../../test-support/free-port.js';
import { googleTestConfig, startGoogleOAuthServer, type GoogleTestUser } from '../../../test-support/google-oauth-server.js';
import { queryRows } from '../../../test-support/sql.js';
import { TestBrowser } from '../../../test-support/test-browser.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { createPersonalAccessToken } from '../tokens/personal-access-token.service.js';
import { SESSION_COOKIE } from '../../../http/session-cookie-names.js';

const google = await startGoogleOAuthServer();
const port = await freePort();
const env = useTestServer({ port, publicUrl: `http://localhost:${port}`, authAttemptsPerIp: 10_000, ...googleTestConfig(google) });
afterAll(() => google.stop());

/** The access token of a real signed-in session of `userId` (link mode needs one). */
async function sessionToken(userId: number): Promise<string> {
  return (await createSession(env.server.orm.em.fork(), env.server.config, userId)).accessToken;
}

function googleUser(fields: Partial<GoogleTestUser> = {}): GoogleTestUser {
  const suffix = uniqueSuffix();
  return { sub: `g-${suffix}`, email: `person.${suffix}@gmail.test`, email_verified: true, name: `Person ${suffix}`, picture: `https://lh3.example.test/${suffix}.png`, ...fields };
}

/** Runs the web flow from the start URL to the page of the app it lands on (which the test server does not serve). */
async function signInWithGoogle(browser: TestBrowser, query = '') {
  const result = await browser.follow(`${env.server.url}/api/auth/google${query}`, {
    stopAt: (url) => url.origin === env.server.url && !url.pathname.startsWith('/api/'),
  });
  return result;
}

async function sessionUser(browser: TestBrowser): Promise<{ status: number; body: { data?: { id: number; username: string | null; name: string | null } } }> {
  const response = await browser.fetch(`${env.server.url}/api/auth`);
  return { status: response.status, body: (await response.json()) as { data?: { id: number; username: string | null; name: string | null } } };
}

function credentialOwner(providerUserId: string): Promise<Array<{ user_id: number }>> {
  return queryRows(env.database.url, `select user_id from login_credentials where provider = 'google' and provider_user_id = $1`, [providerUserId]);
}

/** The data the popup page hands to its opener, read from its inline script. */
function popupData(html: string): { message: Record<string, unknown>; targetOrigin: string; fallback: string } {
  const json = html.match(/var data = (.*?);if \(window\.opener/)?.[1];
  if (!json) throw new Error(`no popup data in ${html}`);
  return JSON.parse(json) as { message: Record<string, unknown>; targetOrigin: string; fallback: string };
}

describe('Google sign-in on the web', () => {
  it('creates an account with a Google login and a working session, then asks for a username', async () => {
    const person = googleUser({ email: 'New.Person@Gmail.Test' });
    google.setNextUser(person);
    const browser = new TestBrowser();

    const { url, chain } = await signInWithGoogle(browser, '?returnTo=/explore');

    expect(chain[1]).toContain(google.authorizationUrl);
    const asked = google.lastAuthorizationRequest()!;
    expect(asked.get('redirect_uri')).toBe(`${env.server.url}/api/auth/google/callback`);
    expect(asked.get('scope')).toBe('openid email profile');
    expect(asked.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(url.pathname).toBe('/signup/username');
    expect(Object.fromEntries(url.searchParams)).toEqual({ returnTo: '/explore', welcome: '1' });

    const session = await sessionUser(browser);
    expect(session.status).toBe(200);
    expect(session.body.data).toMatchObject({ username: null, name: person.name });
    const [owner] = await credentialOwner(person.sub);
    expect(owner?.user_id).toBe(session.body.data!.id);
    const [user] = await queryRows<{ email: string; avatar_url: string }>(env.database.url, 'select email, avatar_url from users where id = $1', [owner!.user_id]);
    expect(user).toEqual({ email: 'new.person@gmail.test', avatar_url: person.picture });
    const audits = await queryRows<{ action: string }>(env.database.url, `select action from audit_logs where actor_id = $1`, [owner!.user_id]);
    expect(audits.map((row) => row.action)).toContain('login');
    // The state cookie is single-use: the callback cleared it.
    expect(browser.cookie(env.server.url, 'byline_oauth_google')).toBeNull();
  });

  it('signs the same Google account in to the same Byline account, straight to returnTo once it has a username', async () => {
    const person = googleUser();
    google.setNextUser(person);
    await signInWithGoogle(new TestBrowser());
    const [first] = await credentialOwner(person.sub);
    await queryRows(env.database.url, 'update users set username = $1 where id = $2', [`g_${uniqueSuffix()}`, first!.user_id]);

    const browser = new TestBrowser();
    const { url } = await signInWithGoogle(browser, '?returnTo=/jobs?page=2');

    expect(`${url.pathname}${url.search}`).toBe('/jobs?page=2');
    expect((await sessionUser(browser)).body.data?.id).toBe(first!.user_id);
    expect(await credentialOwner(person.sub)).toHaveLength(1);
  });

  it('never returns to another site', async () => {
    google.setNextUser(googleUser());
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example']) {
      const { url } = await signInWithGoogle(new TestBrowser(), `?returnTo=${encodeURIComponent(returnTo)}`);
      expect(url.origin).toBe(env.server.url);
      expect(url.searchParams.get('returnTo') ?? url.pathname).toBe('/');
    }
  });

  it('refuses a callback whose state was tampered with, or that comes without the state cookie', async () => {
    const person = googleUser();
    google.setNextUser(person);
    const browser = new TestBrowser();
    const start = await browser.fetch(`${env.server.url}/api/auth/google`);
    const atGoogle = await browser.fetch(start.headers.get('location')!);
    const callback = new URL(atGoogle.headers.get('location')!);

    const tampered = new URL(callback);
    tampered.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const refusedTamper = await browser.follow(tampered, { stopAt: (url) => url.pathname === '/signin' });
    expect(refusedTamper.url.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);

    // The genuine callback in a browser that never started the flow (a login-CSRF attempt).
    const stranger = new TestBrowser();
    const refusedStranger = await stranger.follow(callback, { stopAt: (url) => url.pathname === '/signin' });
    expect(refusedStranger.url.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);

    // A state cookie we did not sign.
    const forger = new TestBrowser();
    const forged = jwt.sign({ flow: { returnTo: '/', errorTo: null, popup: false, linkUserId: null }, nonce: callback.searchParams.get('state') }, 'not-our-secret', {
      audience: 'byline-oauth',
      subject: 'google',
    });
    forger.setCookie(env.server.url, 'byline_oauth_google', forged, '/api/auth/google');
    const refusedForgery = await forger.follow(callback, { stopAt: (url) => url.pathname === '/signin' });
    expect(refusedForgery.url.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);

    for (const someone of [browser, stranger, forger]) expect((await sessionUser(someone)).status).toBe(401);
    expect(await credentialOwner(person.sub)).toHaveLength(0);
    const failures = await queryRows<{ count: string }>(env.database.url, `select count(*) from audit_logs where action = 'signinError' and fields->>'method' = 'google'`);
    expect(Number(failures[0]!.count)).toBeGreaterThanOrEqual(3);
  });

  it('links a Google login to the signed-in account, and refuses one that belongs to someone else', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const other = await createUser(em);
    const person = googleUser({ email: `unrelated.${uniqueSuffix()}@gmail.test` });
    google.setNextUser(person);

    const ownerBrowser = new TestBrowser();
    ownerBrowser.setCookie(env.server.url, SESSION_COOKIE, await sessionToken(owner.id));
    const linked = await signInWithGoogle(ownerBrowser, '?link=1');
    expect(`${linked.url.pathname}${linked.url.search}`).toBe('/settings/login');
    expect(await credentialOwner(person.sub)).toEqual([{ user_id: owner.id }]);
    expect((await sessionUser(ownerBrowser)).body.data?.id).toBe(owner.id);

    const otherBrowser = new TestBrowser();
    otherBrowser.setCookie(env.server.url, SESSION_COOKIE, await sessionToken(other.id));
    const refused = await signInWithGoogle(otherBrowser, '?link=1&returnTo=/settings/login');
    expect(refused.url.pathname).toBe('/settings/login');
    expect(refused.url.searchParams.get('error')).toBe(MESSAGES.googleAlreadyLinked);
    expect(await credentialOwner(person.sub)).toEqual([{ user_id: owner.id }]);
    expect((await sessionUser(otherBrowser)).body.data?.id).toBe(other.id);

    const signedOut = await signInWithGoogle(new TestBrowser(), '?link=1');
    expect(signedOut.url.searchParams.get('error')).toBe(MESSAGES.signUpPrompt);
  });

  it('refuses to link with a personal access token: a leaked one must not become a way in', async () => {
    const owner = await createUser(env.server.orm.em.fork());
    const { token } = await createPersonalAccessToken(env.server.orm.em.fork(), owner.id, { name: 'CI', expiresInDays: null, scope: 'read_write' });
    const person = googleUser();
    google.setNextUser(person);
    const refused = await new TestBrowser().follow(`${env.server.url}/api/auth/google?link=1`, {
      headers: { authorization: `Bearer ${token}` },
      stopAt: (url) => url.origin === env.server.url && !url.pathname.startsWith('/api/'),
    });
    expect(refused.url.pathname).toBe('/signin');
    expect(refused.url.searchParams.get('error')).toBe(MESSAGES.loginMethodsNeedSession);
    expect(await credentialOwner(person.sub)).toEqual([]);
  });

  it('joins a verified Google address to the account that already has it instead of making a second one', async () => {
    const em = env.server.orm.em.fork();
    const existing = await createUser(em, { email: `Casey.${uniqueSuffix()}@Example.test` });
    const person = googleUser({ email: existing.email!.toUpperCase() });
    google.setNextUser(person);

    const browser = new TestBrowser();
    const { url } = await signInWithGoogle(browser, '?returnTo=/explore');

    expect(url.pathname).toBe('/explore');
    expect((await sessionUser(browser)).body.data?.id).toBe(existing.id);
    expect(await credentialOwner(person.sub)).toEqual([{ user_id: existing.id }]);
  });

  it('does not trust an unverified address: a new account without it', async () => {
    const em = env.server.orm.em.fork();
    const existing = await createUser(em);
    const person = googleUser({ email: existing.email!, email_verified: false });
    google.setNextUser(person);

    const browser = new TestBrowser();
    await signInWithGoogle(browser);

    const signedIn = (await sessionUser(browser)).body.data!;
    expect(signedIn.id).not.toBe(existing.id);
    const [user] = await queryRows<{ email: string | null }>(env.database.url, 'select email from users where id = $1', [signedIn.id]);
    expect(user?.email).toBeNull();
  });

  it('answers a popup with a page that posts the outcome to our own origin under a nonce CSP', async () => {
    google.setNextUser(googleUser());
    const { response } = await signInWithGoogle(new TestBrowser(), '?popup=1&returnTo=/jobs');

    expect(response?.status).toBe(200);
    const csp = response!.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'nonce-[^']+'/);
    expect(response!.headers.get('cross-origin-opener-policy')).toBe('unsafe-none');
    const html = await response!.text();
    const nonce = csp.match(/'nonce-([^']+)'/)![1];
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).not.toMatch(/<script[^>]+src=/);
    const data = popupData(html);
    expect(data.targetOrigin).toBe(env.server.url);
    expect(data.message).toEqual({ type: 'byline:auth', ok: true, returnTo: '/signup/username?returnTo=%2Fjobs&welcome=1', isNewUser: true });
    expect(data.fallback).toBe(data.message.returnTo);
  });

  it('is silent when the person cancels at Google', async () => {
    google.denyNextAuthorization();
    const redirected = await signInWithGoogle(new TestBrowser(), '?returnTo=/jobs');
    expect(redirected.url.pathname).toBe('/signin');
    expect(redirected.url.searchParams.get('error')).toBeNull();
    expect(redirected.url.searchParams.get('returnTo')).toBe('/jobs');

    google.denyNextAuthorization();
    const popup = await signInWithGoogle(new TestBrowser(), '?popup=1');
    expect(popupData(await popup.response!.text()).message).toEqual({ type: 'byline:auth', ok: false });
  });

  it('tells a popup why a link was refused', async () => {
    const em = env.server.orm.em.fork();
    const [first, second] = [await createUser(em), await createUser(em)];
    const person = googleUser();
    google.setNextUser(person);
    const firstBrowser = new TestBrowser();
    firstBrowser.setCookie(env.server.url, SESSION_COOKIE, await sessionToken(first.id));
    await signInWithGoogle(firstBrowser, '?link=1');

    const secondBrowser = new TestBrowser();
    secondBrowser.setCookie(env.server.url, SESSION_COOKIE, await sessionToken(second.id));
    const { response } = await signInWithGoogle(secondBrowser, '?link=1&popup=1');
    expect(popupData(await response!.text()).message).toEqual({ type: 'byline:auth', ok: false, message: MESSAGES.googleAlreadyLinked });
  });
});

describe('Google sign-in from the mobile app', () => {
  async function post(path: string, body: Record<string, unknown>) {
    const response = await fetch(`${env.server.url}/api/auth/google/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-session-transport': 'bearer' },
      body: JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as { success: boolean; message?: string; data?: { user: { id: number }; token?: string; refreshToken?: string; isNewUser: boolean } } };
  }

  it('signs in with a code from the Google SDK and hands out bearer tokens', async () => {
    const person = googleUser();
    const code = google.issueCode(person);

    const answer = await post('tokens', { code });

    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ isNewUser: true, token: expect.any(String), refreshToken: expect.any(String) });
    const me = await fetch(`${env.server.url}/api/auth`, { headers: { authorization: `Bearer ${answer.body.data!.token}` } });
    expect(((await me.json()) as { data: { id: number } }).data.id).toBe(answer.body.data!.user.id);
    expect(await credentialOwner(person.sub)).toEqual([{ user_id: answer.body.data!.user.id }]);

    // Codes are single-use at Google: replaying one is refused.
    const replay = await post('tokens', { code });
    expect(replay).toMatchObject({ status: 401, body: { success: false, message: MESSAGES.somethingWentWrong } });
  });

  it('signs in with an ID token, as the same account the code gave', async () => {
    const person = googleUser();
    const byCode = await post('tokens', { code: google.issueCode(person) });

    const byIdToken = await post('signin', { idToken: await google.buildIdToken({ user: person }) });

    expect(byIdToken.status).toBe(200);
    expect(byIdToken.body.data).toMatchObject({ isNewUser: false, user: { id: byCode.body.data!.user.id } });
  });

  it.each([
    ['expired', { expiresInSeconds: -120 }],
    ['without an expiry', { omitExpiry: true }],
    ['for another app', { audience: 'someone-else.apps.googleusercontent.com' }],
    ['from another issuer', { issuer: 'https://accounts.evil.example' }],
    ['with a forged signature', { forgeSignature: true }],
  ] as const)('refuses an ID token %s', async (_label, options) => {
    const person = googleUser();
    const answer = await post('signin', { idToken: await google.buildIdToken({ user: person, ...options }) });
    expect(answer).toMatchObject({ status: 401, body: { success: false, message: MESSAGES.somethingWentWrong } });
    expect(await credentialOwner(person.sub)).toHaveLength(0);
  });

  it('refuses tokens signed with a shared secret or no algorithm, and missing input', async () => {
    const claims = { sub: `g-${uniqueSuffix()}`, iss: google.issuer, aud: google.clientId };
    const hmac = jwt.sign(claims, google.clientSecret, { algorithm: 'HS256', keyid: 'any' });
    const unsigned = jwt.sign(claims, '', { algorithm: 'none' });
    for (const idToken of [hmac, unsigned, 'not-a-jwt']) {
      expect((await post('signin', { idToken })).status).toBe(401);
    }
    expect((await post('signin', {})).status).toBe(400);
    expect((await post('tokens', {})).status).toBe(400);
  });
});
