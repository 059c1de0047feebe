import { describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { uniqueSuffix } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { useMailingTestServer } from '../../../test-support/test-server.js';
import { callApi, createEmailAccount, linkTokenFrom } from '../email/email-auth.test-support.js';

const PUBLIC_URL = 'https://byline.example';
// Three wrong passwords per account; callers speak through a proxy on loopback (X-Forwarded-For).
const overrides: Partial<AppConfig> = { publicUrl: PUBLIC_URL, authAttemptsPerIp: 6, authAttemptsPerAccount: 3, trustProxy: ['loopback'] };
const { env, mail: capture } = useMailingTestServer(overrides);

const PASSWORD = 'steady-anchor-52';
const NEW_PASSWORD = 'fresh-meadow-19';
const address = (name: string) => `${name}.${uniqueSuffix()}@example.test`;
let lastOctet = 0;
/** A caller address never used before in this file: the attacker holds as many as it likes. */
const freshIp = () => `203.0.113.${++lastOctet}`;

function signIn(email: string, password: string, ip = freshIp()) {
  return callApi(env.server, 'POST', '/auth/email/signin', { body: { email, password }, ip });
}

/** Moves the account's last counted guess `seconds` into the past, as if that time had gone by. */
async function letTimePass(email: string, seconds: number): Promise<void> {
  await queryRows(env.database.url, `update rate_limit_hits set reset_at = reset_at - make_interval(secs => $2) where key = $1`, [`auth:password-account:${email}`, seconds]);
}

async function spendBudget(email: string): Promise<void> {
  for (let guess = 0; guess < 3; guess++) expect((await signIn(email, `guess-${guess}-wrong`)).body.message).toBe(MESSAGES.wrongEmailOrPassword);
}

describe('IPv6 callers', () => {
  it('count a whole /64 as one caller: rotating through its addresses gives no new allowance', async () => {
    const check = (ip: string) => callApi(env.server, 'GET', `/auth/email/check?email=${address('v6')}`, { ip });
    for (let call = 1; call <= 6; call++) expect((await check(`2001:db8:64:1::${call.toString(16)}`)).status).toBe(200);
    expect((await check('2001:db8:64:1:ffff:ffff:ffff:ffff')).body).toEqual({ success: false, code: 'RATE_LIMITED', message: MESSAGES.tooManyAttempts });
    // The next /64 is someone else.
    expect((await check('2001:db8:64:2::1')).status).toBe(200);
  });
});

describe("an account's password budget", () => {
  it('is shared by every caller: past it, password sign-in pauses for everyone, with the ways in that still work', async () => {
    const email = address('target');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    await spendBudget(email);

    const paused = await signIn(email, 'guess-from-a-new-address');
    expect(paused.status).toBe(429);
    expect(paused.body).toMatchObject({ code: 'RATE_LIMITED', message: MESSAGES.passwordGuessesPaused, details: { alternatives: ['magic_link', 'password_reset'] } });
    const retryAfter = paused.body.details?.retryAfterSeconds as number;
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // The right password is refused too while paused, or the pause would tell an attacker when they guessed it.
    expect((await signIn(email, PASSWORD)).body.message).toBe(MESSAGES.passwordGuessesPaused);

    // No lockout: the owner signs in with a magic link meanwhile.
    expect((await callApi(env.server, 'POST', '/auth/email/magicLink', { body: { email, returnTo: '/' }, ip: freshIp() })).status).toBe(200);
    const magic = linkTokenFrom(await capture.waitForMail(email), `${PUBLIC_URL}/signin?magic=`, 'magic');
    expect((await callApi(env.server, 'POST', '/auth/email/signin/magic', { body: { token: magic }, ip: freshIp() })).body.data).toMatchObject({ user: { id: user.id } });
  });

  it('is whole again once the password is reset', async () => {
    const email = address('reset');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    await spendBudget(email);
    expect((await signIn(email, PASSWORD)).status).toBe(429);

    expect((await callApi(env.server, 'POST', '/auth/password/reset', { body: { email }, ip: freshIp() })).status).toBe(200);
    const token = linkTokenFrom(await capture.waitForMail(email), `${PUBLIC_URL}/reset-password?token=`, 'token');
    expect((await callApi(env.server, 'POST', '/auth/password/reset/confirm', { body: { token, password: NEW_PASSWORD }, ip: freshIp() })).status).toBe(200);

    expect((await signIn(email, NEW_PASSWORD)).body.data).toMatchObject({ user: { id: user.id } });
  });

  it('backs off: one guess when a pause ends, then a pause twice as long; racing guesses get one through', async () => {
    const email = address('backoff');
    const user = await createEmailAccount(env.server.orm.em.fork(), email, PASSWORD);
    await spendBudget(email);

    await letTimePass(email, 61);
    expect((await signIn(email, 'after-the-first-pause')).body.message).toBe(MESSAGES.wrongEmailOrPassword);
    const second = await signIn(email, 'too-soon-again');
    expect(second.body.message).toBe(MESSAGES.passwordGuessesPaused);
    expect(second.body.details?.retryAfterSeconds).toBeGreaterThan(60);
    expect(second.body.details?.retryAfterSeconds).toBeLessThanOrEqual(120);

    await letTimePass(email, 121);
    const racing = await Promise.all(Array.from({ length: 5 }, (_, index) => signIn(email, `racing-guess-${index}`)));
    expect(racing.map((answer) => answer.status).sort()).toEqual([401, 429, 429, 429, 429]);

    // The owner's right password, once a pause has ended, signs in as ever.
    await letTimePass(email, 241);
    expect((await signIn(email, PASSWORD)).body.data).toMatchObject({ user: { id: user.id } });
  });
});
