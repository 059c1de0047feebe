import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { createSession, createTeam, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { useMailingTestServer } from '../../../test-support/test-server.js';
import { createPersonalAccessToken } from '../tokens/personal-access-token.service.js';
import { callApi, codeFrom, cookieHeader, createEmailAccount, createSocialAccount, verifiedEmailProof } from './email-auth.test-support.js';

// Many calls come from one address here; the limits have their own test file.
const overrides: Partial<AppConfig> = { authAttemptsPerIp: 10_000, authAttemptsPerAccount: 1_000 };
const { env, mail: capture } = useMailingTestServer(overrides);

const address = (name: string) => `${name}.${uniqueSuffix()}@example.test`;
const PASSWORD = 'plum-orchard-42';

async function auditActions(email: string): Promise<string[]> {
  const rows = await queryRows<{ action: string; reason: string }>(env.database.url, "select action, fields->>'reason' as reason from audit_logs where fields->>'email' = $1 order by id", [email]);
  return rows.map((row) => `${row.action}:${row.reason}`);
}

describe('email sign-up with a verification code', () => {
  it('mails a code, checks it, creates the account and signs in with a working session cookie', async () => {
    const typed = `New.Person.${uniqueSuffix()}@Example.test`;
    const email = typed.toLowerCase();
    expect((await callApi(env.server, 'GET', `/auth/email/check?email=${encodeURIComponent(typed)}`)).body.data).toEqual({ exists: false, verified: false, providers: [] });

    const sent = await callApi(env.server, 'PUT', '/users/verify', { body: { email: typed, returnTo: '/explore' } });
    expect(sent.body).toEqual({ success: true, data: { message: MESSAGES.codeSent } });
    const mail = await capture.waitForMail(email);
    expect(mail.subject).toMatch(/code/i);
    const code = codeFrom(mail);
    const stored = await queryRows<{ secret_hash: string; expires_in: number }>(
      env.database.url,
      "select secret_hash, extract(epoch from expires_at - now())::int as expires_in from one_time_tokens where purpose = 'verify_email' and email = $1",
      [email],
    );
    expect(stored).toHaveLength(1);
    expect(stored[0]?.secret_hash).not.toContain(code);
    expect(stored[0]?.expires_in).toBeGreaterThan(9 * 60);
    expect(stored[0]?.expires_in).toBeLessThanOrEqual(10 * 60);

    const verified = await callApi(env.server, 'POST', '/users/verify', { body: { email: typed, code: ` ${code} ` } });
    expect(verified.status).toBe(200);
    const token = verified.body.data?.token as string;
    expect(token.length).toBeGreaterThan(30);

    const signedUp = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email: typed, password: PASSWORD, token } });
    expect(signedUp.status).toBe(200);
    expect(signedUp.body.data).toMatchObject({ user: { username: null, isMasquerading: false }, isNewUser: true });
    expect(signedUp.body.data).not.toHaveProperty('token');
    expect(Object.keys(signedUp.cookies)).toEqual(expect.arrayContaining(['byline_session', 'byline_refresh']));

    const session = await callApi(env.server, 'GET', '/auth', { headers: cookieHeader(signedUp) });
    expect(session.status).toBe(200);
    expect(session.body.data?.id).toBe((signedUp.body.data?.user as { id: number }).id);

    const [credential] = await queryRows<{ provider_user_id: string; password_hash: string; verified: boolean; email: string; username: string | null }>(
      env.database.url,
      `select c.provider_user_id, c.password_hash, c.email_verified_at is not null as verified, u.email, u.username
       from login_credentials c join users u on u.id = c.user_id where c.provider = 'email' and c.provider_user_id = $1`,
      [email],
    );
    expect(credential).toMatchObject({ provider_user_id: email, verified: true, email, username: null });
    expect(credential?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await callApi(env.server, 'GET', `/auth/email/check?email=${encodeURIComponent(email)}`)).body.data).toEqual({ exists: true, verified: true, providers: [] });
    const logins = await queryRows<{ method: string }>(env.database.url, "select fields->>'method' as method from audit_logs where action = 'login' and actor_id = $1", [session.body.data?.id]);
    expect(logins).toEqual([{ method: 'email' }]);
  });

  it('refuses an expired code, a used code, and the right code after 5 wrong tries; a new code always works', async () => {
    const email = address('codes');
    const check = (code: string) => callApi(env.server, 'POST', '/users/verify', { body: { email, code } });
    const invalid = { success: false, code: 'BAD_USER_INPUT', message: MESSAGES.codeInvalid };

    await callApi(env.server, 'PUT', '/users/verify', { body: { email } });
    const expired = codeFrom(await capture.waitForMail(email));
    await queryRows(env.database.url, "update one_time_tokens set expires_at = now() - interval '1 second' where email = $1", [email]);
    expect((await check(expired)).body).toEqual(invalid);

    await callApi(env.server, 'PUT', '/users/verify', { body: { email } });
    const fresh = codeFrom(await capture.waitForMail(email));
    expect((await check(fresh)).status).toBe(200);
    expect((await check(fresh)).body).toEqual(invalid);

    await callApi(env.server, 'PUT', '/users/verify', { body: { email } });
    const guessed = codeFrom(await capture.waitForMail(email));
    const wrong = guessed === '000000' ? '111111' : '000000';
    for (let attempt = 0; attempt < 5; attempt++) expect((await check(wrong)).body).toEqual(invalid);
    expect((await check(guessed)).body).toEqual(invalid);

    await callApi(env.server, 'PUT', '/users/verify', { body: { email } });
    expect((await check(codeFrom(await capture.waitForMail(email)))).status).toBe(200);
    expect(await auditActions(email)).toEqual(Array(8).fill('signupError:code_invalid'));
  });

  it('answers a code shorter than 6 characters and a malformed address with the spec messages', async () => {
    const short = await callApi(env.server, 'POST', '/users/verify', { body: { email: address('short'), code: '12345' } });
    expect(short.status).toBe(400);
    expect(short.body.message).toBe(MESSAGES.codeTooShort);
    for (const [method, path] of [['PUT', '/users/verify'], ['GET', '/auth/email/check?email=not-an-address'], ['POST', '/auth/email/signup']] as const) {
      const answer = await callApi(env.server, method, path, method === 'GET' ? {} : { body: { email: 'not-an-address', password: PASSWORD } });
      expect([answer.status, answer.body.message]).toEqual([400, MESSAGES.invalidEmail]);
    }
    // A control character fits the loose pattern but is no address (NUL, which cannot even be
    // stored, is refused for every REST call before it gets here: http/unstorable-text-guard.ts).
    const withBell = 'a\u0007b@example.test';
    for (const [method, path] of [['PUT', '/users/verify'], ['POST', '/users/verify'], ['GET', `/auth/email/check?email=${encodeURIComponent(withBell)}`], ['POST', '/auth/email/signin'], ['POST', '/auth/email/magicLink'], ['POST', '/auth/password/reset']] as const) {
      const answer = await callApi(env.server, method, path, method === 'GET' ? {} : { body: { email: withBell, password: PASSWORD, code: '123456' } });
      expect([method, path, answer.status, answer.body.message]).toEqual([method, path, 400, MESSAGES.invalidEmail]);
    }
    expect((await callApi(env.server, 'PUT', '/users/verify', { body: { email: 'a\u0000b@example.test' } })).status).toBe(400);
  });

  it('checks the password before spending the proof, and accepts a proof only for its own address', async () => {
    const email = address('rules');
    const token = await verifiedEmailProof(env.server, capture, email);
    const signUp = (password: string, forEmail = email, proof = token) => callApi(env.server, 'POST', '/auth/email/signup', { body: { email: forEmail, password, token: proof } });

    expect((await signUp('12345')).body.message).toBe(MESSAGES.passwordTooShort);
    expect((await signUp('Password123')).body.message).toBe(MESSAGES.commonPassword);
    expect((await signUp(PASSWORD, address('other'))).body.message).toBe(MESSAGES.codeInvalid);
    expect((await signUp(PASSWORD, email, 'made-up')).body.message).toBe(MESSAGES.codeInvalid);
    expect((await signUp(PASSWORD)).status).toBe(200);
    expect(await auditActions(email)).toEqual(['signupError:verified_email_proof_invalid']);
  });
});

describe('email sign-in', () => {
  it('signs in with the right password and answers each failure with the spec words', async () => {
    const email = address('signin');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const signIn = (body: Record<string, string>) => callApi(env.server, 'POST', '/auth/email/signin', { body });

    const ok = await signIn({ email: email.toUpperCase(), password: PASSWORD });
    expect(ok.status).toBe(200);
    expect(ok.body.data).toMatchObject({ user: { id: user.id } });
    expect((await callApi(env.server, 'GET', '/auth', { headers: cookieHeader(ok) })).body.data?.id).toBe(user.id);

    const wrong = await signIn({ email, password: 'not-the-password' });
    expect([wrong.status, wrong.body.message]).toEqual([401, MESSAGES.wrongEmailOrPassword]);
    expect(wrong.cookies).toEqual({});
    const unknownEmail = address('nobody');
    const unknown = await signIn({ email: unknownEmail, password: PASSWORD });
    expect([unknown.status, unknown.body.message]).toEqual([404, MESSAGES.signInUserNotFound]);
    const invalid = await signIn({ email: 'nobody@', password: PASSWORD });
    expect([invalid.status, invalid.body.message]).toEqual([400, MESSAGES.invalidEmail]);

    expect(await auditActions(email)).toEqual(['signinError:wrong_password']);
    expect(await auditActions(unknownEmail)).toEqual(['signinError:unknown_email']);
  });

  it('tells a Google-only, Twitter-only or Apple-only account which provider to use', async () => {
    const em = env.server.orm.em.fork();
    const guidance = { google: MESSAGES.useGoogleSignIn, twitter: MESSAGES.useTwitterSignIn, apple: MESSAGES.useAppleSignIn };
    for (const provider of ['google', 'twitter', 'apple'] as const) {
      const email = address(provider);
      await createSocialAccount(em, email, provider);
      const answer = await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: PASSWORD } });
      expect(answer.status).toBe(409);
      expect(answer.body).toMatchObject({ message: guidance[provider], details: { provider } });
      expect((await callApi(env.server, 'GET', `/auth/email/check?email=${encodeURIComponent(email)}`)).body.data).toEqual({ exists: false, verified: false, providers: [provider] });
    }
  });

  it('answers bearer clients with tokens that work as Authorization: Bearer', async () => {
    const email = address('bearer');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD, ['google']);
    expect((await callApi(env.server, 'GET', `/auth/email/check?email=${email}`)).body.data).toEqual({ exists: true, verified: true, providers: ['google'] });
    const answer = await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: PASSWORD }, headers: { 'x-session-transport': 'bearer' } });
    const { token, refreshToken } = answer.body.data as { token: string; refreshToken: string };
    expect(typeof refreshToken).toBe('string');
    expect((await callApi(env.server, 'GET', '/auth', { headers: { authorization: `Bearer ${token}` } })).body.data?.id).toBe(user.id);
  });
});

describe('sign-up with an address that already has an account', () => {
  it('signs in with the same password, and says so when the password is wrong', async () => {
    const email = address('existing');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const right = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token: '' } });
    expect(right.status).toBe(200);
    expect(right.body.data).toMatchObject({ user: { id: user.id }, isNewUser: false });
    expect(right.cookies.byline_session).toBeTruthy();
    const wrong = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: 'another-password-9', token: '' } });
    expect([wrong.status, wrong.body.message]).toEqual([401, MESSAGES.signUpExistingEmail]);
    expect(await auditActions(email)).toEqual(['signupError:wrong_password']);
  });

  it('gives a Google-only account an email login once the address is proved', async () => {
    const email = address('google-signup');
    const user = await createSocialAccount(env.server.orm.em.fork(), email, 'google');
    const token = await verifiedEmailProof(env.server, capture, email);
    const answer = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token } });
    expect(answer.body.data).toMatchObject({ user: { id: user.id }, isNewUser: false });
    expect((await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: PASSWORD } })).body.data).toMatchObject({ user: { id: user.id } });
  });
});

describe('adding an email login while signed in', () => {
  it("attaches the login to the viewer's account and refuses an address of another account", async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em, { email: null });
    const headers = { authorization: `Bearer ${(await createSession(em, env.server.config, viewer.id)).accessToken}` };
    const email = address('attach');
    const token = await verifiedEmailProof(env.server, capture, email);

    const attached = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token }, headers });
    expect(attached.status).toBe(200);
    expect(attached.body.data).toMatchObject({ user: { id: viewer.id }, isNewUser: false, linked: true });
    expect(await queryRows(env.database.url, 'select email from users where id = $1', [viewer.id])).toEqual([{ email }]);
    expect((await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: PASSWORD } })).body.data).toMatchObject({ user: { id: viewer.id } });

    const taken = address('taken');
    await createEmailAccount(em, taken, PASSWORD);
    const refused = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email: taken, password: PASSWORD, token: 'irrelevant' }, headers });
    expect([refused.status, refused.body.message]).toEqual([409, MESSAGES.emailLoginTaken]);
    const masquerading = { authorization: `Bearer ${env.server.tokenFor(viewer.id, (await createUser(em)).id)}` };
    const asAdmin = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email: address('admin'), password: PASSWORD, token: 'x' }, headers: masquerading });
    expect([asAdmin.status, asAdmin.body.message]).toEqual([403, MESSAGES.loginMethodsNeedSession]);
  });

  it('refuses a personal access token: a leaked one must not become a password', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em, { email: null });
    const { token: pat } = await createPersonalAccessToken(em, viewer.id, { name: 'CI', expiresInDays: null, scope: 'read_write' });
    const email = address('pat');
    const token = await verifiedEmailProof(env.server, capture, email);
    const refused = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token }, headers: { authorization: `Bearer ${pat}` } });
    expect([refused.status, refused.body.message]).toEqual([403, MESSAGES.loginMethodsNeedSession]);
    expect(await queryRows(env.database.url, 'select provider from login_credentials where user_id = $1', [viewer.id])).toEqual([]);
  });
});

describe('sign-up coming back to a team invitation', () => {
  async function inviteTo(email: string, expiresInMs = 86_400_000): Promise<string> {
    const owner = await createUser(env.server.orm.em.fork());
    const team = await createTeam(env.server.orm.em.fork(), [{ user: owner, role: 'manager', status: 'active' }]);
    const code = `invite-${uniqueSuffix()}`;
    await queryRows(env.database.url, 'insert into invitations (team_id, code, email, expires_at) values ($1, $2, $3, $4)', [team.id, code, email, new Date(Date.now() + expiresInMs)]);
    return code;
  }

  it('accepts the open invitation mailed to the address as its proof, without a code', async () => {
    const email = address('invited');
    const invitationCode = await inviteTo(email.toUpperCase());
    const answer = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, invitationCode } });
    expect(answer.status).toBe(200);
    expect(answer.body.data).toMatchObject({ isNewUser: true });
    expect(answer.cookies.byline_session).toBeTruthy();
  });

  it('refuses an invitation for another address or an expired one, asking for a code instead, and keeps nothing', async () => {
    const email = address('not-invited');
    for (const invitationCode of [await inviteTo(address('someone-else')), await inviteTo(email, -1000)]) {
      const answer = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, invitationCode } });
      expect([answer.status, answer.body.message]).toEqual([400, MESSAGES.invitationNotForAddress]);
      expect(answer.body.details).toEqual({ proof: 'invitation' });
    }
    expect(await queryRows(env.database.url, 'select id from users where email = $1', [email])).toEqual([]);
  });
});
