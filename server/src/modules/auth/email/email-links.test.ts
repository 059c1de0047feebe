import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { uniqueSuffix } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { useMailingTestServer } from '../../../test-support/test-server.js';
import { callApi, cookieHeader, createEmailAccount, createSocialAccount, linkTokenFrom } from './email-auth.test-support.js';
import { createPersonalAccessToken } from '../tokens/personal-access-token.service.js';

const PUBLIC_URL = 'https://byline.example';
const overrides: Partial<AppConfig> = { publicUrl: PUBLIC_URL, authAttemptsPerIp: 10_000, authAttemptsPerAccount: 1_000 };
const { env, mail: capture } = useMailingTestServer(overrides);

const address = (name: string) => `${name}.${uniqueSuffix()}@example.test`;
const PASSWORD = 'old-lantern-71';
const NEW_PASSWORD = 'new-compass-38';

async function mailedMagicToken(email: string, returnTo: unknown): Promise<string> {
  const asked = await callApi(env.server, 'POST', '/auth/email/magicLink', { body: { email, returnTo } });
  expect(asked.body).toEqual({ success: true, data: { message: MESSAGES.emailSent } });
  return linkTokenFrom(await capture.waitForMail(email), `${PUBLIC_URL}/signin?magic=`, 'magic');
}

async function mailedResetToken(email: string): Promise<string> {
  const asked = await callApi(env.server, 'POST', '/auth/password/reset', { body: { email } });
  expect(asked.body).toEqual({ success: true, data: { message: MESSAGES.emailSent } });
  return linkTokenFrom(await capture.waitForMail(email), `${PUBLIC_URL}/reset-password?token=`, 'token');
}

async function magicLinkFailures(): Promise<number> {
  const rows = await queryRows(env.database.url, "select 1 from audit_logs where action = 'signinError' and fields->>'reason' = 'magic_link_invalid'");
  return rows.length;
}

const linkInvalid = { success: false, code: 'BAD_USER_INPUT', message: MESSAGES.linkInvalid };

describe('magic link', () => {
  it('mails a single-use sign-in link that opens a session and hands back a same-site returnTo', async () => {
    const email = address('magic');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const token = await mailedMagicToken(email, '/explore?tags=film~1');

    const signedIn = await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token } });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.data).toMatchObject({ user: { id: user.id }, returnTo: '/explore?tags=film~1' });
    expect((await callApi(env.server, 'GET', '/auth', { headers: cookieHeader(signedIn) })).body.data?.id).toBe(user.id);
    expect((await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token } })).body).toEqual(linkInvalid);

    const offSite = await mailedMagicToken(email, '//evil.example/steal');
    expect((await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token: offSite } })).body.data).toMatchObject({ returnTo: null });
  });

  it('refuses an expired or made-up link, and answers the same for an address without an account', async () => {
    const email = address('expired');
    await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const token = await mailedMagicToken(email, null);
    const failuresBefore = await magicLinkFailures();
    await queryRows(env.database.url, "update one_time_tokens set expires_at = now() - interval '1 second' where email = $1 and purpose = 'magic_link'", [email]);
    expect((await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token } })).body).toEqual(linkInvalid);
    expect((await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token: 'made-up' } })).body).toEqual(linkInvalid);

    const nobody = address('nobody');
    const asked = await callApi(env.server, 'POST', '/auth/email/magicLink', { body: { email: nobody, returnTo: '/' } });
    expect(asked.body).toEqual({ success: true, data: { message: MESSAGES.emailSent } });
    expect(capture.messages.filter((mail) => mail.to.includes(nobody))).toEqual([]);
    expect((await magicLinkFailures()) - failuresBefore).toBe(2);
  });
});

describe('password reset', () => {
  it('sets a new password with the mailed link, ends every other session, and works once', async () => {
    const email = address('reset');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const bearer = await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: PASSWORD }, headers: { 'x-session-transport': 'bearer' } });
    const { token: oldToken, refreshToken: oldRefresh } = bearer.body.data as { token: string; refreshToken: string };
    const webSession = await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: PASSWORD } });

    const token = await mailedResetToken(email);
    const confirm = (password: string, secret = token) => callApi(env.server, 'POST', '/auth/password/reset/confirm', { body: { token: secret, password } });
    expect((await confirm('short')).body.message).toBe(MESSAGES.passwordTooShort);
    const reset = await confirm(NEW_PASSWORD);
    expect(reset.status).toBe(200);
    expect(reset.body.data).toMatchObject({ user: { id: user.id }, message: MESSAGES.passwordChanged });
    expect((await callApi(env.server, 'GET', '/auth', { headers: cookieHeader(reset) })).body.data?.id).toBe(user.id);

    expect((await callApi(env.server, 'GET', '/auth', { headers: { authorization: `Bearer ${oldToken}` } })).status).toBe(401);
    expect((await callApi(env.server, 'GET', '/auth', { headers: { cookie: `byline_refresh=${webSession.cookies.byline_refresh}` } })).status).toBe(401);
    expect((await callApi(env.server, 'POST', '/auth/refresh', { body: { refreshToken: oldRefresh } })).status).toBe(401);

    const signIn = (password: string) => callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password } });
    expect((await signIn(PASSWORD)).body.message).toBe(MESSAGES.wrongEmailOrPassword);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
    expect((await confirm('yet-another-pass-5')).body).toEqual(linkInvalid);
    expect((await confirm(NEW_PASSWORD, 'made-up')).body).toEqual(linkInvalid);
  });

  it('takes back every way in that existed before it: access tokens, other reset and magic links; and tells the owner', async () => {
    const email = address('takeover');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const { token: accessToken } = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'CI', expiresInDays: null, scope: 'read_write' });
    const asOwner = () => callApi(env.server, 'GET', '/auth', { headers: { authorization: `Bearer ${accessToken}` } });
    expect((await asOwner()).body.data?.id).toBe(user.id);
    const olderReset = await mailedResetToken(email);
    const magic = await mailedMagicToken(email, '/');
    const reset = await mailedResetToken(email);

    const confirmed = await callApi(env.server, 'POST', '/auth/password/reset/confirm', { body: { token: reset, password: NEW_PASSWORD } });
    expect(confirmed.status).toBe(200);

    expect((await asOwner()).status).toBe(401);
    expect((await callApi(env.server, 'POST', '/auth/password/reset/confirm', { body: { token: olderReset, password: 'someone-elses-pass-3' } })).body).toEqual(linkInvalid);
    expect((await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token: magic } })).body).toEqual(linkInvalid);
    expect((await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: NEW_PASSWORD } })).status).toBe(200);

    const notice = await capture.waitForMail(email, { subject: /password was changed/ });
    expect(notice.text).toContain(`${PUBLIC_URL}/settings/login`);
    expect(await queryRows(env.database.url, 'select kind, status, link from notifications where user_id = $1', [user.id])).toEqual([
      { kind: 'password_changed', status: 'new', link: '/settings/login' },
    ]);
  });

  it('gives a Google-only account an email login, and answers the same for an unknown address', async () => {
    const email = address('google-reset');
    const user = await createSocialAccount(env.server.orm.em.fork(), email, 'google');
    const reset = await callApi(env.server, 'POST', '/auth/password/reset/confirm', { body: { token: await mailedResetToken(email), password: NEW_PASSWORD } });
    expect(reset.body.data).toMatchObject({ user: { id: user.id } });
    expect((await callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password: NEW_PASSWORD } })).body.data).toMatchObject({ user: { id: user.id } });

    const nobody = address('nobody');
    expect((await callApi(env.server, 'POST', '/auth/password/reset', { body: { email: nobody } })).body).toEqual({ success: true, data: { message: MESSAGES.emailSent } });
    expect(capture.messages.filter((mail) => mail.to.includes(nobody))).toEqual([]);
  });

  it('refuses an expired reset link', async () => {
    const email = address('reset-expired');
    await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const token = await mailedResetToken(email);
    await queryRows(env.database.url, "update one_time_tokens set expires_at = now() - interval '1 second' where email = $1 and purpose = 'password_reset'", [email]);
    expect((await callApi(env.server, 'POST', '/auth/password/reset/confirm', { body: { token, password: NEW_PASSWORD } })).body).toEqual(linkInvalid);
  });
});
