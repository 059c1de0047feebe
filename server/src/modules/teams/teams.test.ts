import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createTeam, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { startSmtpCapture, type SmtpCapture } from '../../test-support/smtp-capture.js';
import { startTestServer, type TestServer } from '../../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from '../webhooks/index.js';
import { BillingSubscription } from '../billing/index.js';
import { Invitation } from './invitation.entity.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { askAs, dataOf, errorOf, payForTeam } from './teams.test-support.js';

let database: TestDatabase;
let capture: SmtpCapture;
let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  [database, capture, receiver] = await Promise.all([createTestDatabase(), startSmtpCapture(), startWebhookReceiver()]);
  server = await startTestServer(database.url, { smtpUrl: capture.url, webhookPrivateOrigins: [receiver.origin] });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([capture?.close(), receiver?.close()]);
  await database?.drop();
});

const em = () => server.orm.em.fork();

const CREATE = 'mutation($input: CreateTeamInput!) { createTeam(input: $input) { team { id databaseId name status members(first: 10) { totalCount nodes { role status user { databaseId } } } stages { name } } } }';
const INVITE = 'mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { invitation { id role email expiresAt } } }';
const ACCEPT = 'mutation($input: AcceptTeamInvitationInput!) { acceptTeamInvitation(input: $input) { membership { id role status team { databaseId } } } }';

interface Created {
  createTeam: { team: { id: string; databaseId: number; name: string; status: string; members: { totalCount: number; nodes: Array<{ role: string; status: string; user: { databaseId: number } }> }; stages: Array<{ name: string }> } };
}

async function paidTeamWithManager(plan: 'starter' | 'teams' = 'starter') {
  const db = em();
  const manager = await createUser(db);
  const team = await createTeam(db, [{ user: manager, role: 'manager' }]);
  await payForTeam(db, team, plan);
  return { manager, team, teamId: toGlobalId('Team', team.id) };
}

function codeFromMail(text: string): string {
  const match = /\/teams\/accept\/([A-Za-z0-9_-]+)/.exec(text);
  expect(match, text).not.toBeNull();
  return match![1]!;
}

/** Someone with an account hears of an invitation as their Teams preference says (team-notifications.test.ts); here the code is read from its row. */
async function invitationCodeFor(email: string): Promise<string> {
  return (await em().findOneOrFail(Invitation, { email: email.toLowerCase(), acceptedAt: null }, { orderBy: { id: 'desc' } })).code;
}

async function inviteAndAccept(teamId: string, managerId: number, role: 'MEMBER' | 'MANAGER' | 'PRO_ONLY' = 'MEMBER') {
  const person = await createUser(em(), { email: `invitee.${uniqueSuffix()}@example.test` });
  dataOf(await askAs(server, managerId, INVITE, { input: { teamId, email: person.email, role } }));
  const accepted = dataOf(await askAs<{ acceptTeamInvitation: { membership: { id: string } } }>(server, person.id, ACCEPT, { input: { code: await invitationCodeFor(person.email!) } }));
  return { person, memberId: accepted.acceptTeamInvitation.membership.id };
}

describe('creating a team', () => {
  it('needs acknowledged terms', async () => {
    const user = await createUser(em(), { termsAcknowledgedAt: null });
    const answer = await askAs(server, user.id, CREATE, { input: { name: 'Studio' } });
    expect(errorOf(answer)).toEqual({ code: 'FORBIDDEN', message: MESSAGES.finishSignUp });
    expect(await em().count(Team, { name: 'Studio' })).toBe(0);
  });

  it('starts inactive with its creator as the active manager, a name required, and the default stages', async () => {
    const user = await createUser(em());
    expect(errorOf(await askAs(server, user.id, CREATE, { input: { name: '   ' } }))).toMatchObject({ code: 'BAD_USER_INPUT', message: 'Please enter a team name.' });
    const { team } = dataOf(await askAs<Created>(server, user.id, CREATE, { input: { name: '  Studio North ' } })).createTeam;
    expect(team).toMatchObject({ name: 'Studio North', status: 'INACTIVE', members: { totalCount: 1, nodes: [{ role: 'MANAGER', status: 'ACTIVE', user: { databaseId: user.id } }] } });
    expect(team.stages.map((stage) => stage.name)).toEqual(['Sourced', 'Contacted', 'Hired']);
  });

  it('Make me the manager is for admins: an admin choosing it becomes the active manager, otherwise the team has no members', async () => {
    const db = em();
    const admin = await createUser(db, { roleFlags: [RoleFlag.admin] });
    const user = await createUser(db);
    expect(errorOf(await askAs(server, user.id, CREATE, { input: { name: 'Mine', makeMeManager: true } }))).toMatchObject({ code: 'FORBIDDEN', message: 'Only admins can choose Make me the manager.' });
    const managed = dataOf(await askAs<Created>(server, admin.id, CREATE, { input: { name: 'For a client', makeMeManager: true } })).createTeam.team;
    expect(managed.members.nodes).toEqual([{ role: 'MANAGER', status: 'ACTIVE', user: { databaseId: admin.id } }]);
    const empty = dataOf(await askAs<Created>(server, admin.id, CREATE, { input: { name: 'Set up for someone' } })).createTeam.team;
    expect(empty.status).toBe('INACTIVE');
    expect(empty.members.totalCount).toBe(0);
  });
});

describe('the Teams upgrade check', () => {
  it('refuses team tools without a paid Teams subscription with "Let\'s work together"', async () => {
    const db = em();
    const manager = await createUser(db);
    const team = await createTeam(db, [{ user: manager, role: 'manager' }]);
    const teamId = toGlobalId('Team', team.id);
    for (const [query, input] of [
      [INVITE, { teamId, email: 'someone@example.test' }],
      ['mutation($input: CreateTeamStageInput!) { createTeamStage(input: $input) { stage { id } } }', { teamId, name: 'Shortlist' }],
      ['mutation($input: AddTeamAccountInput!) { addTeamAccount(input: $input) { managedAccount { id } } }', { teamId, account: { networkId: toGlobalId('Network', 5), handle: 'brand' } }],
    ] as const) {
      expect(errorOf(await askAs(server, manager.id, query, { input }))).toEqual({ code: 'FORBIDDEN', message: MESSAGES.letsWorkTogether, upgrade: 'TEAMS' });
    }
  });
});

describe('invitations', () => {
  it('mail a single-use link; accepting joins the team with the role and tells the managers’ webhooks', async () => {
    const { manager, team, teamId } = await paidTeamWithManager();
    const hook = dataOf(await askAs(server, manager.id, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret } }', { input: { url: `${receiver.origin}/team-${team.id}`, events: ['TEAM_MEMBER_JOINED'] } }));
    expect(hook).toBeTruthy();
    // An address no account has yet: the invitation is mailed to it; the person signs up with it.
    const address = `Joiner.${uniqueSuffix()}@Example.test`;
    const invited = dataOf(await askAs<{ inviteTeamMember: { invitation: { role: string; email: string } } }>(server, manager.id, INVITE, { input: { teamId, email: address, role: 'MEMBER' } }));
    expect(invited.inviteTeamMember.invitation).toMatchObject({ role: 'MEMBER', email: address.toLowerCase() });
    const mail = await capture.waitForMail(address.toLowerCase(), { subject: /invited you to join/ });
    const code = codeFromMail(mail.text);
    expect(mail.text).toContain(`${server.config.publicUrl.replace(/\/+$/, '')}/teams/accept/${code}`);
    const person = await createUser(em(), { email: address });

    // Waiting for them: GraphQL and the REST call (GET /api/teams/teamInvites).
    const waiting = dataOf(await askAs<{ viewerTeamInvitations: { nodes: Array<{ name: string; code: string }> } }>(server, person.id, '{ viewerTeamInvitations(first: 10) { nodes { name code } } }'));
    expect(waiting.viewerTeamInvitations.nodes).toEqual([{ name: team.name, code }]);
    const rest = await fetch(`${server.url}/api/teams/teamInvites`, { headers: { authorization: `Bearer ${server.tokenFor(person.id)}` } });
    expect(await rest.json()).toMatchObject({ success: true, data: [{ name: team.name, code, role: 'member' }] });

    const accepted = dataOf(await askAs<{ acceptTeamInvitation: { membership: { role: string; status: string; team: { databaseId: number } } } }>(server, person.id, ACCEPT, { input: { code } }));
    expect(accepted.acceptTeamInvitation.membership).toEqual({ id: expect.any(String), role: 'MEMBER', status: 'ACTIVE', team: { databaseId: team.id } });
    const [delivery] = await receiver.waitFor(1, (received) => received.path === `/team-${team.id}`);
    expect(JSON.parse(delivery!.body)).toMatchObject({ event: 'TEAM_MEMBER_JOINED', data: { team: { databaseId: team.id }, member: { role: 'member', user: { databaseId: person.id } } } });

    // Used once.
    expect(errorOf(await askAs(server, person.id, ACCEPT, { input: { code } }))).toMatchObject({ code: 'UNPROCESSABLE', message: expect.stringContaining('already been used') });
  });

  it('refuse expired, unknown and other people’s codes with clear words', async () => {
    const { manager, teamId } = await paidTeamWithManager();
    const invitee = await createUser(em(), { email: `expiring.${uniqueSuffix()}@example.test` });
    const stranger = await createUser(em());
    dataOf(await askAs(server, manager.id, INVITE, { input: { teamId, email: invitee.email } }));
    const code = await invitationCodeFor(invitee.email!);
    expect(errorOf(await askAs(server, stranger.id, ACCEPT, { input: { code } }))).toEqual({ code: 'FORBIDDEN', message: 'That invitation was sent to another email address. Sign in with that address to accept it.' });
    expect(errorOf(await askAs(server, invitee.id, ACCEPT, { input: { code: 'no-such-code' } }))).toEqual({ code: 'NOT_FOUND', message: MESSAGES.codeInvalid });
    const db = em();
    const invitation = await db.findOneOrFail(Invitation, { code });
    invitation.expiresAt = new Date(Date.now() - 1000);
    await db.flush();
    expect(errorOf(await askAs(server, invitee.id, ACCEPT, { input: { code } }))).toEqual({ code: 'UNPROCESSABLE', message: 'That invitation has expired. Ask the team’s manager to send a new one.' });
  });

  it('beyond the plan’s seats are refused, naming the limit (Starter Plan: 3)', async () => {
    const { manager, teamId } = await paidTeamWithManager('starter');
    // The manager holds one seat; two more people fit.
    await inviteAndAccept(teamId, manager.id);
    dataOf(await askAs(server, manager.id, INVITE, { input: { teamId, email: `pending.${uniqueSuffix()}@example.test` } }));
    const answer = await askAs(server, manager.id, INVITE, { input: { teamId, email: `fourth.${uniqueSuffix()}@example.test` } });
    expect(errorOf(answer)).toEqual({ code: 'UNPROCESSABLE', message: 'All 3 seats of the Starter Plan are taken. Add seats on the team’s billing page to invite more people.' });
  });

  it('count the seats the subscription pays for, extra ones included (changeTeamSeats)', async () => {
    const { manager, team, teamId } = await paidTeamWithManager('starter');
    const db = em();
    db.create(BillingSubscription, { stripeSubscriptionId: `sub_${uniqueSuffix()}`, stripeCustomerId: 'cus_test', team: team.id, plan: 'starter', status: 'active', seats: 4 });
    await db.flush();
    for (let i = 0; i < 3; i++) dataOf(await askAs(server, manager.id, INVITE, { input: { teamId, email: `extra${i}.${uniqueSuffix()}@example.test` } }));
    const answer = await askAs(server, manager.id, INVITE, { input: { teamId, email: `over.${uniqueSuffix()}@example.test` } });
    expect(errorOf(answer)?.message).toBe('All 4 seats of the Starter Plan are taken. Add seats on the team’s billing page to invite more people.');
    const seats = dataOf(await askAs<{ team: { seats: number; seatsInUse: number } }>(server, manager.id, 'query($id: ID!) { team(id: $id) { seats seatsInUse } }', { id: teamId }));
    expect(seats.team).toEqual({ seats: 4, seatsInUse: 4 });
  });
});

describe('roles', () => {
  const REMOVE = 'mutation($input: RemoveTeamMemberInput!) { removeTeamMember(input: $input) { member { status } } }';
  const CHANGE = 'mutation($input: ChangeTeamMemberRoleInput!) { changeTeamMemberRole(input: $input) { member { role } } }';
  const LEAVE = 'mutation($input: LeaveTeamInput!) { leaveTeam(input: $input) { member { status } } }';

  it('a member cannot remove a manager; the last manager cannot leave or be demoted; a manager removes a member', async () => {
    const { manager, team, teamId } = await paidTeamWithManager('teams');
    const { person: member, memberId } = await inviteAndAccept(teamId, manager.id);
    const managerMembership = await em().findOneOrFail(TeamMember, { team: team.id, user: manager.id });
    const managerId = toGlobalId('TeamMember', managerMembership.id);

    expect(errorOf(await askAs(server, member.id, REMOVE, { input: { memberId: managerId } }))).toEqual({ code: 'FORBIDDEN', message: 'Only the team’s managers can do that.' });
    expect(errorOf(await askAs(server, manager.id, LEAVE, { input: { teamId } }))).toEqual({ code: 'UNPROCESSABLE', message: 'A team needs a manager: make someone else a manager first.' });
    expect(errorOf(await askAs(server, manager.id, CHANGE, { input: { memberId: managerId, role: 'MEMBER' } }))).toMatchObject({ message: 'A team needs a manager: make someone else a manager first.' });
    expect(errorOf(await askAs(server, member.id, CHANGE, { input: { memberId, role: 'MANAGER' } }))).toMatchObject({ code: 'FORBIDDEN' });

    // With a second manager, the first may step down.
    expect(dataOf(await askAs(server, manager.id, CHANGE, { input: { memberId, role: 'MANAGER' } }))).toEqual({ changeTeamMemberRole: { member: { role: 'MANAGER' } } });
    expect(dataOf(await askAs(server, manager.id, CHANGE, { input: { memberId: managerId, role: 'MEMBER' } }))).toEqual({ changeTeamMemberRole: { member: { role: 'MEMBER' } } });
    expect(dataOf(await askAs(server, member.id, REMOVE, { input: { memberId: managerId } }))).toEqual({ removeTeamMember: { member: { status: 'INACTIVE' } } });
    // Taken off the team: no team pages and no paid access from it any more.
    expect(dataOf(await askAs<{ team: unknown }>(server, manager.id, 'query($id: ID!) { team(id: $id) { name } }', { id: teamId })).team).toBeNull();
    expect(dataOf(await askAs<{ viewer: { hasPaidTeam: boolean } }>(server, manager.id, '{ viewer { hasPaidTeam } }')).viewer.hasPaidTeam).toBe(false);
  });

  it('a pro_only seat gets paid access but no team pages', async () => {
    const { manager, teamId } = await paidTeamWithManager('teams');
    const { person } = await inviteAndAccept(teamId, manager.id, 'PRO_ONLY');
    const me = dataOf(await askAs<{ viewer: { hasPaidTeam: boolean; viewerCan: { hasPaidAccess: boolean } } }>(server, person.id, '{ viewer { hasPaidTeam viewerCan { hasPaidAccess } } }'));
    expect(me.viewer).toEqual({ hasPaidTeam: true, viewerCan: { hasPaidAccess: true } });
    const page = dataOf(await askAs<{ team: unknown }>(server, person.id, 'query($id: ID!) { team(id: $id) { name } }', { id: teamId }));
    expect(page.team).toBeNull();
    const viaMembership = dataOf(await askAs<{ viewerTeams: { nodes: Array<{ role: string; team: { members: { totalCount: number }; stages: unknown[] } }> } }>(
      server,
      person.id,
      '{ viewerTeams(first: 5) { nodes { role team { members(first: 5) { totalCount } stages { name } } } } }',
    ));
    expect(viaMembership.viewerTeams.nodes).toEqual([{ role: 'PRO_ONLY', team: { members: { totalCount: 0 }, stages: [] } }]);
  });
});
