import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { createAccount, createCredit, createPost, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { SocialAccount } from '../networks/index.js';
import { notifyUser } from '../notifications/index.js';
import { User } from '../users/index.js';
import { addCreditAs, answerAs, ask, errorOf, nodeAs, postCreditsAs, recordTracker, removeAs, userId, CREDIT_FIELDS } from './credits.test-support.js';

const env = useTestServer();
const log = useQueryLog(env);

const em = () => env.server.orm.em.fork();
const viewerCanOf = async (viewerId: number | null, post: { id: number }) =>
  (await ask<{ post: { viewerCan: { addCredit: boolean } } }>(env.server, viewerId, 'query($id: ID!) { post(id: $id) { viewerCan { addCredit } } }', { id: toGlobalId('Post', post.id) })).body.data!.post
    .viewerCan.addCredit;

async function auditRows(creditId: number): Promise<Array<{ action: string; actor_id: number | null; fields: Record<string, unknown> }>> {
  return queryRows(env.database.url, `select action, actor_id, fields from audit_logs where target = 'credit' and target_id = $1 order by id`, [String(creditId)]);
}

async function notificationsOf(userIdValue: number): Promise<Array<{ kind: string; message: string; link: string | null; credit_id: number | null }>> {
  return queryRows(env.database.url, 'select kind, message, link, credit_id from notifications where user_id = $1 order by id', [userIdValue]);
}

describe('who may credit on a post', () => {
  it('lets the first importer, the verified owner and admins credit others; refuses trackers, others and signed-out visitors', async () => {
    const db = em();
    const [requester, creator, owner, unverifiedOwner, admin, stranger, credited] = [
      await createUser(db),
      await createUser(db),
      await createUser(db),
      await createUser(db),
      await createUser(db, { roleFlags: [RoleFlag.admin] }),
      await createUser(db),
      await createUser(db),
    ];
    const account = await createAccount(db);
    account.owner = db.getReference(User, owner.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    await db.flush();
    const post = await createPost(db, { account, createdBy: creator });
    await recordTracker(db, post, requester.id);
    const otherAccount = await createAccount(db);
    otherAccount.owner = db.getReference(User, unverifiedOwner.id, { wrapped: true });
    await db.flush();
    const unverifiedPost = await createPost(db, { account: otherAccount });

    // Tracking a post someone else imported puts it in your Content Manager and nothing more.
    expect(await viewerCanOf(requester.id, post)).toBe(false);
    expect(errorOf(await addCreditAs(env.server, requester.id, post, userId(credited.id), 1))).toMatchObject({ code: 'FORBIDDEN' });
    for (const [who, roleId] of [
      [creator, 2],
      [owner, 3],
      [admin, 4],
    ] as const) {
      expect(await viewerCanOf(who.id, post)).toBe(true);
      const added = await addCreditAs(env.server, who.id, post, userId(credited.id), roleId);
      expect(added.body.errors, `${who.username} may credit others`).toBeUndefined();
      expect(added.body.data!.addCredit.credit).toMatchObject({ status: 'PENDING', user: { databaseId: credited.id }, addedBy: { databaseId: who.id }, respondedAt: null });
    }

    expect(await viewerCanOf(stranger.id, post)).toBe(false);
    expect(await viewerCanOf(null, post)).toBe(false);
    expect(await viewerCanOf(unverifiedOwner.id, unverifiedPost)).toBe(false);
    expect(errorOf(await addCreditAs(env.server, stranger.id, post, userId(credited.id), 5))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await addCreditAs(env.server, unverifiedOwner.id, unverifiedPost, userId(credited.id), 5))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await addCreditAs(env.server, null, post, userId(credited.id), 5))).toEqual({ code: 'UNAUTHENTICATED', message: 'Please sign up or sign in to do that!' });
    expect(await queryRows(env.database.url, 'select 1 from credits where post_id = $1 and role_id = 5', [post.id])).toEqual([]);
  });

  it('lets anyone signed in credit themselves, accepted at once', async () => {
    const db = em();
    const [stranger, tracker] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const added = await addCreditAs(env.server, stranger.id, post, userId(stranger.id), 2);
    expect(added.body.errors).toBeUndefined();
    expect(added.body.data!.addCredit.credit).toMatchObject({ status: 'ACCEPTED', user: { databaseId: stranger.id }, addedBy: null, respondedAt: expect.any(String) });
    // Public at once; nobody is notified of their own credit.
    expect((await postCreditsAs(env.server, null, post)).map((credit) => credit.user?.databaseId)).toEqual([stranger.id]);
    expect(await notificationsOf(stranger.id)).toEqual([]);
    const [audit] = await auditRows(added.body.data!.addCredit.credit.databaseId);
    expect(audit).toMatchObject({ action: 'create', actor_id: stranger.id, fields: { postId: post.id, roleId: 2, userId: stranger.id, status: 'accepted' } });
  });

  it('answers a post the viewer cannot see as not found', async () => {
    const db = em();
    const [owner, stranger] = [await createUser(db), await createUser(db)];
    const hidden = await createPost(db, { createdBy: owner, isPrivate: true });
    expect(errorOf(await addCreditAs(env.server, stranger.id, hidden, userId(stranger.id)))).toMatchObject({ code: 'NOT_FOUND' });
    expect(errorOf(await addCreditAs(env.server, owner.id, hidden, { userId: toGlobalId('User', 999_999) }))).toEqual({ code: 'NOT_FOUND', message: 'User was not found' });
    expect(errorOf(await addCreditAs(env.server, owner.id, hidden, { email: 'x@example.test', userId: toGlobalId('User', owner.id) } as never))).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect(errorOf(await addCreditAs(env.server, owner.id, hidden, { email: 'not-an-address' }))).toEqual({ code: 'BAD_USER_INPUT', message: 'Invalid email address' });
  });
});

describe('a credit from someone else', () => {
  it('is pending, shown only to the people concerned, until the credited person accepts it', async () => {
    const db = em();
    const [tracker, credited, stranger, admin] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db, { roleFlags: [RoleFlag.admin] })];
    const post = await createPost(db, { createdBy: tracker });
    const added = await addCreditAs(env.server, tracker.id, post, userId(credited.id));
    const credit = added.body.data!.addCredit.credit;
    expect(credit.viewerCan).toEqual({ accept: false, decline: false, remove: true, report: false });

    expect(await postCreditsAs(env.server, null, post)).toEqual([]);
    expect(await postCreditsAs(env.server, stranger.id, post)).toEqual([]);
    expect(await nodeAs(env.server, stranger.id, credit.id)).toBeNull();
    expect(await nodeAs(env.server, null, credit.id)).toBeNull();
    expect((await postCreditsAs(env.server, tracker.id, post)).map((seen) => seen.status)).toEqual(['PENDING']);
    expect((await postCreditsAs(env.server, admin.id, post)).map((seen) => seen.status)).toEqual(['PENDING']);
    const asCredited = await nodeAs(env.server, credited.id, credit.id);
    expect(asCredited).toMatchObject({ status: 'PENDING', viewerCan: { accept: true, decline: true, remove: true, report: false } });

    // The credited person heard of it, with the credit to answer and a link to the post.
    const [notice] = await notificationsOf(credited.id);
    expect(notice).toEqual({ kind: 'credit_added', message: `${tracker.name} credited you as 🎬 Director on @${(await db.findOneOrFail(SocialAccount, post.account.id)).handle}’s post`, link: `/posts/${post.id}`, credit_id: credit.databaseId });
    const pending = await ask<{ viewerPendingCredits: { totalCount: number; nodes: Array<{ id: string; post: { databaseId: number } }> } }>(
      env.server,
      credited.id,
      'query { viewerPendingCredits(first: 10) { totalCount nodes { id post { databaseId } } } }',
    );
    expect(pending.body.data!.viewerPendingCredits).toEqual({ totalCount: 1, nodes: [{ id: credit.id, post: { databaseId: post.id } }] });
    const notifications = await ask<{ notifications: { nodes: Array<{ kind: string; credit: { id: string; viewerCan: { accept: boolean } } | null }> } }>(
      env.server,
      credited.id,
      'query { notifications(first: 5) { nodes { kind credit { id viewerCan { accept } } } } }',
    );
    expect(notifications.body.data!.notifications.nodes).toEqual([{ kind: 'CREDIT_ADDED', credit: { id: credit.id, viewerCan: { accept: true } } }]);

    // Nobody but the credited person answers it.
    for (const who of [tracker.id, stranger.id, admin.id]) {
      expect(errorOf(await answerAs(env.server, who, 'acceptCredit', credit.id))).toMatchObject({ code: who === stranger.id ? 'NOT_FOUND' : 'FORBIDDEN' });
    }
    expect(errorOf(await answerAs(env.server, null, 'acceptCredit', credit.id))).toMatchObject({ code: 'UNAUTHENTICATED' });

    const accepted = await answerAs(env.server, credited.id, 'acceptCredit', credit.id);
    expect(accepted.body.data!.acceptCredit!.credit).toMatchObject({ status: 'ACCEPTED', respondedAt: expect.any(String), viewerCan: { accept: false, decline: true, remove: true } });
    expect((await postCreditsAs(env.server, null, post)).map((seen) => seen.status)).toEqual(['ACCEPTED']);
    expect((await postCreditsAs(env.server, stranger.id, post))[0]!.viewerCan).toEqual({ accept: false, decline: false, remove: false, report: true });
    expect(errorOf(await answerAs(env.server, credited.id, 'acceptCredit', credit.id))).toMatchObject({ code: 'FORBIDDEN' });

    // The adder heard of the answer; every step is in the audit log.
    expect(await notificationsOf(tracker.id)).toEqual([
      { kind: 'credit_accepted', message: expect.stringMatching(new RegExp(`^${credited.name} accepted your credit as 🎬 Director on @`)), link: `/posts/${post.id}`, credit_id: credit.databaseId },
    ]);
    expect((await auditRows(credit.databaseId)).map((row) => [row.action, row.actor_id, row.fields.status])).toEqual([
      ['create', tracker.id, 'pending'],
      ['update', credited.id, 'accepted'],
    ]);
  });

  it('can be declined (pending or accepted): hidden from all but the credited person, and not asked again', async () => {
    const db = em();
    const [tracker, credited] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const credit = (await addCreditAs(env.server, tracker.id, post, userId(credited.id))).body.data!.addCredit.credit;
    const stranger = await createUser(db);
    expect(errorOf(await answerAs(env.server, tracker.id, 'declineCredit', credit.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await answerAs(env.server, stranger.id, 'declineCredit', credit.id))).toMatchObject({ code: 'NOT_FOUND' });
    expect(errorOf(await answerAs(env.server, null, 'declineCredit', credit.id))).toMatchObject({ code: 'UNAUTHENTICATED' });
    await answerAs(env.server, credited.id, 'acceptCredit', credit.id);
    const declined = await answerAs(env.server, credited.id, 'declineCredit', credit.id);
    expect(declined.body.data!.declineCredit!.credit).toMatchObject({ status: 'DECLINED', viewerCan: { accept: false, decline: false, remove: true } });

    expect(await postCreditsAs(env.server, tracker.id, post)).toEqual([]);
    expect(await postCreditsAs(env.server, null, post)).toEqual([]);
    expect(await nodeAs(env.server, tracker.id, credit.id)).toBeNull();
    expect(await nodeAs(env.server, credited.id, credit.id)).toMatchObject({ status: 'DECLINED' });
    expect(errorOf(await answerAs(env.server, credited.id, 'declineCredit', credit.id))).toMatchObject({ code: 'FORBIDDEN' });
    // Not asked again for the same role; removing it is for the credited person alone.
    expect(errorOf(await addCreditAs(env.server, tracker.id, post, userId(credited.id)))).toEqual({ code: 'CONFLICT', message: 'That resource already exists' });
    expect(errorOf(await removeAs(env.server, tracker.id, credit.id))).toMatchObject({ code: 'NOT_FOUND' });

    // The adder's notice of the earlier acceptance no longer shows the credit.
    const adderView = await ask<{ notifications: { nodes: Array<{ kind: string; credit: { id: string } | null }> } }>(env.server, tracker.id, 'query { notifications(first: 5) { nodes { kind credit { id } } } }');
    expect(adderView.body.data!.notifications.nodes).toEqual([
      { kind: 'CREDIT_DECLINED', credit: null },
      { kind: 'CREDIT_ACCEPTED', credit: null },
    ]);
    const adderNotices = await notificationsOf(tracker.id);
    expect(adderNotices.map((notice) => notice.kind)).toEqual(['credit_accepted', 'credit_declined']);
    expect(adderNotices[1]).toMatchObject({ message: expect.stringContaining(`${credited.name} declined your credit as 🎬 Director`), credit_id: null });
    expect((await auditRows(credit.databaseId)).map((row) => [row.action, row.fields.from, row.fields.to])).toEqual([
      ['create', undefined, undefined],
      ['update', 'pending', 'accepted'],
      ['update', 'accepted', 'declined'],
    ]);
  });

  it('is removed by the credited person, by the verified owner once accepted, by creditors and its adder while pending — nobody else', async () => {
    const db = em();
    const [tracker, owner, credited, stranger, helper] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const account = await createAccount(db);
    account.owner = db.getReference(User, owner.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    await db.flush();
    const post = await createPost(db, { createdBy: tracker, account });
    // Added by the tracker; the owner (a manager too) removes it once accepted.
    const byTracker = (await addCreditAs(env.server, tracker.id, post, userId(credited.id), 1)).body.data!.addCredit.credit;
    await answerAs(env.server, credited.id, 'acceptCredit', byTracker.id);
    expect(errorOf(await removeAs(env.server, stranger.id, byTracker.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await removeAs(env.server, null, byTracker.id))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await removeAs(env.server, owner.id, byTracker.id)).body.data!.removeCredit.removedCreditId).toBe(byTracker.id);
    expect(await notificationsOf(credited.id)).toContainEqual(expect.objectContaining({ kind: 'credit_removed', message: expect.stringContaining('Your credit as 🎬 Director on @') }));
    expect(await notificationsOf(tracker.id)).toContainEqual(expect.objectContaining({ kind: 'credit_removed' }));

    // The credited person removes their own.
    const second = (await addCreditAs(env.server, tracker.id, post, userId(credited.id), 2)).body.data!.addCredit.credit;
    expect(errorOf(await removeAs(env.server, credited.id, second.id))).toBeUndefined();

    // Anyone's own credit: theirs to remove, nobody else's but a manager's.
    const own = (await addCreditAs(env.server, helper.id, post, userId(helper.id), 3)).body.data!.addCredit.credit;
    expect(own.viewerCan.remove).toBe(true);
    expect(errorOf(await removeAs(env.server, stranger.id, own.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await removeAs(env.server, helper.id, own.id))).toBeUndefined();
    expect((await auditRows(own.databaseId)).map((row) => row.action)).toEqual(['create', 'delete']);

    // An adder who may no longer credit others (the owner's verification lapsed) may still take back a pending credit, not an accepted one.
    const pending = (await addCreditAs(env.server, owner.id, post, userId(helper.id), 4)).body.data!.addCredit.credit;
    const accepted = (await addCreditAs(env.server, owner.id, post, userId(helper.id), 5)).body.data!.addCredit.credit;
    await answerAs(env.server, helper.id, 'acceptCredit', accepted.id);
    account.ownerVerifiedAt = null;
    await db.flush();
    expect(errorOf(await removeAs(env.server, owner.id, accepted.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await removeAs(env.server, owner.id, pending.id))).toBeUndefined();
    expect(errorOf(await removeAs(env.server, tracker.id, accepted.id))).toMatchObject({ code: 'FORBIDDEN' });
    expect(errorOf(await removeAs(env.server, helper.id, accepted.id))).toBeUndefined();
    expect(await queryRows(env.database.url, 'select id from credits where post_id = $1', [post.id])).toEqual([]);
  });

  it('is one per person and role: a second is a conflict, another role is fine', async () => {
    const db = em();
    const [tracker, credited] = [await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    expect(errorOf(await addCreditAs(env.server, tracker.id, post, userId(credited.id), 1))).toBeUndefined();
    expect(errorOf(await addCreditAs(env.server, tracker.id, post, userId(credited.id), 1))).toEqual({ code: 'CONFLICT', message: 'That resource already exists' });
    expect(errorOf(await addCreditAs(env.server, credited.id, post, userId(credited.id), 1))).toEqual({ code: 'CONFLICT', message: 'That resource already exists' });
    // Several roles per person.
    expect(errorOf(await addCreditAs(env.server, tracker.id, post, userId(credited.id), 2))).toBeUndefined();
    // By address it is an invitation, whoever the address belongs to: a conflict here would say
    // that its owner holds the role. Claiming it later keeps the one credit they have.
    const byEmail = await addCreditAs(env.server, tracker.id, post, { email: credited.email!.toUpperCase() }, 1);
    expect(byEmail.body.data!.addCredit.credit).toMatchObject({ user: null, invitee: { email: credited.email } });
  });
});

describe('node(id:) and Notification.credit', () => {
  it('hide a pending credit from everyone but the people concerned, a declined one from all but the credited person', async () => {
    const db = em();
    const [tracker, adder, credited, stranger] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    const pending = await createCredit(db, { post, user: credited, addedBy: adder, roleId: 1 });
    const declined = await createCredit(db, { post, user: credited, addedBy: adder, roleId: 2, status: 'declined' });
    const accepted = await createCredit(db, { post, user: credited, addedBy: adder, roleId: 3, status: 'accepted' });
    const ids = [pending, declined, accepted].map((credit) => toGlobalId('Credit', credit.id));
    const visibleTo = async (viewerId: number | null) => {
      const answer = await ask<{ nodes: Array<{ status: string } | null> }>(env.server, viewerId, `query($ids: [ID!]!) { nodes(ids: $ids) { ... on Credit { status } } }`, { ids });
      return answer.body.data!.nodes.map((node) => node?.status ?? null);
    };
    expect(await visibleTo(null)).toEqual([null, null, 'ACCEPTED']);
    expect(await visibleTo(stranger.id)).toEqual([null, null, 'ACCEPTED']);
    expect(await visibleTo(adder.id)).toEqual(['PENDING', null, 'ACCEPTED']);
    expect(await visibleTo(tracker.id)).toEqual(['PENDING', null, 'ACCEPTED']);
    expect(await visibleTo(credited.id)).toEqual(['PENDING', 'DECLINED', 'ACCEPTED']);
  });

  it('hides credits of posts the viewer cannot see', async () => {
    const db = em();
    const [owner, stranger, credited] = [await createUser(db), await createUser(db), await createUser(db)];
    const hidden = await createPost(db, { createdBy: owner, isPrivate: true });
    const credit = await createCredit(db, { post: hidden, user: credited, status: 'accepted', addedBy: owner });
    expect(await nodeAs(env.server, stranger.id, toGlobalId('Credit', credit.id))).toBeNull();
    expect(await nodeAs(env.server, credited.id, toGlobalId('Credit', credit.id))).toMatchObject({ status: 'ACCEPTED' });
  });
});

describe('the REST post', () => {
  it('lists the public credits only: accepted, of members', async () => {
    const db = em();
    const [tracker, accepted, pending, declined] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const post = await createPost(db, { createdBy: tracker });
    await createCredit(db, { post, user: accepted, status: 'accepted', roleId: 1 });
    await createCredit(db, { post, user: pending, addedBy: tracker, roleId: 2 });
    await createCredit(db, { post, user: declined, addedBy: tracker, status: 'declined', roleId: 3 });
    await createCredit(db, { post, addedBy: tracker, inviteeEmail: 'invitee@example.test', roleId: 4 });
    for (const token of [null, env.server.tokenFor(tracker.id)]) {
      const response = await fetch(`${env.server.url}/api/posts/${post.id}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      const body = (await response.json()) as { data: { credits: unknown[] } };
      expect(body.data.credits).toEqual([{ role: 'Director', user: accepted.username, userId: accepted.id }]);
    }
  });
});

describe('creditCandidates', () => {
  it('finds members by name or username for signed-in people only', async () => {
    const db = em();
    const suffix = Date.now().toString(36);
    const [maya, other] = [await createUser(db, { username: `mayamakes_${suffix}`, name: `Maya Okafor ${suffix}` }), await createUser(db)];
    const found = await ask<{ creditCandidates: { nodes: Array<{ databaseId: number }> } }>(env.server, other.id, 'query($q: String!) { creditCandidates(query: $q, first: 5) { nodes { databaseId } } }', {
      q: `mayamakes_${suffix}`,
    });
    expect(found.body.data!.creditCandidates.nodes.map((node) => node.databaseId)).toContain(maya.id);
    const byName = await ask<{ creditCandidates: { nodes: Array<{ databaseId: number }> } }>(env.server, other.id, 'query($q: String!) { creditCandidates(query: $q) { nodes { databaseId } } }', { q: `Okafor ${suffix}` });
    expect(byName.body.data!.creditCandidates.nodes[0]!.databaseId).toBe(maya.id);
    expect(errorOf(await ask(env.server, null, 'query { creditCandidates(query: "maya") { nodes { databaseId } } }'))).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(errorOf(await ask(env.server, other.id, 'query { creditCandidates(query: "maya", first: 500) { nodes { databaseId } } }'))).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('a post page with 30 credits', () => {
  it('loads credits with role, person, status, adder and viewerCan in a fixed number of statements', async () => {
    const db = log.orm.em.fork();
    const tracker = await createUser(db);
    const crowded = await createPost(db, { createdBy: tracker });
    const quiet = await createPost(db, { createdBy: tracker });
    for (let i = 0; i < 30; i++) {
      const person = await createUser(db);
      await createCredit(db, { post: crowded, user: person, addedBy: i % 3 === 0 ? person : tracker, roleId: 1 + (i % 10), status: i % 2 === 0 ? 'accepted' : 'pending' });
    }
    await createCredit(db, { post: quiet, user: await createUser(db), addedBy: tracker, status: 'pending' });
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const viewer = { user: tracker, masqueradingAdminId: null, sessionId: null, plansOpen: false };
    const statementsFor = async (post: { id: number }, expectedCredits: number) =>
      log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: `query($id: ID!) { post(id: $id) { viewerCan { addCredit } credits(first: 50) { totalCount nodes { ${CREDIT_FIELDS} } } } }`,
          variableValues: { id: toGlobalId('Post', post.id) },
          contextValue: { em: log.orm.em.fork(), viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        // The importer sees the pending credits too.
        expect((result.data as { post: { credits: { nodes: unknown[] } } }).post.credits.nodes).toHaveLength(expectedCredits);
      });
    // The first page of the process reads the seeded credit roles once (db/seeded-table.ts); later pages do not.
    await statementsFor(quiet, 1);
    const crowdedStatements = await statementsFor(crowded, 30);
    // post, creditor check, credits page, credit count, people (credited and adders at once).
    expect(crowdedStatements.length).toBeLessThanOrEqual(5);
    expect(crowdedStatements.length).toBe((await statementsFor(quiet, 1)).length);
  });
});

describe('the notifications page', () => {
  it('reads the notifications, their credits as the viewer may see them, their people and what the viewer may do in one statement', async () => {
    const db = log.orm.em.fork();
    const [viewer, credited, adder, tracker] = [await createUser(db), await createUser(db), await createUser(db), await createUser(db)];
    const tracked = await createPost(db, { createdBy: viewer });
    const theirs = await createPost(db, { createdBy: tracker });
    // An accepted credit is the credited person's: neither importing the post nor having added it lets the viewer remove it (they may report it).
    const onTracked = await createCredit(db, { post: tracked, user: credited, addedBy: adder, status: 'accepted' });
    const onTheirs = await createCredit(db, { post: theirs, user: credited, addedBy: viewer, status: 'accepted' });
    // On a private post the viewer may not see: the notification stays, its credit is hidden.
    const hidden = await createCredit(db, { post: await createPost(db, { createdBy: tracker, isPrivate: true }), user: credited, addedBy: tracker, status: 'accepted' });
    for (const credit of [onTracked, onTheirs, hidden]) await notifyUser(db, viewer.id, { kind: 'credit_added', message: 'Credited', creditId: credit.id });
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    let answer: unknown;
    const statements = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source: '{ notifications(first: 10) { nodes { credit { databaseId viewerCan { accept decline remove report } user { username } addedBy { username } } } } }',
        contextValue: { em: log.orm.em.fork(), viewer: { user: viewer, masqueradingAdminId: null, sessionId: null, plansOpen: false }, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      answer = result.data;
    });
    expect(answer).toEqual({
      notifications: {
        nodes: [
          { credit: null },
          { credit: { databaseId: onTheirs.id, viewerCan: { accept: false, decline: false, remove: false, report: true }, user: { username: credited.username }, addedBy: { username: viewer.username } } },
          { credit: { databaseId: onTracked.id, viewerCan: { accept: false, decline: false, remove: false, report: true }, user: { username: credited.username }, addedBy: { username: adder.username } } },
        ],
      },
    });
    // The notifications joined to their credits, with both people and the creditor rule's answer.
    expect(statements).toHaveLength(1);
  });
});
