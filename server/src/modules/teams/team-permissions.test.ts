import { describe, expect, it } from 'vitest';
import { EXPIRY_SENTINEL } from '../../../../domain/constants.js';
import { RoleFlag } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createAccount, createTeam, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { graphql, useTestServer, type GraphQLResponse } from '../../test-support/test-server.js';
import { createPersonalAccessToken, READ_ONLY_TOKEN_MESSAGE } from '../auth/index.js';
import { TeamAccount } from './managed-accounts/team-account.entity.js';
import { Invitation } from './invitation.entity.js';
import { TeamMember } from './team-member.entity.js';
import { payForTeam } from './teams.test-support.js';

const env = useTestServer();
const em = () => env.server.orm.em.fork();

const TEAM = 'query($id: ID!) { team(id: $id) { name billing { plan } } }';
const ADD_STAGE = 'mutation($input: CreateTeamStageInput!) { createTeamStage(input: $input) { stage { name } } }';
const INVITE = 'mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { invitation { role } } }';
const REMOVE = 'mutation($input: RemoveTeamMemberInput!) { removeTeamMember(input: $input) { member { status } } }';
const CHANGE_ROLE = 'mutation($input: ChangeTeamMemberRoleInput!) { changeTeamMemberRole(input: $input) { member { role } } }';
const REVOKE = 'mutation($input: RevokeTeamInvitationInput!) { revokeTeamInvitation(input: $input) { revokedInvitationId } }';
const LEAVE = 'mutation($input: LeaveTeamInput!) { leaveTeam(input: $input) { member { status } } }';

type Kind = 'signed out' | 'other' | 'pro_only' | 'member' | 'manager' | 'admin' | 'manager’s READ_ONLY token';

/** A paid Teams Plan team with a manager, a member and a pro_only seat, and a token for each kind of caller. */
async function teamWithEveryKindOfCaller() {
  const db = em();
  const [manager, member, proOnly, other, admin] = await Promise.all([createUser(db), createUser(db), createUser(db), createUser(db), createUser(db, { roleFlags: [RoleFlag.admin] })]);
  const team = await createTeam(db, [
    { user: manager, role: 'manager' },
    { user: member, role: 'member' },
    { user: proOnly, role: 'pro_only' },
  ]);
  await payForTeam(db, team, 'teams');
  const readOnly = await createPersonalAccessToken(em(), manager.id, { name: 'read only', expiresInDays: null, scope: 'read_only' });
  const tokens: Record<Kind, string | undefined> = {
    'signed out': undefined,
    other: env.server.tokenFor(other.id),
    pro_only: env.server.tokenFor(proOnly.id),
    member: env.server.tokenFor(member.id),
    manager: env.server.tokenFor(manager.id),
    admin: env.server.tokenFor(admin.id),
    'manager’s READ_ONLY token': readOnly.token,
  };
  const managerRow = await db.findOneOrFail(TeamMember, { team: team.id, user: manager.id });
  return { team, teamId: toGlobalId('Team', team.id), managerMemberId: toGlobalId('TeamMember', managerRow.id), tokens };
}

function outcome(answer: GraphQLResponse): string {
  const error = answer.body.errors?.[0];
  return error ? `${String(error.extensions?.code)}: ${error.message}` : 'ok';
}

describe('who may do what with a team (signed out, other, pro_only, member, manager, admin, read-only token)', () => {
  it('team pages: its managers, members and admins see the team; billing is for managers and admins', async () => {
    const { team, teamId, tokens } = await teamWithEveryKindOfCaller();
    const seen: Record<string, unknown> = {};
    for (const [kind, token] of Object.entries(tokens)) seen[kind] = (await graphql<{ team: unknown }>(env.server, TEAM, { token, variables: { id: teamId } })).body.data?.team;
    const withBilling = { name: team.name, billing: { plan: 'TEAMS' } };
    expect(seen).toEqual({
      'signed out': null,
      other: null,
      pro_only: null,
      member: { name: team.name, billing: null },
      manager: withBilling,
      admin: withBilling,
      'manager’s READ_ONLY token': withBilling,
    });
  });

  it('team tools (a board stage) for its members, managers and admins; inviting for managers and admins; never with a read-only token', async () => {
    const { teamId, tokens } = await teamWithEveryKindOfCaller();
    const stage: Record<string, string> = {};
    const invite: Record<string, string> = {};
    for (const [kind, token] of Object.entries(tokens)) {
      stage[kind] = outcome(await graphql(env.server, ADD_STAGE, { token, variables: { input: { teamId, name: `Shortlist ${kind}` } } }));
      invite[kind] = outcome(await graphql(env.server, INVITE, { token, variables: { input: { teamId, email: `new.${uniqueSuffix()}@example.test` } } }));
    }
    const signedOut = expect.stringMatching(/^UNAUTHENTICATED: /);
    const hidden = 'NOT_FOUND: That team was not found.';
    const readOnly = `FORBIDDEN: ${READ_ONLY_TOKEN_MESSAGE}`;
    expect(stage).toEqual({ 'signed out': signedOut, other: hidden, pro_only: hidden, member: 'ok', manager: 'ok', admin: 'ok', 'manager’s READ_ONLY token': readOnly });
    expect(invite).toEqual({
      'signed out': signedOut,
      other: hidden,
      pro_only: hidden,
      member: 'FORBIDDEN: Only the team’s managers can do that.',
      manager: 'ok',
      admin: 'ok',
      'manager’s READ_ONLY token': readOnly,
    });
  });

  it('a member, a pro_only seat and others cannot remove a manager', async () => {
    const { managerMemberId, tokens } = await teamWithEveryKindOfCaller();
    const removal: Record<string, string> = {};
    for (const kind of ['signed out', 'other', 'pro_only', 'member', 'manager’s READ_ONLY token'] as const) {
      removal[kind] = outcome(await graphql(env.server, REMOVE, { token: tokens[kind], variables: { input: { memberId: managerMemberId } } }));
    }
    expect(removal).toEqual({
      'signed out': expect.stringMatching(/^UNAUTHENTICATED: /),
      other: 'NOT_FOUND: That team was not found.',
      pro_only: 'NOT_FOUND: That team was not found.',
      member: 'FORBIDDEN: Only the team’s managers can do that.',
      'manager’s READ_ONLY token': `FORBIDDEN: ${READ_ONLY_TOKEN_MESSAGE}`,
    });
  });
});

describe('a team billed by invoice with no expiry (2500-12-31)', () => {
  it('is active for good: its members have paid access and its billing shows no end', async () => {
    const db = em();
    const [manager, member] = await Promise.all([createUser(db), createUser(db)]);
    const team = await createTeam(db, [
      { user: manager, role: 'manager' },
      { user: member, role: 'member' },
    ]);
    team.status = 'active';
    team.plan = 'teams';
    team.externalInvoiceExpiration = new Date(`${EXPIRY_SENTINEL}T00:00:00Z`);
    await db.flush();
    const teamId = toGlobalId('Team', team.id);

    const billing = await graphql<{ team: { isSubscriptionActive: boolean; billing: Record<string, unknown> } }>(env.server, 'query($id: ID!) { team(id: $id) { isSubscriptionActive billing { isActive expiresAt renewsAt externalInvoiceExpiration } } }', {
      token: env.server.tokenFor(manager.id),
      variables: { id: teamId },
    });
    expect(billing.body.data?.team).toEqual({
      isSubscriptionActive: true,
      billing: { isActive: true, expiresAt: null, renewsAt: null, externalInvoiceExpiration: '2500-12-31T00:00:00.000Z' },
    });
    const me = await graphql<{ viewer: { hasPaidTeam: boolean; viewerCan: { hasPaidAccess: boolean } } }>(env.server, '{ viewer { hasPaidTeam viewerCan { hasPaidAccess } } }', { token: env.server.tokenFor(member.id) });
    expect(me.body.data?.viewer).toEqual({ hasPaidTeam: true, viewerCan: { hasPaidAccess: true } });
    // The team's tools open without a card subscription.
    expect(outcome(await graphql(env.server, ADD_STAGE, { token: env.server.tokenFor(member.id), variables: { input: { teamId, name: 'Shortlist' } } }))).toBe('ok');
  });

  it('an invoice that has run out closes the tools with "Let\'s work together"', async () => {
    const db = em();
    const manager = await createUser(db);
    const team = await createTeam(db, [{ user: manager, role: 'manager' }]);
    team.status = 'active';
    team.plan = 'teams';
    team.externalInvoiceExpiration = new Date(Date.now() - 60_000);
    await db.flush();
    const answer = await graphql(env.server, ADD_STAGE, { token: env.server.tokenFor(manager.id), variables: { input: { teamId: toGlobalId('Team', team.id), name: 'Shortlist' } } });
    expect(outcome(answer)).toBe(`FORBIDDEN: ${MESSAGES.letsWorkTogether}`);
  });
});

describe('the Teams upgrade check on a team whose payment lapsed', () => {
  it('refuses what uses or grows the team, and still lets it shrink: remove, leave, withdraw an invitation', async () => {
    const db = em();
    const [manager, member, leaver] = await Promise.all([createUser(db), createUser(db), createUser(db)]);
    const team = await createTeam(db, [
      { user: manager, role: 'manager' },
      { user: member, role: 'member' },
      { user: leaver, role: 'member' },
    ]);
    await payForTeam(db, team, 'teams');
    const teamId = toGlobalId('Team', team.id);
    const asManager = { token: env.server.tokenFor(manager.id) };
    const invited = await graphql<{ inviteTeamMember: { invitation: { id: string } } }>(env.server, 'mutation($input: InviteTeamMemberInput!) { inviteTeamMember(input: $input) { invitation { id } } }', {
      ...asManager,
      variables: { input: { teamId, email: `later.${uniqueSuffix()}@example.test` } },
    });
    const invitationId = invited.body.data!.inviteTeamMember.invitation.id;

    // The card subscription ends (what the webhook stores for a cancelled one).
    team.status = 'inactive';
    team.subscriptionStatus = 'canceled';
    await db.flush();
    const memberRow = await db.findOneOrFail(TeamMember, { team: team.id, user: member.id });
    const memberId = toGlobalId('TeamMember', memberRow.id);
    const lapsed = `FORBIDDEN: ${MESSAGES.letsWorkTogether}`;

    expect(outcome(await graphql(env.server, INVITE, { ...asManager, variables: { input: { teamId, email: `new.${uniqueSuffix()}@example.test` } } }))).toBe(lapsed);
    expect(outcome(await graphql(env.server, CHANGE_ROLE, { ...asManager, variables: { input: { memberId, role: 'MANAGER' } } }))).toBe(lapsed);
    expect(outcome(await graphql(env.server, ADD_STAGE, { ...asManager, variables: { input: { teamId, name: 'Shortlist' } } }))).toBe(lapsed);

    expect(outcome(await graphql(env.server, REVOKE, { ...asManager, variables: { input: { invitationId } } }))).toBe('ok');
    expect(outcome(await graphql(env.server, REMOVE, { ...asManager, variables: { input: { memberId } } }))).toBe('ok');
    expect(outcome(await graphql(env.server, LEAVE, { token: env.server.tokenFor(leaver.id), variables: { input: { teamId } } }))).toBe('ok');
    expect(await em().count(TeamMember, { team: team.id, status: 'active' })).toBe(1);
  });
});

describe('POST /api/teams with its whole payload (name, accounts, members, status)', () => {
  it('lets an admin set a team up active, managing accounts and inviting people, in one call', async () => {
    const db = em();
    const admin = await createUser(db, { roleFlags: [RoleFlag.admin] });
    const account = await createAccount(db);
    const email = `brand.lead.${uniqueSuffix()}@example.test`;
    const response = await fetch(`${env.server.url}/api/teams`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${env.server.tokenFor(admin.id)}` },
      body: JSON.stringify({ name: 'Brand Crew', accounts: [account.id], members: [{ email, role: 'manager' }], status: 'active' }),
    });
    expect(response.status).toBe(201);
    const body = (await response.json()) as { success: boolean; data: { id: number; name: string; status: string } };
    expect(body).toMatchObject({ success: true, data: { name: 'Brand Crew', status: 'active' } });
    const check = em();
    // The admin set it up for someone else: no membership of their own, the invited manager takes over.
    expect(await check.count(TeamMember, { team: body.data.id })).toBe(0);
    expect(await check.count(TeamAccount, { team: body.data.id, socialAccount: account.id })).toBe(1);
    expect((await check.find(Invitation, { team: body.data.id })).map((invitation) => [invitation.email, invitation.role])).toEqual([[email, 'manager']]);
  });
});
