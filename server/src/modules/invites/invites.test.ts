import { describe, expect, it } from 'vitest';
import { INVITE_MESSAGES, INVITES_PER_DAY } from '../../../../domain/invites.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useMailingTestServer } from '../../test-support/test-server.js';
import { callApi, verifiedEmailProof } from '../auth/index.js';
import { INVITE_ACCEPTED_KIND } from './referral.js';

const { env, mail } = useMailingTestServer();

const INVITE = 'mutation($input: InviteFriendInput!) { inviteFriend(input: $input) { email inviteUrl } }';
const PASSWORD = 'tangerine-lighthouse-42';

async function inviter(fields: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(env.server.orm.em.fork(), { name: 'Maya Lin', ...fields });
  return { user, token: env.server.tokenFor(user.id) };
}

function invite(token: string | undefined, email: string) {
  return graphql<{ inviteFriend: { email: string; inviteUrl: string } }>(env.server, INVITE, { token, variables: { input: { email } } });
}

function friendAddress(): string {
  return `friend_${uniqueSuffix()}@example.test`;
}

/** Signs up through the email form (verification code, then the password), as the web app does. */
async function signUp(email: string, invitedBy?: string) {
  const token = await verifiedEmailProof(env.server, mail, email);
  const answer = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token, ...(invitedBy ? { invitedBy } : {}) } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const [row] = await queryRows<{ id: number }>(env.database.url, 'select id from users where lower(email) = $1', [email.toLowerCase()]);
  return row?.id ?? 0;
}

async function referralsOf(inviterId: number) {
  return queryRows<{ invitee_id: number | null; email: string | null; accepted: boolean }>(
    env.database.url,
    'select invitee_id, email, accepted_at is not null as accepted from user_invitations where inviter_id = $1 order by id',
    [inviterId],
  );
}

async function noticesOf(userId: number) {
  return queryRows<{ kind: string; message: string }>(env.database.url, 'select kind, message from notifications where user_id = $1 order by id', [userId]);
}

describe('inviteFriend', () => {
  it('mails the friend a sign-up link that credits the inviter, and records the invitation', async () => {
    const { user, token } = await inviter();
    const email = friendAddress();
    const answer = await invite(token, `  ${email.toUpperCase()} `);
    expect(answer.body.errors).toBeUndefined();
    const expectedUrl = `${env.server.config.publicUrl.replace(/\/+$/, '')}/signup?invitedBy=${user.username}`;
    expect(answer.body.data?.inviteFriend).toEqual({ email, inviteUrl: expectedUrl });

    const message = await mail.waitForMail(email);
    expect(message.subject).toBe('Maya Lin invited you to Byline');
    expect(message.text).toContain(expectedUrl);
    expect(message.html).toContain(expectedUrl);
    expect(await referralsOf(user.id)).toEqual([{ invitee_id: null, email, accepted: false }]);
  });

  it('refuses an address that is not one, in the spec’s words', async () => {
    const { token } = await inviter();
    const answer = await invite(token, 'not-an-address');
    expect(answer.body.errors?.[0]).toMatchObject({ message: MESSAGES.invalidEmail, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses the inviter’s own address, a member’s address, and an inviter without a username', async () => {
    const { user, token } = await inviter();
    expect((await invite(token, user.email ?? '')).body.errors?.[0]?.message).toBe(INVITE_MESSAGES.ownAddress);
    const { user: member } = await inviter();
    expect((await invite(token, member.email?.toUpperCase() ?? '')).body.errors?.[0]).toMatchObject({ message: INVITE_MESSAGES.alreadyMember, extensions: { code: 'CONFLICT' } });
    const { token: unfinished } = await inviter({ username: null });
    expect((await invite(unfinished, friendAddress())).body.errors?.[0]?.message).toBe(INVITE_MESSAGES.usernameFirst);
    expect((await invite(undefined, friendAddress())).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it(`allows ${INVITES_PER_DAY} invitations a day per inviter, then refuses with 429`, async () => {
    const { user, token } = await inviter();
    for (let sent = 0; sent < INVITES_PER_DAY; sent++) expect((await invite(token, friendAddress())).body.errors).toBeUndefined();
    const over = await invite(token, friendAddress());
    expect(over.body.errors?.[0]).toMatchObject({ message: INVITE_MESSAGES.dailyLimit, extensions: { code: 'RATE_LIMITED' } });
    expect(await referralsOf(user.id)).toHaveLength(INVITES_PER_DAY);
    // Another person's allowance is their own.
    const { token: other } = await inviter();
    expect((await invite(other, friendAddress())).body.errors).toBeUndefined();
  });
});

describe('referrals at sign-up', () => {
  it('records a friend who signs up through the invite link, and tells the inviter', async () => {
    const { user } = await inviter();
    const friendId = await signUp(friendAddress(), user.username ?? '');
    expect(await referralsOf(user.id)).toEqual([expect.objectContaining({ invitee_id: friendId, accepted: true })]);
    expect(await noticesOf(user.id)).toEqual([{ kind: INVITE_ACCEPTED_KIND, message: 'A friend joined Byline from your invitation.' }]);
  });

  it('credits the inviter who mailed the address, even when the friend signs up without the link', async () => {
    const { user, token } = await inviter();
    const email = friendAddress();
    await invite(token, email);
    await mail.waitForMail(email);
    const friendId = await signUp(email);
    expect(await referralsOf(user.id)).toEqual([{ invitee_id: friendId, email, accepted: true }]);
    expect(await noticesOf(user.id)).toEqual([{ kind: INVITE_ACCEPTED_KIND, message: `${email} joined Byline from your invitation.` }]);
  });

  it('ignores an unknown inviter and does not fail the sign-up', async () => {
    const friendId = await signUp(friendAddress(), 'nobody_by_that_name');
    expect(friendId).toBeGreaterThan(0);
    expect(await queryRows(env.database.url, 'select 1 from user_invitations where invitee_id = $1', [friendId])).toEqual([]);
  });

  it('refers a person once: signing up again (signing in) adds nothing', async () => {
    const { user } = await inviter();
    const { user: second } = await inviter();
    const email = friendAddress();
    await signUp(email, user.username ?? '');
    // Sign-up with an existing address signs in (docs/product.md §Sign-in): no new account, no second referral.
    const again = await callApi(env.server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token: 'x', invitedBy: second.username } });
    expect(again.status).toBe(200);
    expect(await referralsOf(second.id)).toEqual([]);
    expect(await referralsOf(user.id)).toHaveLength(1);
  });
});

describe('recordReferral (Google and Twitter sign-ups, once back in the app)', () => {
  const RECORD = 'mutation($input: RecordReferralInput!) { recordReferral(input: $input) { recorded } }';
  const record = (token: string, invitedBy: string) => graphql<{ recordReferral: { recorded: boolean } }>(env.server, RECORD, { token, variables: { input: { invitedBy } } });

  it('records the inviter of a new account once, and tells them', async () => {
    const { user: friendOf } = await inviter();
    const { user: other } = await inviter();
    const { user: newcomer, token } = await inviter({ username: null, termsAcknowledgedAt: null });
    expect((await record(token, friendOf.username?.toUpperCase() ?? '')).body.data?.recordReferral.recorded).toBe(true);
    expect(await referralsOf(friendOf.id)).toEqual([{ invitee_id: newcomer.id, email: newcomer.email, accepted: true }]);
    expect(await noticesOf(friendOf.id)).toEqual([{ kind: INVITE_ACCEPTED_KIND, message: 'A friend joined Byline from your invitation.' }]);
    // A person is invited once: a second link changes nothing.
    expect((await record(token, other.username ?? '')).body.data?.recordReferral.recorded).toBe(false);
    expect(await referralsOf(other.id)).toEqual([]);
  });

  it('refuses an account older than a day, an unknown inviter, and ignores the viewer’s own link', async () => {
    const { user: friendOf } = await inviter();
    const { user: old, token: oldToken } = await inviter();
    await queryRows(env.database.url, "update users set created_at = now() - interval '25 hours' where id = $1", [old.id]);
    expect((await record(oldToken, friendOf.username ?? '')).body.errors?.[0]?.message).toBe(INVITE_MESSAGES.referralTooLate);

    const { user: newcomer, token } = await inviter();
    expect((await record(token, 'nobody_by_that_name')).body.errors?.[0]).toMatchObject({ message: MESSAGES.userNotFound, extensions: { code: 'NOT_FOUND' } });
    expect((await record(token, newcomer.username ?? '')).body.data?.recordReferral.recorded).toBe(false);
    expect(await queryRows(env.database.url, 'select 1 from user_invitations where invitee_id = $1', [newcomer.id])).toEqual([]);
  });
});
