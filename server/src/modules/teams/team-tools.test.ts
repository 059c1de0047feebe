import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { createAccount, createPost, createTeam, createUser, creditUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { createSession } from '../../test-support/factories.js';
import { TeamCreator } from './stages/team-creator.entity.js';
import { TeamStage } from './stages/team-stage.entity.js';
import { createDefaultStages } from './stages/team-stages.service.js';
import { TeamMember } from './team-member.entity.js';
import { Invitation } from './invitation.entity.js';
import { BillingSubscription } from '../billing/index.js';
import { uniqueSuffix } from '../../test-support/factories.js';
import { askAs, dataOf, errorOf, payForTeam } from './teams.test-support.js';

const env = useTestServer();
const log = useQueryLog(env);
const em = () => env.server.orm.em.fork();

async function paidTeam(plan: 'starter' | 'teams' = 'teams') {
  const db = em();
  const manager = await createUser(db);
  const member = await createUser(db);
  const team = await createTeam(db, [
    { user: manager, role: 'manager' },
    { user: member, role: 'member' },
  ]);
  await payForTeam(db, team, plan);
  await createDefaultStages(db, team.id);
  return { manager, member, team, teamId: toGlobalId('Team', team.id) };
}

const ADD_ACCOUNT = 'mutation($input: AddTeamAccountInput!) { addTeamAccount(input: $input) { managedAccount { id account { databaseId handle } } } }';
const CAN_CREDIT = 'query($id: ID!) { post(id: $id) { viewerCan { addCredit } } }';

describe('managed accounts', () => {
  it('their posts can be credited by the team’s members and managers, not by others or pro_only seats, and only while the team is paid', async () => {
    const { manager, member, team, teamId } = await paidTeam();
    const db = em();
    const proOnly = await createUser(db);
    db.create(TeamMember, { team: team.id, user: proOnly.id, role: 'pro_only', status: 'active' });
    await db.flush();
    const outsider = await createUser(db);
    const account = await createAccount(db, 5, `brand_${team.id}`);
    const post = await createPost(db, { account });
    const postId = toGlobalId('Post', post.id);

    const canCredit = async (userId: number) => dataOf(await askAs<{ post: { viewerCan: { addCredit: boolean } } }>(env.server, userId, CAN_CREDIT, { id: postId })).post.viewerCan.addCredit;
    expect(await canCredit(member.id)).toBe(false);

    expect(errorOf(await askAs(env.server, member.id, ADD_ACCOUNT, { input: { teamId, account: { networkId: toGlobalId('Network', 5), handle: account.handle } } }))).toMatchObject({ code: 'FORBIDDEN' });
    const added = dataOf(await askAs<{ addTeamAccount: { managedAccount: { account: { databaseId: number } } } }>(env.server, manager.id, ADD_ACCOUNT, {
      input: { teamId, account: { networkId: toGlobalId('Network', 5), handle: `@${account.handle.toUpperCase()}` } },
    }));
    expect(added.addTeamAccount.managedAccount.account.databaseId).toBe(account.id);

    expect(await canCredit(member.id)).toBe(true);
    expect(await canCredit(manager.id)).toBe(true);
    expect(await canCredit(proOnly.id)).toBe(false);
    expect(await canCredit(outsider.id)).toBe(false);

    const credited = await createUser(db);
    const answer = await askAs<{ addCredit: { credit: { status: string } } }>(env.server, member.id, 'mutation($input: AddCreditInput!) { addCredit(input: $input) { credit { status } } }', {
      input: { postId, roleId: toGlobalId('CreditRole', 1), person: { userId: toGlobalId('User', credited.id) } },
    });
    expect(dataOf(answer).addCredit.credit.status).toBe('PENDING');

    // The subscription lapses: the team's tools go with it.
    await queryRows(env.database.url, `update teams set subscription_status = 'canceled' where id = $1`, [team.id]);
    expect(await canCredit(member.id)).toBe(false);
  });
});

describe('creator stages', () => {
  const BOARD = `query($id: ID!) { team(id: $id) { stages { id name creators(first: 10) { nodes { id user { databaseId } sourcing { followers location topRole { name } projects collaborators commentCount } teamComments(first: 3) { nodes { body author { databaseId } } } } } } } }`;
  interface Board {
    team: { stages: Array<{ id: string; name: string; creators: { nodes: Array<{ id: string; user: { databaseId: number }; sourcing: Record<string, unknown>; teamComments: { nodes: Array<{ body: string; author: { databaseId: number } }> } }> } }> };
  }

  it('puts creators in named columns with the sourcing columns, moves them between stages and keeps comments', async () => {
    const { manager, member, teamId } = await paidTeam();
    const db = em();
    const creator = await createUser(db);
    creator.locationName = 'Lisbon';
    const collaborator = await createUser(db);
    const post = await createPost(db);
    await creditUser(db, post, creator, 2);
    await creditUser(db, post, collaborator, 3);
    const owned = await createAccount(db);
    owned.owner = creator as never;
    owned.ownerVerifiedAt = new Date();
    owned.followerCount = 12_500;
    await db.flush();

    const board = dataOf(await askAs<Board>(env.server, member.id, BOARD, { id: teamId })).team.stages;
    expect(board.map((stage) => stage.name)).toEqual(['Sourced', 'Contacted', 'Hired']);
    const [sourced, contacted] = board;
    const created = dataOf(await askAs<{ createTeamStage: { stage: { name: string } } }>(env.server, manager.id, 'mutation($input: CreateTeamStageInput!) { createTeamStage(input: $input) { stage { name } } }', { input: { teamId, name: 'Shortlist' } }));
    expect(created.createTeamStage.stage.name).toBe('Shortlist');

    const addAnswer = dataOf(await askAs<{ addTeamCreator: { creator: { id: string } } }>(env.server, member.id, 'mutation($input: AddTeamCreatorInput!) { addTeamCreator(input: $input) { creator { id } } }', {
      input: { stageId: sourced!.id, userId: toGlobalId('User', creator.id) },
    }));
    const creatorId = addAnswer.addTeamCreator.creator.id;
    expect(errorOf(await askAs(env.server, member.id, 'mutation($input: AddTeamCreatorInput!) { addTeamCreator(input: $input) { creator { id } } }', { input: { stageId: contacted!.id, userId: toGlobalId('User', creator.id) } }))).toMatchObject({ code: 'CONFLICT', message: 'That resource already exists' });

    dataOf(await askAs(env.server, member.id, 'mutation($input: MoveTeamCreatorInput!) { moveTeamCreator(input: $input) { creator { stage { name } } } }', { input: { creatorId, stageId: contacted!.id } }));
    expect(errorOf(await askAs(env.server, member.id, 'mutation($input: CommentOnTeamCreatorInput!) { commentOnTeamCreator(input: $input) { comment { body } } }', { input: { creatorId, body: '  ' } }))).toMatchObject({ message: 'Please write a comment.' });
    dataOf(await askAs(env.server, member.id, 'mutation($input: CommentOnTeamCreatorInput!) { commentOnTeamCreator(input: $input) { comment { body } } }', { input: { creatorId, body: 'Great reel, rates sent.' } }));

    const after = dataOf(await askAs<Board>(env.server, manager.id, BOARD, { id: teamId })).team.stages;
    expect(after.find((stage) => stage.name === 'Sourced')!.creators.nodes).toEqual([]);
    expect(after.find((stage) => stage.name === 'Contacted')!.creators.nodes).toEqual([
      {
        id: creatorId,
        user: { databaseId: creator.id },
        sourcing: { followers: 12_500, location: 'Lisbon', topRole: { name: expect.any(String) }, projects: 1, collaborators: 1, commentCount: 1 },
        teamComments: { nodes: [{ body: 'Great reel, rates sent.', author: { databaseId: member.id } }] },
      },
    ]);
    expect(errorOf(await askAs(env.server, member.id, 'mutation($input: DeleteTeamStageInput!) { deleteTeamStage(input: $input) { deletedStageId } }', { input: { stageId: contacted!.id } }))).toMatchObject({ message: 'Move the creators off this stage before deleting it.' });

    // Another team's board is not theirs to see.
    const stranger = await createUser(em());
    expect(dataOf(await askAs<{ team: unknown }>(env.server, stranger.id, BOARD, { id: teamId })).team).toBeNull();
    expect(dataOf(await askAs<{ node: unknown }>(env.server, stranger.id, 'query($id: ID!) { node(id: $id) { id } }', { id: creatorId })).node).toBeNull();
  });
});

describe('saved reports', () => {
  it('export every stored set of numbers of their posts as CSV, exactly as stored; account reports cover the account’s posts', async () => {
    const { member, teamId } = await paidTeam();
    const db = em();
    const account = await createAccount(db);
    const [first, second] = [await createPost(db, { account }), await createPost(db, { account })];
    const other = await createPost(db);
    const stats: Array<[number, number, number | null, string]> = [
      [first.id, 100, 5, '2026-11-20T10:00:00Z'],
      [first.id, 250, 9, '2026-11-21T10:00:00Z'],
      [second.id, 40, null, '2026-11-21T12:00:00Z'],
      [other.id, 7, 1, '2026-11-21T12:00:00Z'],
    ];
    for (const [postId, views, likes, at] of stats) {
      await queryRows(env.database.url, `insert into post_stats (post_id, views, likes, comments, shares, source, fetched_at) values ($1, $2, $3, 1, 0, 'test', $4)`, [postId, views, likes, at]);
    }
    const CREATE = 'mutation($input: CreateTeamReportInput!) { createTeamReport(input: $input) { report { id databaseId name kind postCount csvPath } } }';
    interface Created {
      createTeamReport: { report: { id: string; databaseId: number; name: string; kind: string; postCount: number; csvPath: string } };
    }
    const byAccount = dataOf(await askAs<Created>(env.server, member.id, CREATE, { input: { teamId, name: 'Brand, Q4', kind: 'ACCOUNTS', itemIds: [toGlobalId('SocialAccount', account.id)] } })).createTeamReport.report;
    expect(byAccount).toMatchObject({ name: 'Brand, Q4', kind: 'ACCOUNTS', postCount: 2 });

    const session = await createSession(em(), env.server.config, member.id);
    const response = await fetch(`${env.server.url}${byAccount.csvPath}`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe('post_id,post_url,network,account,fetched_at,views,likes,comments,shares');
    const stored = await queryRows<{ post_id: number; fetched_at: Date; views: string; likes: string | null }>(
      env.database.url,
      `select post_id, fetched_at, views, likes from post_stats where post_id = any($1) order by post_id, fetched_at, id`,
      [[first.id, second.id]],
    );
    expect(lines.slice(1).map((line) => line.split(','))).toEqual(
      stored.map((row) => [String(row.post_id), expect.stringContaining('tiktok.com'), 'tiktok', account.handle, new Date(row.fetched_at).toISOString(), String(row.views), row.likes ?? '', '1', '0']),
    );

    const byPosts = dataOf(await askAs<Created>(env.server, member.id, CREATE, { input: { teamId, name: 'One post', kind: 'POSTS', itemIds: [toGlobalId('Post', other.id)] } })).createTeamReport.report;
    const series = dataOf(await askAs<{ node: { series: Array<{ day: string; views: number; posts: number }> } }>(env.server, member.id, 'query($id: ID!) { node(id: $id) { ... on TeamReport { series(days: 366) { day views posts } } } }', { id: byPosts.id }));
    expect(series.node.series).toEqual([{ day: '2026-11-21', views: 7, posts: 1 }]);

    const outsider = await createUser(em());
    const refused = await fetch(`${env.server.url}${byAccount.csvPath}`, { headers: { authorization: `Bearer ${env.server.tokenFor(outsider.id)}` } });
    expect(refused.status).toBe(404);
  });
});

describe('REST façade', () => {
  it('POST /api/teams creates a team with the same rules as createTeam', async () => {
    const db = em();
    const user = await createUser(db);
    const unsigned = await createUser(db, { termsAcknowledgedAt: null });
    const post = (userId: number, body: unknown) =>
      fetch(`${env.server.url}/api/teams`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${env.server.tokenFor(userId)}` }, body: JSON.stringify(body) });

    const created = await post(user.id, { name: 'Rest Team' });
    expect(created.status).toBe(201);
    const body = (await created.json()) as { success: boolean; data: { id: number; name: string; status: string } };
    expect(body).toMatchObject({ success: true, data: { name: 'Rest Team', status: 'inactive' } });
    expect(await db.count(TeamMember, { team: body.data.id, user: user.id, role: 'manager', status: 'active' })).toBe(1);

    expect(await (await post(unsigned.id, { name: 'Nope' })).json()).toMatchObject({ success: false, message: 'You need to finishing signing up first!' });
    expect((await post(user.id, { name: 'Active', status: 'active' })).status).toBe(403);
    expect((await post(user.id, { name: 'With invitations', members: [{ email: 'x@example.test' }] })).status).toBe(403);
    expect((await post(user.id, { name: 42 })).status).toBe(400);
    const badRole = await post(user.id, { name: 'Roles', members: [{ email: 'x@example.test', role: 'owner' }] });
    expect(badRole.status).toBe(400);
    expect(await badRole.json()).toMatchObject({ success: false, message: 'role must be manager, member or pro_only.' });
    expect((await fetch(`${env.server.url}/api/teams/teamInvites`)).status).toBe(401);
    expect((await fetch(`${env.server.url}/api/teams`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Signed out' }) })).status).toBe(401);
  });
});

describe('the team page', () => {
  it('loads 50 members with their people and last activity, and a board of 30 creators with the sourcing columns, in a fixed number of statements', async () => {
    const db = log.orm.em.fork();
    const manager = await createUser(db);
    const people = [manager];
    for (let i = 0; i < 49; i++) people.push(await createUser(db));
    const team = await createTeam(db, people.map((user, i) => ({ user, role: i === 0 ? 'manager' : i % 7 === 0 ? 'pro_only' : 'member' })));
    await payForTeam(db, team);
    await createDefaultStages(db, team.id);
    await createSession(db, env.server.config, people[3]!.id);
    const stages = await db.find(TeamStage, { team: team.id });
    for (const [i, person] of people.slice(10, 40).entries()) {
      db.create(TeamCreator, { team: team.id, stage: stages[i % stages.length]!.id, user: person.id });
      await creditUser(db, await createPost(db), person, 1 + (i % 5));
    }
    await db.flush();
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const viewer = { user: manager, masqueradingAdminId: null, sessionId: null, plansOpen: false };
    let members: Array<{ lastActiveAt: string | null }> = [];
    const statements = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source: `query($id: ID!) { team(id: $id) { name viewerCan { manage useTools } members(first: 50) { totalCount nodes { id role status lastActiveAt user { databaseId username name avatarUrl } } }
                  managedAccounts(first: 20) { nodes { account { handle } } } reports(first: 20) { nodes { name postCount } } invitations(first: 20) { nodes { email } }
                  stages { name creators(first: 50) { totalCount nodes { user { name } sourcing { followers location projects collaborators commentCount topRole { name } } } } } } }`,
        variableValues: { id: toGlobalId('Team', team.id) },
        contextValue: { em: log.orm.em.fork(), viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      const answer = result.data as { team: { members: { nodes: Array<{ lastActiveAt: string | null }> }; stages: Array<{ creators: { totalCount: number } }> } };
      members = answer.team.members.nodes;
      expect(answer.team.stages.map((stage) => stage.creators.totalCount)).toEqual([10, 10, 10]);
    });
    expect(members).toHaveLength(50);
    expect(members.filter((member) => member.lastActiveAt !== null)).toHaveLength(1);
    // team, memberships, member page, count, users, sessions, accounts page, reports page, invitations, stages, creators page and count, sourcing, roles: each once whatever the number of members and creators.
    expect(statements.length).toBeLessThanOrEqual(16);
  });
});

describe('a list of teams', () => {
  it('answers each team’s seats, seats in use, board and permissions in the same statements for 2 teams as for 10', async () => {
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const source = '{ viewerTeams(first: 100) { nodes { role team { name seats seatsInUse isSubscriptionActive stages { name } viewerCan { manage useTools } invitations(first: 5) { totalCount nodes { email } } } } } }';
    const statementsFor = async (teamCount: number) => {
      const db = log.orm.em.fork();
      const manager = await createUser(db);
      const member = await createUser(db);
      for (let i = 0; i < teamCount; i++) {
        const team = await createTeam(db, [
          { user: manager, role: 'manager' },
          { user: member, role: 'member' },
        ]);
        await payForTeam(db, team, 'starter');
        await createDefaultStages(db, team.id);
        db.create(BillingSubscription, { stripeSubscriptionId: `sub_${uniqueSuffix()}`, stripeCustomerId: 'cus_test', team: team.id, plan: 'starter', status: 'active', seats: 3 + i });
        db.create(Invitation, { team: team.id, code: `code-${uniqueSuffix()}`, email: `open.${i}@example.test`, expiresAt: new Date(Date.now() + 86_400_000) });
        db.create(Invitation, { team: team.id, code: `code-${uniqueSuffix()}`, email: `used.${i}@example.test`, expiresAt: new Date(Date.now() + 86_400_000), acceptedAt: new Date() });
      }
      await db.flush();
      let teams: Array<{ team: { seats: number; seatsInUse: number; stages: unknown[]; invitations: { totalCount: number; nodes: Array<{ email: string }> } } }> = [];
      const statements = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source,
          contextValue: { em: log.orm.em.fork(), viewer: { user: manager, masqueradingAdminId: null, sessionId: null, plansOpen: false }, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        teams = (result.data as { viewerTeams: { nodes: typeof teams } }).viewerTeams.nodes;
      });
      expect(teams.map((row) => row.team.seats)).toEqual(Array.from({ length: teamCount }, (_, i) => 3 + i));
      // Two members and the one invitation still open take seats; the used one is not listed.
      expect(teams.every((row) => row.team.seatsInUse === 3 && row.team.stages.length === 3)).toBe(true);
      expect(teams.map((row) => row.team.invitations)).toEqual(Array.from({ length: teamCount }, (_, i) => ({ totalCount: 1, nodes: [{ email: `open.${i}@example.test` }] })));
      return statements.length;
    };
    const few = await statementsFor(2);
    expect(await statementsFor(10)).toBe(few);
  });
});
