import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTeam } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { type GraphQLResponse, useTestServer } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';
import { askOn, dataOf, errorOf, personOn } from './projects.test-support.js';

const env = useTestServer();

const PROJECT_FIELDS = 'id publicId name slug path status visibility startsOn endsOn client ownerUser { id } ownerTeam { id } viewerCan { edit manageCollaborators seeCosts }';
const BY_ADDRESS = `query($publicId: String!, $slug: String) { projectByAddress(publicId: $publicId, slug: $slug) { canonicalPath slugIsCurrent project { ${PROJECT_FIELDS} collaborators(first: 50) { totalCount nodes { id status permission isEmailInvitation user { id } creditRole { name } } } } } }`;
const LIST = 'query($first: Int, $after: String, $status: ProjectStatus, $teamId: ID, $search: String) { projects(first: $first, after: $after, status: $status, teamId: $teamId, search: $search) { totalCount pageInfo { hasNextPage endCursor } nodes { name } } }';
const CREATE = `mutation($input: CreateProjectInput!) { createProject(input: $input) { project { ${PROJECT_FIELDS} } } }`;
const UPDATE = `mutation($input: UpdateProjectInput!) { updateProject(input: $input) { project { ${PROJECT_FIELDS} } } }`;
const ADD = 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id status permission isEmailInvitation user { id } } } }';
const REMOVE = 'mutation($input: RemoveProjectCollaboratorInput!) { removeProjectCollaborator(input: $input) { removedCollaboratorId project { id } } }';
const RESPOND = 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id status user { id } } } }';

interface ProjectView {
  id: string;
  publicId: string;
  name: string;
  slug: string;
  path: string;
  status: string;
  visibility: string;
  client: string | null;
  ownerUser: { id: string } | null;
  ownerTeam: { id: string } | null;
  viewerCan: { edit: boolean; manageCollaborators: boolean; seeCosts: boolean };
}
interface AddressView {
  canonicalPath: string;
  slugIsCurrent: boolean;
  project: ProjectView & { collaborators: { totalCount: number; nodes: Array<{ id: string; status: string; isEmailInvitation: boolean; user: { id: string } | null }> } };
}

function person(fields: Parameters<typeof personOn>[1] = {}): Promise<{ user: User; token: string }> {
  return personOn(env.server, fields);
}

function ask<T = Record<string, unknown>>(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return askOn<T>(env.server, token, query, variables);
}

async function create(token: string, input: Record<string, unknown>): Promise<ProjectView> {
  return dataOf(await ask<{ createProject: { project: ProjectView } }>(token, CREATE, { input })).createProject.project;
}

async function open(token: string | undefined, publicId: string, slug: string | null = null): Promise<AddressView | null> {
  return dataOf(await ask<{ projectByAddress: AddressView | null }>(token, BY_ADDRESS, { publicId, slug })).projectByAddress;
}

async function invite(token: string, projectId: string, who: { userId?: string; email?: string }, permission: 'OWNER' | 'EDITOR' | 'VIEWER') {
  return ask<{ addProjectCollaborator: { collaborator: { id: string; status: string } } }>(token, ADD, { input: { projectId, ...who, roleId: toGlobalId('CreditRole', 1), permission } });
}

/** Someone invited and accepted with `permission`. */
async function joined(ownerToken: string, projectId: string, permission: 'OWNER' | 'EDITOR' | 'VIEWER') {
  const member = await person();
  const invited = dataOf(await invite(ownerToken, projectId, { userId: toGlobalId('User', member.user.id) }, permission)).addProjectCollaborator.collaborator;
  dataOf(await ask(member.token, RESPOND, { input: { collaboratorId: invited.id, accept: true } }));
  return { ...member, collaboratorId: invited.id };
}

const NODE = 'query($id: ID!) { node(id: $id) { id ... on Project { name } ... on ProjectCollaborator { status } } }';

const NONE = { edit: false, manageCollaborators: false, seeCosts: false };

describe('creating and opening a project', () => {
  it('gives a permanent public id, a slug and a path, and the owner every right', async () => {
    const owner = await person();
    const project = await create(owner.token, { name: 'Café Noir — Spring ’27', clientName: 'Café Noir', startsOn: '2027-03-01', endsOn: '2027-04-30' });
    expect(project.publicId).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(project).toMatchObject({ slug: 'cafe-noir-spring-27', path: `/projects/${project.publicId}~cafe-noir-spring-27`, status: 'PLANNING', visibility: 'PRIVATE', client: 'Café Noir', ownerUser: { id: toGlobalId('User', owner.user.id) }, ownerTeam: null });
    expect(project.viewerCan).toEqual({ edit: true, manageCollaborators: true, seeCosts: true });
    const audits = await queryRows<{ action: string; actor_id: number }>(env.database.url, `select action, actor_id from audit_logs where target = 'projects' and fields->>'publicId' = $1`, [project.publicId]);
    expect(audits).toEqual([{ action: 'create', actor_id: owner.user.id }]);
  });

  it('refuses bad names and dates with the product’s words', async () => {
    const owner = await person();
    expect(errorOf(await ask(owner.token, CREATE, { input: { name: '  ' } }))).toEqual({ message: PROJECT_MESSAGES.nameRequired, code: 'BAD_USER_INPUT' });
    expect(errorOf(await ask(owner.token, CREATE, { input: { name: 'Late', startsOn: '2027-05-01', endsOn: '2027-04-01' } }))).toEqual({ message: PROJECT_MESSAGES.datesOutOfOrder, code: 'BAD_USER_INPUT' });
    expect(errorOf(await ask(undefined, CREATE, { input: { name: 'Anonymous' } }))?.code).toBe('UNAUTHENTICATED');
  });

  it('keeps old slugs finding the project, with the address to redirect to', async () => {
    const owner = await person();
    const project = await create(owner.token, { name: 'First name' });
    const renamed = dataOf(await ask<{ updateProject: { project: ProjectView } }>(owner.token, UPDATE, { input: { projectId: project.id, name: 'Second name' } })).updateProject.project;
    expect(renamed.slug).toBe('second-name');
    expect(renamed.publicId).toBe(project.publicId);
    const old = await open(owner.token, project.publicId, 'first-name');
    expect(old).toMatchObject({ slugIsCurrent: false, canonicalPath: `/projects/${project.publicId}~second-name` });
    expect(await open(owner.token, project.publicId, 'second-name')).toMatchObject({ slugIsCurrent: true });
    expect(await open(owner.token, project.publicId, 'anything')).toMatchObject({ slugIsCurrent: false });
    expect(await open(owner.token, 'zzzzzzzzzz')).toBeNull();
    expect(await open(owner.token, 'not an id')).toBeNull();
  });
});

describe('who may see and change a project', () => {
  it('follows each permission on a private project', async () => {
    const owner = await person();
    const project = await create(owner.token, { name: 'Private work' });
    const editor = await joined(owner.token, project.id, 'EDITOR');
    const viewer = await joined(owner.token, project.id, 'VIEWER');
    const coOwner = await joined(owner.token, project.id, 'OWNER');
    const stranger = await person();
    const admin = await person({ roleFlags: [RoleFlag.admin] });

    expect((await open(editor.token, project.publicId))!.project.viewerCan).toEqual({ edit: true, manageCollaborators: false, seeCosts: true });
    expect((await open(viewer.token, project.publicId))!.project.viewerCan).toEqual(NONE);
    expect((await open(coOwner.token, project.publicId))!.project.viewerCan).toEqual({ edit: true, manageCollaborators: true, seeCosts: true });
    expect((await open(admin.token, project.publicId))!.project.viewerCan).toEqual(NONE);
    expect(await open(stranger.token, project.publicId)).toBeNull();
    expect(await open(undefined, project.publicId)).toBeNull();

    const rename = (token: string) => ask(token, UPDATE, { input: { projectId: project.id, status: 'IN_PRODUCTION' } });
    expect(dataOf(await rename(editor.token))).toBeTruthy();
    expect(errorOf(await rename(viewer.token))?.code).toBe('FORBIDDEN');
    expect(errorOf(await rename(admin.token))?.code).toBe('FORBIDDEN');
    expect(errorOf(await rename(stranger.token))).toEqual({ message: PROJECT_MESSAGES.projectNotFound, code: 'NOT_FOUND' });
    // Visibility is the owners' call.
    expect(errorOf(await ask(editor.token, UPDATE, { input: { projectId: project.id, visibility: 'PUBLIC' } }))?.code).toBe('FORBIDDEN');

    const someone = await person();
    const userId = toGlobalId('User', someone.user.id);
    expect(errorOf(await invite(editor.token, project.id, { userId }, 'VIEWER'))?.code).toBe('FORBIDDEN');
    expect(errorOf(await invite(viewer.token, project.id, { userId }, 'VIEWER'))?.code).toBe('FORBIDDEN');
    expect(errorOf(await invite(stranger.token, project.id, { userId }, 'VIEWER'))?.code).toBe('NOT_FOUND');
    expect(dataOf(await invite(coOwner.token, project.id, { userId }, 'VIEWER'))).toBeTruthy();
    expect(errorOf(await invite(owner.token, project.id, { userId }, 'EDITOR'))).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });

    // Removing: owners may, editors may not, anyone may leave.
    expect(errorOf(await ask(editor.token, REMOVE, { input: { collaboratorId: viewer.collaboratorId } }))?.code).toBe('FORBIDDEN');
    expect(dataOf(await ask<{ removeProjectCollaborator: { project: unknown } }>(viewer.token, REMOVE, { input: { collaboratorId: viewer.collaboratorId } })).removeProjectCollaborator.project).toBeNull();
    expect(await open(viewer.token, project.publicId)).toBeNull();
    expect(dataOf(await ask(owner.token, REMOVE, { input: { collaboratorId: editor.collaboratorId } }))).toBeTruthy();
    expect(await open(editor.token, project.publicId)).toBeNull();
  });

  it('opens a public project to everyone without costs, showing only accepted collaborators', async () => {
    const owner = await person();
    const project = await create(owner.token, { name: 'Open work', visibility: 'PUBLIC' });
    await joined(owner.token, project.id, 'EDITOR');
    dataOf(await invite(owner.token, project.id, { email: 'pending@example.test' }, 'VIEWER'));
    const signedOut = await open(undefined, project.publicId);
    expect(signedOut!.project.viewerCan).toEqual(NONE);
    expect(signedOut!.project.collaborators.totalCount).toBe(1);
    const stranger = await person();
    expect((await open(stranger.token, project.publicId))!.project.viewerCan).toEqual(NONE);
    expect(errorOf(await ask(stranger.token, UPDATE, { input: { projectId: project.id, name: 'Mine now' } }))?.code).toBe('FORBIDDEN');
    const asOwner = await open(owner.token, project.publicId);
    expect(asOwner!.project.collaborators.totalCount).toBe(2);
    // The address invited is never shown; the invitee shows as one.
    expect(asOwner!.project.collaborators.nodes.find((row) => row.isEmailInvitation)).toMatchObject({ user: null, status: 'PENDING' });
    expect(JSON.stringify(asOwner)).not.toContain('pending@example.test');
  });

  it('follows the owning team: managers own, active members view, pro_only seats see nothing', async () => {
    const manager = await person();
    const member = await person();
    const proOnly = await person();
    const em = env.server.orm.em.fork();
    const team = await createTeam(em, [{ user: manager.user, role: 'manager' }, { user: member.user, role: 'member' }, { user: proOnly.user, role: 'pro_only' }]);
    const teamId = toGlobalId('Team', team.id);
    expect(errorOf(await ask(member.token, CREATE, { input: { name: 'Not mine to start', ownerTeamId: teamId } }))?.code).toBe('FORBIDDEN');
    const project = await create(manager.token, { name: 'Team work', ownerTeamId: teamId });
    expect(project).toMatchObject({ ownerUser: null, ownerTeam: { id: teamId } });
    expect((await open(member.token, project.publicId))!.project.viewerCan).toEqual(NONE);
    expect(await open(proOnly.token, project.publicId)).toBeNull();
    expect(errorOf(await ask(member.token, UPDATE, { input: { projectId: project.id, name: 'Renamed' } }))?.code).toBe('FORBIDDEN');
    const lists = async (token: string) => dataOf(await ask<{ projects: { totalCount: number } }>(token, LIST, { teamId })).projects.totalCount;
    expect(await lists(manager.token)).toBe(1);
    expect(await lists(member.token)).toBe(1);
    expect(await lists(proOnly.token)).toBe(0);
  });
});

describe('invitations', () => {
  it('lets only the invitee answer, by account or by the address invited', async () => {
    const owner = await person();
    const project = await create(owner.token, { name: 'Invites' });
    const invitee = await person();
    const byEmail = await person({ email: `invitee_${Date.now()}@example.test` });
    const pending = dataOf(await invite(owner.token, project.id, { userId: toGlobalId('User', invitee.user.id) }, 'EDITOR')).addProjectCollaborator.collaborator;
    expect(pending.status).toBe('PENDING');
    expect(await open(invitee.token, project.publicId)).toBeNull();
    expect(errorOf(await ask(owner.token, RESPOND, { input: { collaboratorId: pending.id, accept: true } }))).toEqual({ message: PROJECT_MESSAGES.invitationNotFound, code: 'NOT_FOUND' });
    const declined = dataOf(await ask<{ respondToProjectInvitation: { collaborator: { status: string } } }>(invitee.token, RESPOND, { input: { collaboratorId: pending.id, accept: false } }));
    expect(declined.respondToProjectInvitation.collaborator.status).toBe('DECLINED');
    expect(await open(invitee.token, project.publicId)).toBeNull();

    const emailed = dataOf(await invite(owner.token, project.id, { email: byEmail.user.email!.toUpperCase() }, 'VIEWER')).addProjectCollaborator.collaborator;
    const accepted = dataOf(await ask<{ respondToProjectInvitation: { collaborator: { status: string; user: { id: string } } } }>(byEmail.token, RESPOND, { input: { collaboratorId: emailed.id, accept: true } }));
    expect(accepted.respondToProjectInvitation.collaborator).toEqual({ id: emailed.id, status: 'ACCEPTED', user: { id: toGlobalId('User', byEmail.user.id) } });
    expect((await open(byEmail.token, project.publicId))!.project.viewerCan).toEqual(NONE);
    expect(errorOf(await invite(owner.token, project.id, { userId: toGlobalId('User', invitee.user.id), email: 'x@example.test' }, 'VIEWER'))).toEqual({ message: PROJECT_MESSAGES.oneInvitee, code: 'BAD_USER_INPUT' });

    const audited = await queryRows<{ count: string }>(env.database.url, `select count(*) from audit_logs where target = 'project_collaborators' and actor_id in ($1, $2, $3)`, [owner.user.id, invitee.user.id, byEmail.user.id]);
    expect(Number(audited[0]!.count)).toBe(4);
  });
});

const INVITATIONS = 'query { projectInvitations(first: 10) { totalCount nodes { id permission creditRole { name } project { name path ownerUser { id } } } } }';
const COLLABORATOR_PROJECT = 'query($id: ID!) { node(id: $id) { ... on ProjectCollaborator { project { name } } } }';

describe('the invitations waiting for an answer', () => {
  it('lists the invitee’s own, by account and by address, naming the project only to them', async () => {
    const owner = await person();
    const invitee = await person();
    const stranger = await person();
    const project = await create(owner.token, { name: 'Night shoot' });
    const byAccount = dataOf(await invite(owner.token, project.id, { userId: toGlobalId('User', invitee.user.id) }, 'EDITOR')).addProjectCollaborator.collaborator;
    const other = await create(owner.token, { name: 'Day shoot' });
    const byAddress = dataOf(await invite(owner.token, other.id, { email: invitee.user.email! }, 'VIEWER')).addProjectCollaborator.collaborator;

    type Invitations = { projectInvitations: { totalCount: number; nodes: Array<{ id: string; permission: string; project: { name: string; path: string; ownerUser: { id: string } | null } | null }> } };
    const listed = dataOf(await ask<Invitations>(invitee.token, INVITATIONS, {})).projectInvitations;
    expect(listed.totalCount).toBe(2);
    expect(listed.nodes.map((node) => [node.id, node.permission, node.project?.name])).toEqual([
      [byAddress.id, 'VIEWER', 'Day shoot'],
      [byAccount.id, 'EDITOR', 'Night shoot'],
    ]);
    expect(listed.nodes[1]!.project!.ownerUser).toEqual({ id: toGlobalId('User', owner.user.id) });
    expect(dataOf(await ask<Invitations>(stranger.token, INVITATIONS, {})).projectInvitations.totalCount).toBe(0);
    expect(errorOf(await ask(undefined, INVITATIONS, {}))?.code).toBe('UNAUTHENTICATED');

    // Someone else reading the invitation learns nothing of the private project.
    expect(dataOf(await ask<{ node: { project: unknown } | null }>(stranger.token, COLLABORATOR_PROJECT, { id: byAccount.id })).node).toBeNull();
    expect(dataOf(await ask<{ node: { project: { name: string } } }>(owner.token, COLLABORATOR_PROJECT, { id: byAccount.id })).node.project.name).toBe('Night shoot');

    dataOf(await ask(invitee.token, RESPOND, { input: { collaboratorId: byAccount.id, accept: true } }));
    expect(dataOf(await ask<Invitations>(invitee.token, INVITATIONS, {})).projectInvitations.nodes.map((node) => node.id)).toEqual([byAddress.id]);
  });
});

describe('the projects list', () => {
  it('shows owned, joined and team projects, newest activity first, filtered and searched', async () => {
    const owner = await person();
    const other = await person();
    const first = await create(owner.token, { name: 'Alpha campaign' });
    await create(owner.token, { name: 'Beta shoot', status: 'DELIVERED' });
    const joinedProject = await create(other.token, { name: 'Gamma film' });
    const invitation = dataOf(await invite(other.token, joinedProject.id, { userId: toGlobalId('User', owner.user.id) }, 'VIEWER')).addProjectCollaborator.collaborator;
    dataOf(await ask(owner.token, RESPOND, { input: { collaboratorId: invitation.id, accept: true } }));
    await create(other.token, { name: 'Delta private' });
    // Touching the first project brings it to the top.
    dataOf(await ask(owner.token, UPDATE, { input: { projectId: first.id, endsOn: '2030-01-01' } }));

    const list = async (variables: Record<string, unknown>) => dataOf(await ask<{ projects: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<{ name: string }> } }>(owner.token, LIST, variables)).projects;
    const all = await list({});
    expect(all.nodes.map((row) => row.name)).toEqual(['Alpha campaign', 'Gamma film', 'Beta shoot']);
    expect(all.totalCount).toBe(3);
    expect((await list({ status: 'DELIVERED' })).nodes.map((row) => row.name)).toEqual(['Beta shoot']);
    expect((await list({ search: 'FILM' })).nodes.map((row) => row.name)).toEqual(['Gamma film']);
    expect((await list({ search: '100%' })).nodes).toEqual([]);
    const firstPage = await list({ first: 2 });
    expect(firstPage.pageInfo.hasNextPage).toBe(true);
    const secondPage = await list({ first: 2, after: firstPage.pageInfo.endCursor });
    expect(secondPage.nodes.map((row) => row.name)).toEqual(['Beta shoot']);
    expect(secondPage.pageInfo.hasNextPage).toBe(false);
    expect(errorOf(await ask(undefined, LIST, {}))?.code).toBe('UNAUTHENTICATED');
  });
});

describe('node(id:)', () => {
  it('answers as projectByAddress does, for projects and their collaborators', async () => {
    const owner = await person();
    const stranger = await person();
    const secret = await create(owner.token, { name: 'Secret' });
    const open = await create(owner.token, { name: 'Open', visibility: 'PUBLIC' });
    const pending = dataOf(await invite(owner.token, open.id, { email: 'someone@example.test' }, 'VIEWER')).addProjectCollaborator.collaborator;
    const node = async (token: string | undefined, id: string) => dataOf(await ask<{ node: { id: string } | null }>(token, NODE, { id })).node;
    expect(await node(owner.token, secret.id)).toEqual({ id: secret.id, name: 'Secret' });
    expect(await node(stranger.token, secret.id)).toBeNull();
    expect(await node(undefined, secret.id)).toBeNull();
    expect(await node(undefined, open.id)).toEqual({ id: open.id, name: 'Open' });
    // A pending invitation on a public project is between the project and the invitee.
    expect(await node(undefined, pending.id)).toBeNull();
    expect(await node(owner.token, pending.id)).toEqual({ id: pending.id, status: 'PENDING' });
  });

  it('lets an admin read a team’s private project without changing it', async () => {
    const manager = await person();
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const team = await createTeam(env.server.orm.em.fork(), [{ user: manager.user, role: 'manager' }]);
    const project = await create(manager.token, { name: 'Support case', ownerTeamId: toGlobalId('Team', team.id) });
    expect((await open(admin.token, project.publicId))!.project.viewerCan).toEqual(NONE);
    expect(errorOf(await ask(admin.token, UPDATE, { input: { projectId: project.id, name: 'Changed' } }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await invite(admin.token, project.id, { userId: toGlobalId('User', admin.user.id) }, 'OWNER'))?.code).toBe('FORBIDDEN');
    // Their own list is theirs: reading any project is for support, not browsing.
    expect(dataOf(await ask<{ projects: { totalCount: number } }>(admin.token, LIST, {})).projects.totalCount).toBe(0);
  });
});
