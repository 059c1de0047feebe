import { afterAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import { createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { appleTestConfig, startAppleSignInServer, type AppleTestUser } from '../../../test-support/apple-signin-server.js';
import { freePort } from '../../../test-support/free-port.js';
import { queryRows } from '../../../test-support/sql.js';
import { TestBrowser } from '../../../test-support/test-browser.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { loadConfig } from '../../../config.js';

const apple = await startAppleSignInServer();
const port = await freePort();
const env = useTestServer({ port, publicUrl: `http://localhost:${port}`, authAttemptsPerIp: 10_000, ...appleTestConfig(apple) });
afterAll(() => apple.stop());

function appleUser(fields: Partial<AppleTestUser> = {}): AppleTestUser {
  const suffix = uniqueSuffix();
  return { sub: `001234.${suffix}.0001`, email: `person.${suffix}@icloud.test`, firstName: 'Robin', lastName: `Apple${suffix}`, ...fields };
}

/**
 * The whole web flow as a browser runs it: start, Apple's page, Apple's form posted back
 * cross-site (as `response_mode=form_post` does), and the redirects to the app's page.
 */
async function signInWithApple(browser: TestBrowser, query = ''): Promise<URL> {
  const start = await browser.fetch(`${env.server.url}/api/auth/apple${query}`);
  expect(start.status).toBe(302);
  const page = await browser.fetch(start.headers.get('location')!);
  const form = apple.readForm(await page.text());
  const posted = await browser.fetch(form.action, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'cross-site' },
    body: new URLSearchParams(form.fields),
  });
  expect(posted.status).toBe(302);
  const location = new URL(posted.headers.get('location')!, env.server.url);
  return location;
}

async function sessionUser(browser: TestBrowser): Promise<{ status: number; data: { id: number; username: string | null; name: string | null } | undefined }> {
  const response = await browser.fetch(`${env.server.url}/api/auth`);
  const body = (await response.json()) as { data?: { id: number; username: string | null; name: string | null } };
  return { status: response.status, data: body.data };
}

function credentialOwner(sub: string): Promise<Array<{ user_id: number }>> {
  return queryRows(env.database.url, `select user_id from login_credentials where provider = 'apple' and provider_user_id = $1`, [sub]);
}

describe('Sign in with Apple on the web', () => {
  it('is offered by /auth/providers once configured, and asks Apple the documented way', async () => {
    const providers = (await (await fetch(`${env.server.url}/api/auth/providers`)).json()) as { data: { apple: boolean } };
    expect(providers.data.apple).toBe(true);

    const browser = new TestBrowser();
    const start = await browser.fetch(`${env.server.url}/api/auth/apple?returnTo=/explore`);
    const asked = new URL(start.headers.get('location')!);
    expect(`${asked.origin}${asked.pathname}`).toBe(`${apple.baseUrl}/auth/authorize`);
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({
      client_id: apple.config.clientId,
      redirect_uri: `${env.server.url}/api/auth/apple/signin/web`,
      response_type: 'code',
      response_mode: 'form_post',
      scope: 'name email',
    });
    expect(asked.searchParams.get('state')).toMatch(/^[\w-]{20,}$/);
    expect(asked.searchParams.get('nonce')).toMatch(/^[\w-]{20,}$/);
    expect(asked.searchParams.get('nonce')).not.toBe(asked.searchParams.get('state'));
    // Apple's answer is a cross-site POST: only a SameSite=None (so Secure) cookie comes with it.
    const stateCookie = start.headers.getSetCookie().find((cookie) => cookie.startsWith('byline_oauth_apple='));
    expect(stateCookie).toMatch(/Path=\/api\/auth\/apple/);
    expect(stateCookie).toMatch(/; Secure/);
    expect(stateCookie).toMatch(/SameSite=None/);
  });

  it('creates an account named from Apple’s first answer, signs in, then asks for a username', async () => {
    const person = appleUser();
    apple.setNextUser(person);
    const browser = new TestBrowser();

    const landed = await signInWithApple(browser, '?returnTo=/explore');

    expect(landed.pathname).toBe('/signup/username');
    expect(Object.fromEntries(landed.searchParams)).toEqual({ returnTo: '/explore', welcome: '1' });
    const session = await sessionUser(browser);
    expect(session.status).toBe(200);
    expect(session.data).toMatchObject({ username: null, name: `Robin ${person.lastName}` });
    const [owner] = await credentialOwner(person.sub);
    expect(owner?.user_id).toBe(session.data!.id);
    const [user] = await queryRows<{ email: string }>(env.database.url, 'select email from users where id = $1', [owner!.user_id]);
    expect(user?.email).toBe(person.email);
    expect(browser.cookie(env.server.url, 'byline_oauth_apple')).toBeNull();
    // The client secret (an ES256 JWT from the team key) was accepted.
    expect(apple.refusals()).toEqual([]);
  });

  it('signs a returning Apple account in to the same Byline account, though Apple no longer sends the name', async () => {
    const person = appleUser();
    apple.setNextUser(person);
    await signInWithApple(new TestBrowser());
    const [first] = await credentialOwner(person.sub);
    await queryRows(env.database.url, 'update users set username = $1 where id = $2', [`a_${uniqueSuffix()}`, first!.user_id]);

    const browser = new TestBrowser();
    const landed = await signInWithApple(browser, '?returnTo=/jobs');

    expect(landed.pathname).toBe('/jobs');
    const session = await sessionUser(browser);
    expect(session.data?.id).toBe(first!.user_id);
    expect(session.data?.name).toBe(`Robin ${person.lastName}`);
    expect(await credentialOwner(person.sub)).toHaveLength(1);
  });

  it('keeps a private relay address for mail but never shows it as a name', async () => {
    const person = appleUser({ email: `${uniqueSuffix()}abc@privaterelay.appleid.com`, isPrivateEmail: true, firstName: '', lastName: '' });
    apple.setNextUser(person);
    const browser = new TestBrowser();

    await signInWithApple(browser);

    const session = await sessionUser(browser);
    expect(session.data?.name).toBeNull();
    const [user] = await queryRows<{ email: string; name: string | null }>(env.database.url, 'select email, name from users where id = $1', [session.data!.id]);
    expect(user).toEqual({ email: person.email, name: null });
  });

  it('is silent when the person cancels at Apple', async () => {
    apple.setNextUser(appleUser());
    apple.cancelNextAuthorization();
    const browser = new TestBrowser();

    const landed = await signInWithApple(browser, '?returnTo=/explore');

    expect(landed.pathname).toBe('/signin');
    expect(landed.searchParams.get('error')).toBeNull();
    expect((await sessionUser(browser)).status).toBe(401);
  });

  it('refuses an ID token carrying another flow’s nonce', async () => {
    const person = appleUser();
    apple.setNextUser(person);
    apple.tamperNextToken({ nonce: 'a-nonce-from-another-flow' });
    const browser = new TestBrowser();

    const landed = await signInWithApple(browser);

    expect(landed.pathname).toBe('/signin');
    expect(landed.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);
    expect((await sessionUser(browser)).status).toBe(401);
    expect(await credentialOwner(person.sub)).toHaveLength(0);
  });

  it('refuses an expired ID token', async () => {
    const person = appleUser();
    apple.setNextUser(person);
    apple.tamperNextToken({ expiresInSeconds: -120 });
    const browser = new TestBrowser();

    const landed = await signInWithApple(browser);

    expect(landed.searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);
    expect((await sessionUser(browser)).status).toBe(401);
    expect(await credentialOwner(person.sub)).toHaveLength(0);
  });

  it('refuses Apple’s answer in a browser that did not start the flow, or with another state', async () => {
    const person = appleUser();
    apple.setNextUser(person);
    const browser = new TestBrowser();
    const start = await browser.fetch(`${env.server.url}/api/auth/apple`);
    const form = apple.readForm(await (await browser.fetch(start.headers.get('location')!)).text());
    const post = (someone: TestBrowser, fields: Record<string, string>) =>
      someone.fetch(form.action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) });

    const stranger = await post(new TestBrowser(), form.fields);
    expect(new URL(stranger.headers.get('location')!, env.server.url).searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);
    const tampered = await post(browser, { ...form.fields, state: `${form.fields.state}x` });
    expect(new URL(tampered.headers.get('location')!, env.server.url).searchParams.get('error')).toBe(MESSAGES.somethingWentWrong);
    expect(await credentialOwner(person.sub)).toHaveLength(0);
  });

  it('joins Apple’s verified address to the account that already has it', async () => {
    const existing = await createUser(env.server.orm.em.fork(), { email: `kim.${uniqueSuffix()}@example.test` });
    const person = appleUser({ email: existing.email! });
    apple.setNextUser(person);
    const browser = new TestBrowser();

    await signInWithApple(browser);

    expect((await sessionUser(browser)).data?.id).toBe(existing.id);
    expect(await credentialOwner(person.sub)).toEqual([{ user_id: existing.id }]);
  });
});

describe('Sign in with Apple without keys', () => {
  it('needs all four APPLE_* settings and a P-256 key', () => {
    expect(() => loadConfig({ NODE_ENV: 'test', APPLE_CLIENT_ID: 'x' })).toThrow(/APPLE_TEAM_ID, APPLE_KEY_ID, APPLE_PRIVATE_KEY must be set/);
    expect(() => loadConfig({ NODE_ENV: 'test', APPLE_CLIENT_ID: 'x', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k', APPLE_PRIVATE_KEY: 'nope' })).toThrow(/APPLE_PRIVATE_KEY must be/);
    const config = loadConfig({ NODE_ENV: 'test', APPLE_CLIENT_ID: 'x', APPLE_TEAM_ID: 't', APPLE_KEY_ID: 'k', APPLE_PRIVATE_KEY: apple.config.privateKey.replace(/\n/g, '\\n') });
    expect(config.apple?.baseUrl).toBe('https://appleid.apple.com');
    expect(loadConfig({ NODE_ENV: 'test' }).apple).toBeNull();
  });
});
