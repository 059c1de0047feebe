import { beforeAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { uniqueSuffix } from '../../../test-support/factories.js';
import { freePort } from '../../../test-support/free-port.js';
import { queryRows } from '../../../test-support/sql.js';
import { useTestServer } from '../../../test-support/test-server.js';
import { callApi, createEmailAccount } from '../email/email-auth.test-support.js';

// Low limits, and an SMTP server that is not there: every mail fails to send. The tests speak
// through a proxy on loopback, which says who the caller is in X-Forwarded-For.
const overrides: Partial<AppConfig> = { authAttemptsPerIp: 6, authAttemptsPerAccount: 3, trustProxy: ['loopback'] };
beforeAll(async () => {
  overrides.smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
});
const env = useTestServer(overrides);

const address = (name: string) => `${name}.${uniqueSuffix()}@example.test`;
/** Each test speaks from its own documentation-range addresses, so the per-IP counts stay apart. */
const ip = (last: number) => `198.51.100.${last}`;
const tooMany = { success: false, code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts };
const PASSWORD = 'quiet-harbour-64';

describe('auth rate limits', () => {
  it('counts every auth call per address and answers 429 past the limit, without affecting other addresses', async () => {
    const check = (from: string) => callApi(env.server, 'GET', `/auth/email/check?email=${address('x')}`, { ip: from });
    for (let call = 0; call < 6; call++) expect((await check(ip(1))).status).toBe(200);
    expect((await check(ip(1))).body).toEqual(tooMany);
    expect((await callApi(env.server, 'POST', '/auth/email/signin', { body: { email: address('y'), password: PASSWORD }, ip: ip(1) })).body).toEqual(tooMany);
    expect((await check(ip(2))).status).toBe(200);
  });

  it('counts only wrong passwords, per caller and per account', async () => {
    const email = address('owner');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const signIn = (password: string, from: string) => callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password }, ip: from });

    // Only failures add up: the owner signing in again and again is never limited.
    for (let again = 0; again < 4; again++) expect((await signIn(PASSWORD, ip(12))).body.data).toMatchObject({ user: { id: user.id } });

    for (let guess = 0; guess < 3; guess++) expect((await signIn(`guess-${guess}-password`, ip(10))).body.message).toBe(MESSAGES.wrongEmailOrPassword);
    expect((await signIn(PASSWORD, ip(10))).body).toEqual(tooMany);
    // The account's budget is spent from anywhere (password-guessing.test.ts: the pause and the ways around it).
    expect((await signIn(PASSWORD, ip(11))).body).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.passwordGuessesPaused });
  });

  it('limits mail to one address whoever asks, answering the same whether or not it has an account', async () => {
    const email = address('mailbox');
    for (let call = 0; call < 3; call++) {
      const answer = await callApi(env.server, 'POST', call % 2 ? '/auth/password/reset' : '/auth/email/magicLink', { body: { email }, ip: ip(20 + call) });
      expect(answer.body).toEqual({ success: true, data: { message: MESSAGES.emailSent } });
    }
    expect((await callApi(env.server, 'PUT', '/users/verify', { body: { email }, ip: ip(30) })).body).toEqual(tooMany);
  });
});

describe('mail that cannot be sent', () => {
  it('answers a code request with 422, the spec message and advice, and keeps nothing', async () => {
    const email = address('unsent');
    const answer = await callApi(env.server, 'PUT', '/users/verify', { body: { email, returnTo: '/' }, ip: ip(40) });
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({
      success: false,
      code: 'UNPROCESSABLE',
      message: MESSAGES.emailVerificationFailed,
      details: { advice: MESSAGES.emailVerificationAdvice },
    });
    expect(await queryRows(env.database.url, 'select id from one_time_tokens where email = $1', [email])).toEqual([]);
  });

  it('answers a reset request for a real account with the generic message and keeps no link', async () => {
    const email = address('unsent-reset');
    await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    const answer = await callApi(env.server, 'POST', '/auth/password/reset', { body: { email }, ip: ip(41) });
    expect([answer.status, answer.body.message]).toEqual([422, MESSAGES.somethingWentWrong]);
    expect(await queryRows(env.database.url, 'select id from one_time_tokens where email = $1', [email])).toEqual([]);
  });
});
