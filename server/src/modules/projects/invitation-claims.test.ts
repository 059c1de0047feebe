import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { type GraphQLResponse, useMailingTestServer } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';
import { EMAIL_INVITATION_LIMIT_MESSAGE, EMAIL_INVITATIONS_PER_DAY, hashInvitationClaimToken, INVITATION_CLAIM_DAYS } from './invitation-claims.js';
import { askOn, dataOf, personOn } from './projects.test-support.js';

const { env, mail } = useMailingTestServer();

const CREATE = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id name } } }';
const ADD = 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id databaseId status isEmailInvitation user { id } } } }';
const RESPOND = 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id status } } }';
const CLAIM_QUERY = 'query($token: String!) { projectInvitationClaim(token: $token) { projectName invitedBy { databaseId } role { name emoji } permission inviteeDisplayName expiresAt } }';
const CLAIM = 'mutation($input: ClaimProjectInvitationInput!) { claimProjectInvitation(input: $input) { collaborator { id status user { databaseId } } project { name viewerCan { edit } } } }';
const INVITATIONS = 'query { projectInvitations(first: 10) { totalCount nodes { id project { name } } } }';

interface Collaborator {
  id: string;
  databaseId: number;
  status: string;
  isEmailInvitation: boolean;
  user: { id: string } | null;
}
interface ClaimPreview {
  projectName: string;
  invitedBy: { databaseId: number } | null;
  role: { name: string; emoji: string };
  permission: string;
  inviteeDisplayName: string;
  expiresAt: string;
}
interface ClaimAnswer {
  collaborator: { id: string; status: string; user: { databaseId: number } | null };
  project: { name: string; viewerCan: { edit: boolean } } | null;
}

function person(fields: Parameters<typeof personOn>[1] = {}): Promise<{ user: User; token: string }> {
  return personOn(env.server, fields);
}

function ask<T = Record<string, unknown>>(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return askOn<T>(env.server, token, query, variables);
}

function codeOf(response: GraphQLResponse): unknown {
  return response.body.errors?.[0]?.extensions?.code;
}

async function project(token: string, input: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  return dataOf(await ask<{ createProject: { project: { id: string; name: string } } }>(token, CREATE, { input: { name: `Spring shoot ${uniqueSuffix()}`, ...input } })).createProject.project;
}

function inviteByEmail(token: string, projectId: string, email: string, permission: 'OWNER' | 'EDITOR' | 'VIEWER' = 'EDITOR') {
  return ask<{ addProjectCollaborator: { collaborator: Collaborator } }>(token, ADD, { input: { projectId, email, roleId: toGlobalId('CreditRole', 2), permission } });
}

function newAddress(): string {
  return `newcomer.${uniqueSuffix()}@example.test`;
}

/** The token in the mailed link, checked to be the claim page's address on the public origin. */
async function mailedToken(email: string): Promise<{ token: string; subject: string; text: string; html: string }> {
  const message = await mail.waitForMail(email);
  const origin = env.server.config.publicUrl.replace(/\/+$/, '');
  const link = message.text.split(/\s+/).find((word) => word.includes('/projects/invitations/'));
  const match = new RegExp(`^${origin}/projects/invitations/([A-Za-z0-9_-]{43})$`).exec(link ?? '');
  expect(match, link).not.toBeNull();
  expect(message.html).toContain(link);
  return { token: match![1]!, subject: message.subject, text: message.text, html: message.html };
}

/** An owner, their project and an invitation by email to an address no account has, with the mailed token. */
async function invitedNewcomer(permission: 'OWNER' | 'EDITOR' | 'VIEWER' = 'EDITOR') {
  const owner = await person();
  const made = await project(owner.token);
  const email = newAddress();
  const collaborator = dataOf(await inviteByEmail(owner.token, made.id, email, permission)).addProjectCollaborator.collaborator;
  const { token } = await mailedToken(email);
  return { owner, project: made, email, collaborator, token };
}

async function claim(token: string | undefined, claimToken: string, accept: boolean) {
  return ask<{ claimProjectInvitation: ClaimAnswer }>(token, CLAIM, { input: { token: claimToken, accept } });
}

async function preview(token: string | undefined, claimToken: string): Promise<ClaimPreview | null> {
  return dataOf(await ask<{ projectInvitationClaim: ClaimPreview | null }>(token, CLAIM_QUERY, { token: claimToken })).projectInvitationClaim;
}

async function projectMailJobs(email: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(env.database.url, "select count(*)::int as n from pgboss.job where name = 'project-mail' and data->>'to' = $1", [email]);
  return row!.n;
}

describe('inviting someone not on Byline into a project by email', () => {
  it('mails a claim link whose token is stored hashed; the page shows the project, the inviter and the role to anyone', async () => {
    const owner = await person();
    const made = await project(owner.token);
    const email = newAddress();
    const collaborator = dataOf(await inviteByEmail(owner.token, made.id, email.toUpperCase(), 'VIEWER')).addProjectCollaborator.collaborator;
    expect(collaborator).toMatchObject({ status: 'PENDING', isEmailInvitation: true, user: null });

    const sent = await mailedToken(email);
    expect(sent.subject).toBe(`${owner.user.name} invited you into the project ${made.name} on Byline`);
    expect(sent.text).toContain(`${owner.user.name} invited you into the project ${made.name} on Byline, as 📷 Photographer.`);
    expect(sent.text).toContain(`The link works once, for ${INVITATION_CLAIM_DAYS} days.`);
    const [stored] = await queryRows<{ claim_token_hash: string }>(env.database.url, 'select claim_token_hash from project_collaborators where id = $1', [collaborator.databaseId]);
    expect(stored!.claim_token_hash).toBe(hashInvitationClaimToken(sent.token));
    expect(stored!.claim_token_hash).not.toContain(sent.token);

    const expected = { projectName: made.name, invitedBy: { databaseId: owner.user.id }, role: { name: 'Photographer', emoji: '📷' }, permission: 'VIEWER', inviteeDisplayName: 'n…@example.test' };
    // Open to signed-out visitors and to anyone signed in who holds the link: the link is the invitation.
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const stranger = await person();
    for (const viewer of [undefined, stranger.token, admin.token, owner.token]) {
      const seen = await preview(viewer, sent.token);
      expect(seen).toMatchObject(expected);
      const days = (new Date(seen!.expiresAt).getTime() - Date.now()) / (24 * 60 * 60 * 1000);
      expect(days).toBeGreaterThan(INVITATION_CLAIM_DAYS - 1);
      expect(days).toBeLessThanOrEqual(INVITATION_CLAIM_DAYS);
    }
  });

  it('mails nothing when an account has the address: the invitation is theirs on /projects', async () => {
    const owner = await person();
    const made = await project(owner.token);
    const member = await person({ email: newAddress() });
    const collaborator = dataOf(await inviteByEmail(owner.token, made.id, member.user.email!)).addProjectCollaborator.collaborator;
    const [stored] = await queryRows<{ claim_token_hash: string | null }>(env.database.url, 'select claim_token_hash from project_collaborators where id = $1', [collaborator.databaseId]);
    expect(stored!.claim_token_hash).toBeNull();
    expect(await projectMailJobs(member.user.email!)).toBe(0);
    const listed = dataOf(await ask<{ projectInvitations: { totalCount: number; nodes: Array<{ id: string; project: { name: string } }> } }>(member.token, INVITATIONS, {})).projectInvitations;
    expect(listed.nodes).toEqual([{ id: collaborator.id, project: { name: made.name } }]);
  });

  it('sends nothing when the invitation is refused (the same address twice)', async () => {
    const { owner, project: made, email } = await invitedNewcomer();
    expect(codeOf(await inviteByEmail(owner.token, made.id, email))).toBe('CONFLICT');
    // The mail job is written in the invitation's transaction: the refused one left none behind.
    expect(await projectMailJobs(email)).toBe(1);
    expect(mail.messages.filter((message) => message.to.includes(email))).toHaveLength(1);
  });

  it('shows the invitation on /projects once they sign up with the invited address, and the link still answers it', async () => {
    const { project: made, email, collaborator, token } = await invitedNewcomer();
    const newcomer = await person({ email });
    const listed = dataOf(await ask<{ projectInvitations: { nodes: Array<{ id: string }> } }>(newcomer.token, INVITATIONS, {})).projectInvitations;
    expect(listed.nodes.map((node) => node.id)).toEqual([collaborator.id]);
    const answered = dataOf(await claim(newcomer.token, token, true)).claimProjectInvitation;
    expect(answered.collaborator).toEqual({ id: collaborator.id, status: 'ACCEPTED', user: { databaseId: newcomer.user.id } });
    expect(answered.project?.name).toBe(made.name);
  });

  it('binds the invitation to the account that accepts through the link, whatever its address; the link then works no more', async () => {
    const { owner, project: made, collaborator, token } = await invitedNewcomer('EDITOR');
    const newcomer = await person({ email: newAddress() });
    const answered = dataOf(await claim(newcomer.token, token, true)).claimProjectInvitation;
    expect(answered).toEqual({ collaborator: { id: collaborator.id, status: 'ACCEPTED', user: { databaseId: newcomer.user.id } }, project: { name: made.name, viewerCan: { edit: true } } });
    const [stored] = await queryRows<{ claim_token_hash: string | null; user_id: number }>(env.database.url, 'select claim_token_hash, user_id from project_collaborators where id = $1', [collaborator.databaseId]);
    expect(stored).toEqual({ claim_token_hash: null, user_id: newcomer.user.id });
    const [audit] = await queryRows<{ actor_id: number; fields: Record<string, unknown> }>(env.database.url, "select actor_id, fields from audit_logs where target = 'project_collaborators' and target_id = $1 and action = 'update'", [collaborator.databaseId]);
    expect(audit).toEqual({ actor_id: newcomer.user.id, fields: { status: 'accepted', byClaimLink: true } });

    // Single use: the page says so and a second answer is refused, whoever tries.
    expect(await preview(undefined, token)).toBeNull();
    const other = await person();
    expect(codeOf(await claim(other.token, token, true))).toBe('BAD_USER_INPUT');
    expect(codeOf(await claim(newcomer.token, token, false))).toBe('BAD_USER_INPUT');
    expect(dataOf(await ask<{ projectInvitations: { totalCount: number } }>(owner.token, INVITATIONS, {})).projectInvitations.totalCount).toBe(0);
  });

  it('declines through the link: nobody is bound, the project stays closed and the link is used up', async () => {
    const { collaborator, token } = await invitedNewcomer();
    const newcomer = await person({ email: newAddress() });
    const answered = dataOf(await claim(newcomer.token, token, false)).claimProjectInvitation;
    expect(answered).toEqual({ collaborator: { id: collaborator.id, status: 'DECLINED', user: null }, project: null });
    expect(await preview(newcomer.token, token)).toBeNull();
    expect(codeOf(await claim(newcomer.token, token, true))).toBe('BAD_USER_INPUT');
  });

  it('asks signed-out visitors to sign in before answering, and leaves the link working', async () => {
    const { token } = await invitedNewcomer();
    const refused = await claim(undefined, token, true);
    expect(codeOf(refused)).toBe('UNAUTHENTICATED');
    expect(await preview(undefined, token)).not.toBeNull();
  });

  it('says nothing of an unknown, malformed or expired link', async () => {
    const { collaborator, token } = await invitedNewcomer();
    const someone = await person();
    expect(await preview(undefined, 'A'.repeat(43))).toBeNull();
    expect(await preview(undefined, 'not a token')).toBeNull();
    expect(codeOf(await claim(someone.token, 'A'.repeat(43), true))).toBe('BAD_USER_INPUT');

    await queryRows(env.database.url, `update project_collaborators set created_at = now() - interval '${INVITATION_CLAIM_DAYS} days 1 minute' where id = $1`, [collaborator.databaseId]);
    expect(await preview(undefined, token)).toBeNull();
    const refused = await claim(someone.token, token, true);
    expect(codeOf(refused)).toBe('BAD_USER_INPUT');
    expect(refused.body.errors?.[0]?.message).toBe('That link is invalid or has expired. Please ask for a new one.');
  });

  it('lets anyone signed in holding the link answer it; someone already in the project cannot accept it twice', async () => {
    const { owner, project: made, token } = await invitedNewcomer();
    // Already in the project: an editor by their own invitation.
    const editor = await person();
    const byUser = dataOf(await ask<{ addProjectCollaborator: { collaborator: Collaborator } }>(owner.token, ADD, { input: { projectId: made.id, userId: toGlobalId('User', editor.user.id), roleId: toGlobalId('CreditRole', 1), permission: 'EDITOR' } }));
    dataOf(await ask(editor.token, RESPOND, { input: { collaboratorId: byUser.addProjectCollaborator.collaborator.id, accept: true } }));
    expect(codeOf(await claim(editor.token, token, true))).toBe('CONFLICT');
    // The refused answer left the link as it was.
    expect(await preview(undefined, token)).not.toBeNull();

    // A team's manager, an admin or a stranger holding the link answer it like anyone the mail reached.
    const manager = await person();
    const team = await createTeam(env.server.orm.em.fork(), [{ user: manager.user, role: 'manager' }]);
    const teamProject = await project(manager.token, { ownerTeamId: toGlobalId('Team', team.id) });
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const stranger = await person();
    for (const holder of [manager, admin, stranger]) {
      const email = newAddress();
      dataOf(await inviteByEmail(manager.token, teamProject.id, email, 'VIEWER'));
      const sent = await mailedToken(email);
      const answered = dataOf(await claim(holder.token, sent.token, false)).claimProjectInvitation;
      expect(answered.collaborator.status).toBe('DECLINED');
    }
  });

  it(`caps invitations by email at ${EMAIL_INVITATIONS_PER_DAY} a day per inviter, and the refused one leaves nothing behind`, async () => {
    const owner = await person();
    const made = await project(owner.token);
    // The day's earlier invitations, as the audit log keeps them (the cap counts from it).
    await queryRows(
      env.database.url,
      `insert into audit_logs (action, actor_id, target, target_id, fields) select 'create', $1, 'project_collaborators', 'earlier', '{"byEmail": true}' from generate_series(1, $2)`,
      [owner.user.id, EMAIL_INVITATIONS_PER_DAY - 1],
    );
    const last = newAddress();
    dataOf(await inviteByEmail(owner.token, made.id, last));
    await mailedToken(last);
    const over = newAddress();
    const refused = await inviteByEmail(owner.token, made.id, over);
    expect(codeOf(refused)).toBe('RATE_LIMITED');
    expect(refused.body.errors?.[0]?.message).toBe(EMAIL_INVITATION_LIMIT_MESSAGE);
    expect(await projectMailJobs(over)).toBe(0);
    const [rows] = await queryRows<{ n: number }>(env.database.url, 'select count(*)::int as n from project_collaborators where invited_email = $1', [over]);
    expect(rows!.n).toBe(0);
    // Inviting a member by account is not capped.
    const member = await person();
    dataOf(await ask(owner.token, ADD, { input: { projectId: made.id, userId: toGlobalId('User', member.user.id), roleId: toGlobalId('CreditRole', 1), permission: 'VIEWER' } }));
  });

  it('refuses an invitation by email from anyone but an owner, and mails nothing then', async () => {
    const owner = await person();
    const made = await project(owner.token);
    const email = newAddress();
    const stranger = await person();
    expect(codeOf(await inviteByEmail(stranger.token, made.id, email))).toBe('NOT_FOUND');
    expect(await projectMailJobs(email)).toBe(0);
  });
});
