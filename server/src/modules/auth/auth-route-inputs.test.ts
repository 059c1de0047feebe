import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../domain/messages.js';
import { uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { callApi, createEmailAccount } from './email/email-auth.test-support.js';

/** The auth REST routes parse their inputs with zod: a call that does not fit is a 400 in the spec's words, naming the field. */
const env = useTestServer({ authAttemptsPerIp: 10_000, google: null, twitter: null });

const refused = (message: string, field: string) => ({ status: 400, body: { success: false, code: 'BAD_USER_INPUT', message, details: { field } } });
const PASSWORD = 'sturdy-lantern-27';
const address = () => `inputs.${uniqueSuffix()}@example.test`;

async function answer(method: string, path: string, body?: unknown) {
  const { status, body: answered } = await callApi(env.server, method, path, body === undefined ? {} : { body });
  return { status, body: answered };
}

describe('auth REST inputs', () => {
  it('an address is required, once, as text', async () => {
    expect(await answer('POST', '/auth/email/magicLink', {})).toEqual(refused(MESSAGES.emailRequired, 'email'));
    expect(await answer('POST', '/auth/password/reset', { email: '   ' })).toEqual(refused(MESSAGES.emailRequired, 'email'));
    expect(await answer('PUT', '/users/verify', { email: 42 })).toEqual(refused(MESSAGES.invalidEmail, 'email'));
    expect(await answer('GET', `/auth/email/check?email=${address()}&email=${address()}`)).toEqual(refused(MESSAGES.invalidEmail, 'email'));
    expect(await answer('POST', '/auth/email/signin', [address(), PASSWORD])).toEqual(refused(MESSAGES.emailRequired, 'body'));
  });

  it('a password that is not text is refused before it counts as a guess', async () => {
    const email = address();
    await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    expect(await answer('POST', '/auth/email/signin', { email, password: 12_345_678 })).toEqual(refused(MESSAGES.passwordTooShort, 'password'));
    expect(await answer('POST', '/auth/email/signin', { email })).toEqual(refused(MESSAGES.passwordTooShort, 'password'));
    expect(await answer('POST', '/auth/email/signup', { email, password: 'x'.repeat(1_001), token: 'proof' })).toEqual(refused(MESSAGES.passwordTooLong, 'password'));
    expect(await queryRows(env.database.url, "select 1 from audit_logs where fields->>'email' = $1", [email])).toEqual([]);
  });

  it('codes, links and tokens must be text of a sane length', async () => {
    expect(await answer('POST', '/users/verify', { email: address(), code: 123_456 })).toEqual(refused(MESSAGES.codeTooShort, 'code'));
    expect(await answer('POST', '/auth/email/signup', { email: address(), password: PASSWORD, token: { $ne: null } })).toEqual(refused(MESSAGES.codeInvalid, 'token'));
    expect(await answer('POST', '/auth/email/signin/magic', { token: ['a', 'b'] })).toEqual(refused(MESSAGES.linkInvalid, 'token'));
    expect(await answer('POST', '/auth/password/reset/confirm', { token: 'x'.repeat(201), password: PASSWORD })).toEqual(refused(MESSAGES.linkInvalid, 'token'));
    expect(await answer('POST', '/auth/email/magicLink', { email: address(), returnTo: { path: '/' } })).toEqual(refused(MESSAGES.returnPathInvalid, 'returnTo'));
    expect(await answer('POST', '/auth/refresh', { refreshToken: 5 })).toEqual(refused('refreshToken must be text.', 'refreshToken'));
    expect(await answer('POST', '/auth/signout', { refreshToken: ['a'] })).toEqual(refused('refreshToken must be text.', 'refreshToken'));
  });

  it('the Google, Twitter and captcha calls check their inputs before anything else', async () => {
    expect(await answer('POST', '/auth/google/captcha', { token: 5 })).toEqual(refused(MESSAGES.captchaFailed, 'token'));
    expect(await answer('POST', '/auth/google/captcha', {})).toEqual(refused(MESSAGES.captchaFailed, 'token'));
    expect(await answer('POST', '/auth/google/tokens', { code: 42 })).toEqual(refused(MESSAGES.somethingWentWrong, 'code'));
    expect(await answer('POST', '/auth/google/signin', { idToken: 'x'.repeat(8_193) })).toEqual(refused(MESSAGES.somethingWentWrong, 'idToken'));
    expect(await answer('GET', '/auth/google?returnTo=/a&returnTo=/b')).toEqual(refused('returnTo must be text.', 'returnTo'));
    expect(await answer('GET', '/auth/twitter/callback?oauth_token=a&oauth_token=b')).toEqual(refused('oauth_token must be text.', 'oauth_token'));
  });
});
