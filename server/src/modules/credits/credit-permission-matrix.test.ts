import { beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createAccount, createCredit, createPost, createTeam, createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import type { SocialAccount } from '../networks/index.js';
import type { User } from '../users/index.js';
import { addCreditAs, answerAs, ask, errorOf, nodeAs, recordTracker, removeAs, userId } from './credits.test-support.js';

/**
 * docs/product.md §Credits, walked whole: each kind of person × each state of a credit × each
 * action, through the API, and what `viewerCan` says agrees with what the mutation does. Each
 * case gets a post and a credit of its own, so a removal in one cannot change another.
 */
const env = useTestServer();

type Kind = 'credited' | 'importer' | 'tracker' | 'owner' | 'paidTeam' | 'unpaidTeam' | 'admin' | 'stranger' | 'signedOut';
type State = 'pending' | 'accepted' | 'declined';
type Action = 'see' | 'accept' | 'decline' | 'remove' | 'report' | 'creditOthers';

const KINDS: Kind[] = ['credited', 'importer', 'tracker', 'owner', 'paidTeam', 'unpaidTeam', 'admin', 'stranger', 'signedOut'];
const STATES: State[] = ['pending', 'accepted', 'declined'];

/** The rule, written out as a table reader would: who may do what (the credit is added by the importer). */
function allowed(kind: Kind, state: State, action: Action): boolean {
  const creditor = ['importer', 'owner', 'paidTeam', 'admin'].includes(kind);
  const mayRemoveAccepted = ['credited', 'owner', 'admin'].includes(kind);
  switch (action) {
    case 'see':
      if (state === 'accepted') return true;
      if (state === 'declined') return kind === 'credited';
      return kind === 'credited' || creditor;
    case 'accept':
      return kind === 'credited' && state === 'pending';
    case 'decline':
      return kind === 'credited' && state !== 'declined';
    case 'remove':
      if (kind === 'credited') return true;
      if (state === 'pending') return creditor;
      return state === 'accepted' && mayRemoveAccepted;
    case 'report':
      return state === 'accepted' && kind !== 'signedOut' && !mayRemoveAccepted;
    case 'creditOthers':
      return creditor;
  }
}

interface World {
  people: Record<Exclude<Kind, 'signedOut'>, User>;
  account: SocialAccount;
}

let world: World;

beforeAll(async () => {
  const em = env.server.orm.em.fork();
  const people = {} as World['people'];
  for (const kind of KINDS) {
    if (kind !== 'signedOut') people[kind] = await createUser(em, kind === 'admin' ? { roleFlags: [RoleFlag.admin] } : {});
  }
  // An owner counts once the account is verified as theirs (an unverified claim: see credits.test.ts).
  const account = await createAccount(em);
  await queryRows(env.database.url, 'update social_accounts set owner_id = $1, owner_verified_at = now() where id = $2', [people.owner.id, account.id]);
  const paid = await createTeam(em, [{ user: people.paidTeam }]);
  const unpaid = await createTeam(em, [{ user: people.unpaidTeam }]);
  await queryRows(env.database.url, `update teams set status = 'active', subscription_status = 'active' where id = $1`, [paid.id]);
  await queryRows(env.database.url, `update teams set status = 'active' where id = $1`, [unpaid.id]);
  for (const team of [paid, unpaid]) await queryRows(env.database.url, 'insert into team_accounts (team_id, social_account_id) values ($1, $2)', [team.id, account.id]);
  world = { people, account };
});

const viewerOf = (kind: Kind): number | null => (kind === 'signedOut' ? null : world.people[kind].id);

/** A post of the account, imported by the importer and tracked by the tracker, with one credit of the credited person added by the importer. */
async function caseOf(state: State) {
  const em = env.server.orm.em.fork();
  const { people } = world;
  const post = await createPost(em, { account: world.account, createdBy: people.importer });
  await recordTracker(em, post, people.tracker.id);
  const credit = await createCredit(em, { post, user: people.credited, addedBy: people.importer, status: state, roleId: 1 });
  return { post, creditId: toGlobalId('Credit', credit.id), databaseId: credit.id };
}

async function creditRow(databaseId: number): Promise<{ status: string } | undefined> {
  const [row] = await queryRows<{ status: string }>(env.database.url, 'select status from credits where id = $1', [databaseId]);
  return row;
}

function report(viewer: number | null, creditId: string) {
  return ask(env.server, viewer, 'mutation($input: ReportCreditInput!) { reportCredit(input: $input) { report { databaseId } } }', {
    input: { creditId, reason: 'Someone else made this' },
  });
}

describe('who may change a post’s credits', () => {
  for (const state of STATES) {
    for (const kind of KINDS) {
      it(`${kind}, ${state} credit`, async () => {
        const viewer = viewerOf(kind);
        const expected = (action: Action) => allowed(kind, state, action);

        const { post, creditId, databaseId } = await caseOf(state);
        const seen = await nodeAs(env.server, viewer, creditId);
        expect(seen !== null, 'see').toBe(expected('see'));
        if (seen) {
          // What the client is told it may do is what the server lets it do.
          expect(seen.viewerCan).toEqual({ accept: expected('accept'), decline: expected('decline'), remove: expected('remove'), report: expected('report') });
        }

        const refusals = viewer === null ? ['UNAUTHENTICATED'] : ['FORBIDDEN', 'NOT_FOUND'];
        const outcome = async (action: Action, run: () => Promise<Parameters<typeof errorOf>[0]>, changed: () => Promise<boolean>) => {
          const error = errorOf(await run());
          if (expected(action)) {
            expect(error, action).toBeUndefined();
            expect(await changed(), `${action} took effect`).toBe(true);
          } else {
            expect(refusals, `${action} refused`).toContain(error?.code);
            expect(await changed(), `${action} changed nothing`).toBe(false);
          }
        };

        await outcome('accept', () => answerAs(env.server, viewer, 'acceptCredit', creditId), async () => state !== 'accepted' && (await creditRow(databaseId))?.status === 'accepted');
        const forDecline = await caseOf(state);
        await outcome('decline', () => answerAs(env.server, viewer, 'declineCredit', forDecline.creditId), async () => state !== 'declined' && (await creditRow(forDecline.databaseId))?.status === 'declined');
        const forReport = await caseOf(state);
        await outcome('report', () => report(viewer, forReport.creditId), async () => (await queryRows(env.database.url, 'select 1 from credit_reports where credit_id = $1', [forReport.databaseId])).length > 0);
        const forRemove = await caseOf(state);
        await outcome('remove', () => removeAs(env.server, viewer, forRemove.creditId), async () => (await creditRow(forRemove.databaseId)) === undefined);

        const other = await createUser(env.server.orm.em.fork());
        await outcome('creditOthers', () => addCreditAs(env.server, viewer, post, userId(other.id), 2), async () => (await queryRows(env.database.url, 'select 1 from credits where post_id = $1 and user_id = $2', [post.id, other.id])).length > 0);
      });
    }
  }

  it('gives a tracker of a post nothing but the post in their Content Manager', async () => {
    const { post } = await caseOf('pending');
    const answer = await ask<{ post: { viewerCan: { addCredit: boolean }; credits: { totalCount: number } } }>(
      env.server,
      world.people.tracker.id,
      'query($id: ID!) { post(id: $id) { viewerCan { addCredit } credits(first: 10) { totalCount } } }',
      { id: toGlobalId('Post', post.id) },
    );
    // The pending credit (and its masked invitee, were it one) stays out of sight.
    expect(answer.body.data!.post).toEqual({ viewerCan: { addCredit: false }, credits: { totalCount: 0 } });
    const mine = await ask<{ managerPosts: { nodes: Array<{ post: { databaseId: number } | null }> } }>(
      env.server,
      world.people.tracker.id,
      '{ managerPosts(first: 50) { nodes { post { databaseId } } } }',
    );
    expect(mine.body.errors).toBeUndefined();
    expect(mine.body.data!.managerPosts.nodes.map((row) => row.post?.databaseId)).toContain(post.id);
  });

  it('counts every managing team as paid where plans are open (no billing here)', async () => {
    const { post, creditId } = await caseOf('pending');
    const other = await createUser(env.server.orm.em.fork());
    const before = errorOf(await addCreditAs(env.server, world.people.unpaidTeam.id, post, userId(other.id), 2));
    expect(before?.code).toBe('FORBIDDEN');
    env.server.config.paidPlans = 'open';
    try {
      expect((await nodeAs(env.server, world.people.unpaidTeam.id, creditId))?.viewerCan.remove).toBe(true);
      expect(errorOf(await addCreditAs(env.server, world.people.unpaidTeam.id, post, userId(other.id), 2))).toBeUndefined();
      // Open plans give team tools, not ownership: a stranger is still nobody here.
      expect(errorOf(await addCreditAs(env.server, world.people.stranger.id, post, userId(other.id), 3))?.code).toBe('FORBIDDEN');
    } finally {
      env.server.config.paidPlans = 'enforced';
    }
  });
});
