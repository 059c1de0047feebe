import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { RoleFlag } from '../../../../domain/enums.js';
import { NetworkId } from '../../../../domain/networks.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createAccount, createCredit, createPost, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';
import { queryRows } from '../../test-support/sql.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { callApi, verifiedEmailProof, resolveExternalIdentity } from '../auth/index.js';
import { SocialAccount } from '../networks/index.js';
import { User } from '../users/index.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/index.js';
import { claimCreditsOfAccount, hashClaimToken, newClaimToken } from './credit-claims.js';
import { Credit } from './credit.entity.js';
import { EMAIL_INVITE_LIMIT_MESSAGE, EMAIL_INVITES_PER_DAY } from './credit.service.js';
import { addCreditAs, answerAs, ask, errorOf, nodeAs, postCreditsAs, userId } from './credits.test-support.js';

let database: TestDatabase;
let capture: SmtpCapture;
let receiver: WebhookReceiver;
let server: TestServer;
const sockets: Client[] = [];

beforeAll(async () => {
  [database, capture, receiver] = await Promise.all([createTestDatabase(), startSmtpCapture(), startWebhookReceiver()]);
  server = await startTestServer(database.url, { smtpUrl: capture.url, webhookPrivateOrigins: [receiver.origin] });
});

afterAll(async () => {
  for (const socket of sockets) await socket.dispose();
  await server?.stop();
  await Promise.all([capture?.close(), receiver?.close()]);
  await database?.drop();
});

const em = () => server.orm.em.fork();
const PASSWORD = 'credits-test-passphrase-42';
const CLAIM_QUERY = 'query($token: String!) { creditClaim(token: $token) { inviteeDisplayName role { name } addedBy { databaseId } post { databaseId } } }';
const CLAIM_MUTATION = 'mutation($input: ClaimCreditInput!) { claimCredit(input: $input) { credit { id status user { databaseId } invitee { displayName } } } }';

function claimTokenOf(url: string): string {
  const match = new RegExp(`^${server.config.publicUrl.replace(/\/+$/, '')}/credits/claim/([A-Za-z0-9_-]{43})$`).exec(url);
  expect(match, url).not.toBeNull();
  return match![1]!;
}

describe('crediting someone not on Byline by email', () => {
  it('mails them a claim link; signing up with that address makes the credit theirs, pending', async () => {
    const db = em();
    const tracker = await createUser(db);
    const post = await createPost(db, { createdBy: tracker });
    const email = `new.person.${uniqueSuffix()}@example.test`;
    const added = await addCreditAs(server, tracker.id, post, { email: email.toUpperCase() }, 2);
    expect(added.body.errors).toBeUndefined();
    const credit = added.body.data!.addCredit.credit;
    // The emailed link is the invitee's alone: the adder is not handed it.
    expect(added.body.data!.addCredit.claimUrl).toBeNull();
    expect(credit).toMatchObject({ status: 'PENDING', user: null, invitee: { email, displayName: 'n…@example.test', socialAccount: null } });
    // Only the adder reads the address back; others concerned see who it is without it.
    const admin = await createUser(db, { roleFlags: [RoleFlag.admin] });
    expect((await nodeAs(server, admin.id, credit.id))?.invitee).toEqual({ email, displayName: 'n…@example.test', socialAccount: null });
    const owner = await createUser(db);
    const account = await db.findOneOrFail(SocialAccount, post.account.id);
    account.owner = db.getReference(User, owner.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    await db.flush();
    expect((await nodeAs(server, owner.id, credit.id))?.invitee).toEqual({ email: null, displayName: 'n…@example.test', socialAccount: null });
    expect(await postCreditsAs(server, null, post)).toEqual([]);

    const mail = await capture.waitForMail(email);
    expect(mail.subject).toBe(`${tracker.name} credited you on Byline`);
    expect(mail.text).toContain(`${tracker.name} credited you as 📷 Photographer on @${account.handle}’s post.`);
    const link = mail.text.split(/\s+/).find((word) => word.includes('/credits/claim/'))!;
    const token = claimTokenOf(link);
    expect(mail.html).toContain(link);
    const [stored] = await queryRows<{ claim_token_hash: string }>(database.url, 'select claim_token_hash from credits where id = $1', [credit.databaseId]);
    expect(stored!.claim_token_hash).toBe(hashClaimToken(token));

    const preview = await ask(server, null, CLAIM_QUERY, { token });
    expect(preview.body.data).toEqual({ creditClaim: { inviteeDisplayName: 'n…@example.test', role: { name: 'Photographer' }, addedBy: { databaseId: tracker.id }, post: { databaseId: post.id } } });

    // They sign up with that address: the credit is theirs, waiting for their answer.
    const proof = await verifiedEmailProof(server, capture, email);
    const signedUp = await callApi(server, 'POST', '/auth/email/signup', { body: { email, password: PASSWORD, token: proof } });
    expect(signedUp.status, JSON.stringify(signedUp.body)).toBe(200);
    const newUserId = (signedUp.body.data!.user as { id: number }).id;
    expect(await nodeAs(server, newUserId, credit.id)).toMatchObject({ status: 'PENDING', user: { databaseId: newUserId }, invitee: null, viewerCan: { accept: true, decline: true } });
    expect(await queryRows(database.url, 'select kind, credit_id from notifications where user_id = $1', [newUserId])).toEqual([{ kind: 'credit_added', credit_id: credit.databaseId }]);
    const audit = await queryRows<{ action: string; actor_id: number; fields: Record<string, unknown> }>(
      database.url,
      "select action, actor_id, fields from audit_logs where target = 'credit' and target_id = $1 order by id",
      [String(credit.databaseId)],
    );
    expect(audit.map((row) => [row.action, row.actor_id, row.fields.invitee ?? row.fields.claimed])).toEqual([
      ['create', tracker.id, 'email'],
      ['update', newUserId, true],
    ]);
    // The link has done its work.
    expect((await ask(server, null, CLAIM_QUERY, { token })).body.data).toEqual({ creditClaim: null });
    expect(errorOf(await answerAs(server, newUserId, 'acceptCredit', credit.id))).toBeUndefined();
  });

  it('is claimed by signing up with Google under that (verified) address, not under an unverified one', async () => {
    const db = em();
    const tracker = await createUser(db);
    const post = await createPost(db, { createdBy: tracker });
    const email = `google.person.${uniqueSuffix()}@example.test`;
    const credit = (await addCreditAs(server, tracker.id, post, { email })).body.data!.addCredit.credit;
    const unverified = await resolveExternalIdentity(em(), { provider: 'twitter', providerUserId: `tw-${uniqueSuffix()}`, email, emailVerified: false, name: 'Not Proven', avatarUrl: null });
    expect(await nodeAs(server, unverified.user.id, credit.id)).toBeNull();
    const joined = await resolveExternalIdentity(em(), { provider: 'google', providerUserId: `g-${uniqueSuffix()}`, email: email.toUpperCase(), emailVerified: true, name: 'Google Person', avatarUrl: null });
    expect(joined.isNewUser).toBe(true);
    expect(await nodeAs(server, joined.user.id, credit.id)).toMatchObject({ status: 'PENDING', user: { databaseId: joined.user.id } });
  });

  it('is one invitation per address and role on a post, whatever the case', async () => {
    const db = em();
    const tracker = await createUser(db);
    const post = await createPost(db, { createdBy: tracker });
    const email = `twice.${uniqueSuffix()}@example.test`;
    expect(errorOf(await addCreditAs(server, tracker.id, post, { email }))).toBeUndefined();
    expect(errorOf(await addCreditAs(server, tracker.id, post, { email: ` ${email.toUpperCase()} ` }))).toEqual({ code: 'CONFLICT', message: 'That resource already exists' });
    expect(errorOf(await addCreditAs(server, tracker.id, post, { email }, 3))).toBeUndefined();
  });

  it(`is limited to ${EMAIL_INVITES_PER_DAY} invitations a day per adder`, async () => {
    const db = em();
    const tracker = await createUser(db);
    const post = await createPost(db, { createdBy: tracker });
    await queryRows(
      database.url,
      `insert into audit_logs (action, actor_id, target, target_id, fields)
       select 'create', $1, 'credit', g::text, '{"invitee":"email"}'::jsonb from generate_series(1, $2::int) g`,
      [tracker.id, EMAIL_INVITES_PER_DAY],
    );
    expect(errorOf(await addCreditAs(server, tracker.id, post, { email: `one.more.${uniqueSuffix()}@example.test` }))).toEqual({ code: 'RATE_LIMITED', message: EMAIL_INVITE_LIMIT_MESSAGE });
    // Crediting members is not limited.
    expect(errorOf(await addCreditAs(server, tracker.id, post, userId((await createUser(db)).id)))).toBeUndefined();
  });
});

describe("crediting by a member's address", () => {
  it('answers an invitee as for any address: no name, the same limit, claimed through the mailed link', async () => {
    const db = em();
    const [tracker, member] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const stranger = `nobody.${uniqueSuffix()}@example.test`;
    const strip = (answer: Awaited<ReturnType<typeof addCreditAs>>, address: string) =>
      JSON.parse(JSON.stringify(answer.body).split(address).join('ADDRESS').replace(/"(id|databaseId)":("[^"]*"|\d+)/g, '"$1":0').replace(/"displayName":"[^"]*"/g, '"displayName":"MASKED"'));

    const toMember = await addCreditAs(server, tracker.id, post, { email: member.email! }, 2);
    const toStranger = await addCreditAs(server, tracker.id, post, { email: stranger }, 2);
    expect(toMember.body.errors).toBeUndefined();
    // Same answer, address aside: the adder learns no name, no username, no account.
    expect(strip(toMember, member.email!)).toEqual(strip(toStranger, stranger));
    const credit = toMember.body.data!.addCredit.credit;
    expect(credit).toMatchObject({ status: 'PENDING', user: null, invitee: { email: member.email, displayName: `${member.email!.slice(0, 1)}…@example.test` } });
    // Crediting the same address again is the same conflict as for anyone (it does not say whether a member holds that role).
    expect(errorOf(await addCreditAs(server, tracker.id, post, { email: member.email!.toUpperCase() }, 2))).toEqual({ code: 'CONFLICT', message: 'That resource already exists' });
    // Others concerned see the invitee too, until the person accepts.
    const admin = await createUser(db, { roleFlags: [RoleFlag.admin] });
    expect(await nodeAs(server, admin.id, credit.id)).toMatchObject({ user: null, invitee: { displayName: credit.invitee!.displayName } });

    // The member gets the invitation with its link, claims it signed in, and accepts: only now is it their name.
    const mail = await capture.waitForMail(member.email!);
    const link = mail.text.split(/\s+/).find((word) => word.includes('/credits/claim/'))!;
    const claimed = await ask<{ claimCredit: { credit: { id: string; status: string; user: { databaseId: number } } } }>(server, member.id, CLAIM_MUTATION, { input: { token: claimTokenOf(link) } });
    expect(claimed.body.data!.claimCredit.credit).toMatchObject({ id: credit.id, status: 'PENDING', user: { databaseId: member.id } });
    expect(errorOf(await answerAs(server, member.id, 'acceptCredit', credit.id))).toBeUndefined();
    expect((await postCreditsAs(server, null, post)).map((seen) => seen.user?.databaseId)).toEqual([member.id]);
  });

  it('counts against the invitation limit like any address; the adder’s own address credits themselves', async () => {
    const db = em();
    const [tracker, member] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const own = await addCreditAs(server, tracker.id, post, { email: tracker.email!.toUpperCase() }, 3);
    expect(own.body.data!.addCredit.credit).toMatchObject({ status: 'ACCEPTED', user: { databaseId: tracker.id }, invitee: null });
    await queryRows(
      database.url,
      `insert into audit_logs (action, actor_id, target, target_id, fields)
       select 'create', $1, 'credit', g::text, '{"invitee":"email"}'::jsonb from generate_series(1, $2::int) g`,
      [tracker.id, EMAIL_INVITES_PER_DAY],
    );
    expect(errorOf(await addCreditAs(server, tracker.id, post, { email: member.email! }))).toEqual({ code: 'RATE_LIMITED', message: EMAIL_INVITE_LIMIT_MESSAGE });
    expect(await queryRows(database.url, 'select 1 from credits where post_id = $1 and (user_id = $2 or invitee_email = $3)', [post.id, member.id, member.email])).toEqual([]);
  });
});

describe('crediting a member', () => {
  it('mails them the news with a link to the post, where they accept or decline; crediting oneself mails nothing', async () => {
    const db = em();
    const [tracker, member] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    // Their own credit first: had it been mailed, that mail would be queued (and so sent) first.
    expect(errorOf(await addCreditAs(server, member.id, post, userId(member.id), 3))).toBeUndefined();
    expect(errorOf(await addCreditAs(server, tracker.id, post, userId(member.id), 1))).toBeUndefined();

    const mail = await capture.waitForMail(member.email!);
    const handle = (await db.findOneOrFail(SocialAccount, post.account.id)).handle;
    expect(mail.subject).toBe(`${tracker.name} credited you as 🎬 Director on @${handle}’s post`);
    expect(mail.text).toContain(`${tracker.name} credited you as 🎬 Director on @${handle}’s post.`);
    const postUrl = `${server.config.publicUrl.replace(/\/+$/, '')}/posts/${post.id}`;
    expect(mail.text).toContain(postUrl);
    expect(mail.html).toContain('Accept or decline');
  });
});

describe('claim links', () => {
  it('give the credit to whoever signs in and claims it, pending; an expired or unknown link is refused', async () => {
    const db = em();
    const [tracker, claimer] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const fresh = newClaimToken();
    const credit = await createCredit(db, { post, addedBy: tracker, inviteeEmail: 'someone@example.test', claimTokenHash: fresh.hash, roleId: 4 });
    const stale = newClaimToken();
    await createCredit(db, { post, addedBy: tracker, inviteeEmail: 'late@example.test', claimTokenHash: stale.hash, roleId: 4, createdAt: new Date(Date.now() - 31 * 24 * 60 * 60 * 1000) });

    expect(errorOf(await ask(server, null, CLAIM_MUTATION, { input: { token: fresh.token } }))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await ask(server, null, CLAIM_QUERY, { token: stale.token })).body.data).toEqual({ creditClaim: null });
    const linkInvalid = { code: 'BAD_USER_INPUT', message: 'That link is invalid or has expired. Please ask for a new one.' };
    expect(errorOf(await ask(server, claimer.id, CLAIM_MUTATION, { input: { token: stale.token } }))).toEqual(linkInvalid);
    expect(errorOf(await ask(server, claimer.id, CLAIM_MUTATION, { input: { token: 'not-a-token' } }))).toEqual(linkInvalid);

    const claimed = await ask<{ claimCredit: { credit: { id: string; status: string; user: { databaseId: number } } } }>(server, claimer.id, CLAIM_MUTATION, { input: { token: fresh.token } });
    expect(claimed.body.data!.claimCredit.credit).toEqual({ id: toGlobalId('Credit', credit.id), status: 'PENDING', user: { databaseId: claimer.id }, invitee: null });
    expect(errorOf(await ask(server, claimer.id, CLAIM_MUTATION, { input: { token: fresh.token } }))).toEqual(linkInvalid);
  });
});

describe('crediting a social account', () => {
  it('returns a shareable link; whoever verifies the account gets the credit, pending — once per role', async () => {
    const db = em();
    const [tracker, person] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const handle = `new.handle.${uniqueSuffix()}`;
    const networkId = toGlobalId('Network', NetworkId.TikTok);
    const added = await addCreditAs(server, tracker.id, post, { socialAccount: { networkId, handle: `@${handle}` } }, 1);
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data!.addCredit.credit).toMatchObject({ status: 'PENDING', user: null, invitee: { email: null, displayName: `@${handle}`, socialAccount: { handle } } });
    claimTokenOf(added.body.data!.addCredit.claimUrl!);
    expect(errorOf(await addCreditAs(server, tracker.id, post, { socialAccount: { networkId, handle: `https://www.tiktok.com/@${handle.toUpperCase()}` } }, 1))).toEqual({
      code: 'CONFLICT',
      message: 'That resource already exists',
    });
    // Invited again, by the same account, for another role; and the person already holds that role.
    const duplicate = (await addCreditAs(server, tracker.id, post, { socialAccount: { networkId, handle } }, 2)).body.data!.addCredit.credit;
    await addCreditAs(server, tracker.id, post, userId(person.id), 2);

    const account = await db.findOneOrFail(SocialAccount, { handle });
    const claimed = await db.transactional((tx) => claimCreditsOfAccount(tx, person.id, account.id));
    expect(claimed).toBe(1);
    const held = await em().find(Credit, { post: post.id, user: person.id }, { orderBy: { role: 'asc' } });
    expect(held.map((credit) => [credit.role.id, credit.status, credit.inviteeAccount, credit.claimTokenHash])).toEqual([
      [1, 'pending', null, null],
      [2, 'pending', null, null],
    ]);
    expect(await queryRows(database.url, 'select id from credits where post_id = $1 and user_id is null', [post.id])).toEqual([]);
    expect(await queryRows(database.url, "select kind from notifications where user_id = $1 and kind = 'credit_added'", [person.id])).toHaveLength(2);
    // Audited: the claim as the person's change, the duplicate dropped with its reason. (Only these
    // two people's rows: the daily-limit test seeds audit rows with made-up credit ids.)
    const auditOf = (creditId: number) =>
      queryRows<{ action: string; actor_id: number | null; fields: Record<string, unknown> }>(
        database.url,
        "select action, actor_id, fields from audit_logs where target = 'credit' and target_id = $1 and actor_id in ($2, $3) order by id",
        [String(creditId), tracker.id, person.id],
      );
    expect((await auditOf(added.body.data!.addCredit.credit.databaseId)).map((row) => [row.action, row.actor_id, row.fields.claimed ?? row.fields.invitee])).toEqual([
      ['create', tracker.id, 'socialAccount'],
      ['update', person.id, true],
    ]);
    expect((await auditOf(duplicate.databaseId)).map((row) => [row.action, row.fields.reason ?? null])).toEqual([
      ['create', null],
      ['delete', 'claimed duplicate'],
    ]);
  });

  it('credits the verified owner of an account directly', async () => {
    const db = em();
    const [tracker, owner] = [await createUser(db), await createUser(db)];
    const account = await createAccount(db, NetworkId.Instagram);
    account.owner = db.getReference(User, owner.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    await db.flush();
    const post = await createPost(db, { createdBy: tracker });
    const added = await addCreditAs(server, tracker.id, post, { socialAccount: { networkId: toGlobalId('Network', NetworkId.Instagram), handle: account.handle } });
    expect(added.body.data!.addCredit).toMatchObject({ claimUrl: null, credit: { status: 'PENDING', user: { databaseId: owner.id }, invitee: null } });
  });
});

describe('webhooks and live notifications', () => {
  it('send CREDIT_ADDED to the credited person and CREDIT_ACCEPTED / CREDIT_DECLINED to the adder, and update the live count', async () => {
    const db = em();
    const [tracker, credited] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    for (const [user, events] of [
      [credited, ['CREDIT_ADDED']],
      [tracker, ['CREDIT_ACCEPTED', 'CREDIT_DECLINED']],
    ] as const) {
      const created = await ask(server, user.id, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }', {
        input: { url: `${receiver.origin}/credits-${user.id}`, events },
      });
      expect(created.body.errors).toBeUndefined();
    }

    const socket = createClient({ url: `${server.url.replace('http', 'ws')}/graphql`, webSocketImpl: WebSocket, connectionParams: { authToken: server.tokenFor(credited.id) }, retryAttempts: 0 });
    sockets.push(socket);
    const counts = socket.iterate<{ notificationCounts: { new: number } }>({ query: 'subscription { notificationCounts { new } }' });
    expect((await counts.next()).value).toEqual({ data: { notificationCounts: { new: 0 } } });

    const credit = (await addCreditAs(server, tracker.id, post, userId(credited.id), 3)).body.data!.addCredit.credit;
    expect((await counts.next()).value).toEqual({ data: { notificationCounts: { new: 1 } } });
    await counts.return?.();

    const [added] = await receiver.waitFor(1, (delivery) => delivery.path === `/credits-${credited.id}`);
    expect(JSON.parse(added!.body)).toMatchObject({
      event: 'CREDIT_ADDED',
      data: { credit: { id: credit.id, status: 'PENDING', role: { name: 'Editor' }, post: { databaseId: post.id }, user: { databaseId: credited.id }, addedBy: { databaseId: tracker.id } } },
    });
    await answerAs(server, credited.id, 'acceptCredit', credit.id);
    await answerAs(server, credited.id, 'declineCredit', credit.id);
    const answers = await receiver.waitFor(2, (delivery) => delivery.path === `/credits-${tracker.id}`);
    expect(answers.map((delivery) => JSON.parse(delivery.body) as { event: string; data: { credit: { status: string } } }).map((body) => [body.event, body.data.credit.status]).sort()).toEqual([
      ['CREDIT_ACCEPTED', 'ACCEPTED'],
      ['CREDIT_DECLINED', 'DECLINED'],
    ]);
  });
});
