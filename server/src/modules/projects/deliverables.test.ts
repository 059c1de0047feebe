import { graphql as executeGraphQL } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { DELIVERABLE_MESSAGES, PROJECT_MESSAGES } from '../../../../domain/projects.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createLogger } from '../../logger.js';
import { buildAppSchema } from '../../registry.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../test-support/fixture-networks/fixture-network-server.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { startTestServer, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { askOn, dataOf, errorOf } from './projects.test-support.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks({ slowMs: 30_000 });
  // A long fast path: linking waits for the fixture network's answer rather than getting "queued".
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, importFastPathMs: 20_000 });
});

afterAll(async () => {
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

// Opened after the database is made (hooks run in the order registered), closed before it is dropped.
const log = useQueryLog({
  get database() {
    return database;
  },
});

const CREATE_PROJECT = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id publicId } } }';
const ADD = 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id } } }';
const RESPOND = 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id status } } }';
const DELIVERABLE_FIELDS = 'id databaseId title dueOn status postType isOverdue network { name } post { id } assignees { id status user { id } }';
const LIST = `query($publicId: String!, $first: Int, $after: String) { projectByAddress(publicId: $publicId) { project { deliverables(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { ${DELIVERABLE_FIELDS} } } } } }`;
const CREATE = `mutation($input: CreateProjectDeliverableInput!) { createProjectDeliverable(input: $input) { deliverable { ${DELIVERABLE_FIELDS} } } }`;
const UPDATE = `mutation($input: UpdateProjectDeliverableInput!) { updateProjectDeliverable(input: $input) { deliverable { ${DELIVERABLE_FIELDS} } } }`;
const DELETE = 'mutation($input: DeleteProjectDeliverableInput!) { deleteProjectDeliverable(input: $input) { deletedDeliverableId project { id } } }';
const LINK = `mutation($input: LinkProjectDeliverablePostInput!) { linkProjectDeliverablePost(input: $input) { deliverable { ${DELIVERABLE_FIELDS} } proposedCreditCount offeredCreditCount } }`;
const ACCEPT_OFFER = 'mutation($input: AcceptProjectCreditOfferInput!) { acceptProjectCreditOffer(input: $input) { credit { id status role { databaseId } user { id } post { id } } deliverable { id } } }';
const NODE = 'query($id: ID!) { node(id: $id) { id ... on ProjectDeliverable { title } } }';
const NOTIFICATIONS = 'query { notifications(first: 50) { nodes { kind status message projectCollaborator { id status } projectDeliverable { id post { id } } credit { status } } } }';
const TRACK = 'mutation($url: String!) { trackPost(input: { url: $url }) { outcome post { id } } }';

interface Deliverable {
  id: string;
  databaseId: number;
  title: string;
  dueOn: string;
  status: string;
  postType: string;
  isOverdue: boolean;
  network: { name: string };
  post: { id: string } | null;
  assignees: Array<{ id: string; status: string; user: { id: string } | null }>;
}
interface Linked {
  deliverable: Deliverable;
  proposedCreditCount: number;
  offeredCreditCount: number;
}
interface NotificationRow {
  kind: string;
  status: string;
  message: string;
  projectCollaborator: { id: string; status: string } | null;
  projectDeliverable: { id: string; post: { id: string } | null } | null;
  credit: { status: string } | null;
}
interface Person {
  user: User;
  token: string;
  userId: string;
}

const TIKTOK_NETWORK = toGlobalId('Network', 5);
let nextVideo = 7_400_000_000_000_000_000n;

/** A TikTok link the fixture network answers and nobody has tracked yet. */
function freshLink(): string {
  nextVideo += 1n;
  return `https://www.tiktok.com/@maya.makes/video/${nextVideo}`;
}

async function person(fields: Partial<Pick<User, 'roleFlags'>> = {}): Promise<Person> {
  const user = await createUser(server.orm.em.fork(), fields);
  return { user, token: server.tokenFor(user.id), userId: toGlobalId('User', user.id) };
}

function ask<T = Record<string, unknown>>(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return askOn<T>(server, token, query, variables);
}

async function projectOf(owner: Person, input: Record<string, unknown> = {}): Promise<{ id: string; publicId: string }> {
  return dataOf(await ask<{ createProject: { project: { id: string; publicId: string } } }>(owner.token, CREATE_PROJECT, { input: { name: 'Spring campaign', ...input } })).createProject.project;
}

/** Someone invited with `permission` and role `roleId`; accepted unless told otherwise. */
async function joined(owner: Person, projectId: string, permission: 'OWNER' | 'EDITOR' | 'VIEWER', { roleId = 1, accept = true }: { roleId?: number; accept?: boolean } = {}): Promise<Person & { collaboratorId: string }> {
  const member = await person();
  const added = dataOf(await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(owner.token, ADD, { input: { projectId, userId: member.userId, roleId: toGlobalId('CreditRole', roleId), permission } }));
  const collaboratorId = added.addProjectCollaborator.collaborator.id;
  if (accept) dataOf(await ask(member.token, RESPOND, { input: { collaboratorId, accept: true } }));
  return { ...member, collaboratorId };
}

function createDeliverable(token: string | undefined, projectId: string, input: Record<string, unknown> = {}) {
  return ask<{ createProjectDeliverable: { deliverable: Deliverable } }>(token, CREATE, { input: { projectId, title: 'Launch reel', networkId: TIKTOK_NETWORK, postType: 'VIDEO', dueOn: '2030-05-01', ...input } });
}

async function created(token: string, projectId: string, input: Record<string, unknown> = {}): Promise<Deliverable> {
  return dataOf(await createDeliverable(token, projectId, input)).createProjectDeliverable.deliverable;
}

async function listed(token: string | undefined, publicId: string, first = 50): Promise<Deliverable[] | null> {
  const data = dataOf(await ask<{ projectByAddress: { project: { deliverables: { nodes: Deliverable[] } } } | null }>(token, LIST, { publicId, first }));
  return data.projectByAddress?.project.deliverables.nodes ?? null;
}

async function link(token: string, deliverableId: string, url: string): Promise<Linked> {
  return dataOf(await ask<{ linkProjectDeliverablePost: Linked }>(token, LINK, { input: { deliverableId, url } })).linkProjectDeliverablePost;
}

async function notificationsOf(who: Person): Promise<NotificationRow[]> {
  return dataOf(await ask<{ notifications: { nodes: NotificationRow[] } }>(who.token, NOTIFICATIONS)).notifications.nodes;
}

describe('who may see and change deliverables', () => {
  it('follows each permission on a private project', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    const coOwner = await joined(owner, project.id, 'OWNER');
    const editor = await joined(owner, project.id, 'EDITOR');
    const viewer = await joined(owner, project.id, 'VIEWER');
    const stranger = await person();
    const admin = await person({ roleFlags: [RoleFlag.admin] });

    const mine = await created(owner.token, project.id, { assigneeIds: [editor.collaboratorId] });
    expect(mine).toMatchObject({ title: 'Launch reel', status: 'TO_DO', postType: 'VIDEO', dueOn: '2030-05-01', isOverdue: false, network: { name: 'tiktok' }, post: null });
    expect(mine.assignees.map((row) => row.id)).toEqual([editor.collaboratorId]);

    // Reading: everyone the project lets in; strangers and the signed out learn nothing.
    for (const who of [owner, coOwner, editor, viewer, admin]) expect((await listed(who.token, project.publicId))!.map((row) => row.id)).toEqual([mine.id]);
    expect(await listed(stranger.token, project.publicId)).toBeNull();
    expect(await listed(undefined, project.publicId)).toBeNull();
    expect(dataOf(await ask<{ node: { title: string } | null }>(viewer.token, NODE, { id: mine.id })).node).toMatchObject({ title: 'Launch reel' });
    expect(dataOf(await ask<{ node: null }>(stranger.token, NODE, { id: mine.id })).node).toBeNull();
    expect(dataOf(await ask<{ node: null }>(undefined, NODE, { id: mine.id })).node).toBeNull();

    // Creating: owners and editors.
    expect(errorOf(await createDeliverable(coOwner.token, project.id))).toBeUndefined();
    expect(errorOf(await createDeliverable(editor.token, project.id))).toBeUndefined();
    expect(errorOf(await createDeliverable(viewer.token, project.id))?.code).toBe('FORBIDDEN');
    expect(errorOf(await createDeliverable(admin.token, project.id))?.code).toBe('FORBIDDEN');
    expect(errorOf(await createDeliverable(stranger.token, project.id))).toEqual({ message: PROJECT_MESSAGES.projectNotFound, code: 'NOT_FOUND' });
    expect(errorOf(await createDeliverable(undefined, project.id))?.code).toBe('UNAUTHENTICATED');

    // Changing and deleting: the same people.
    const rename = (token: string | undefined) => ask(token, UPDATE, { input: { deliverableId: mine.id, status: 'IN_PROGRESS' } });
    expect(errorOf(await rename(editor.token))).toBeUndefined();
    expect(errorOf(await rename(coOwner.token))).toBeUndefined();
    expect(errorOf(await rename(viewer.token))?.code).toBe('FORBIDDEN');
    expect(errorOf(await rename(admin.token))?.code).toBe('FORBIDDEN');
    expect(errorOf(await rename(stranger.token))).toEqual({ message: DELIVERABLE_MESSAGES.deliverableNotFound, code: 'NOT_FOUND' });
    expect(errorOf(await rename(undefined))?.code).toBe('UNAUTHENTICATED');
    const remove = (token: string | undefined, id: string) => ask(token, DELETE, { input: { deliverableId: id } });
    expect(errorOf(await remove(viewer.token, mine.id))?.code).toBe('FORBIDDEN');
    expect(errorOf(await remove(admin.token, mine.id))?.code).toBe('FORBIDDEN');
    expect(errorOf(await remove(stranger.token, mine.id))?.code).toBe('NOT_FOUND');
    expect(errorOf(await remove(undefined, mine.id))?.code).toBe('UNAUTHENTICATED');

    // Linking a post: the same people; nobody else gets to start an import through the project.
    const url = freshLink();
    const requestsBefore = fixtures.requests.length;
    expect(errorOf(await ask(viewer.token, LINK, { input: { deliverableId: mine.id, url } }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await ask(admin.token, LINK, { input: { deliverableId: mine.id, url } }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await ask(stranger.token, LINK, { input: { deliverableId: mine.id, url } }))?.code).toBe('NOT_FOUND');
    expect(errorOf(await ask(undefined, LINK, { input: { deliverableId: mine.id, url } }))?.code).toBe('UNAUTHENTICATED');
    expect(fixtures.requests.length).toBe(requestsBefore);

    const deleted = dataOf(await ask<{ deleteProjectDeliverable: { deletedDeliverableId: string } }>(editor.token, DELETE, { input: { deliverableId: mine.id } }));
    expect(deleted.deleteProjectDeliverable.deletedDeliverableId).toBe(mine.id);
    expect((await listed(owner.token, project.publicId))!.map((row) => row.id)).not.toContain(mine.id);
    const audits = await queryRows<{ action: string }>(database.url, `select action from audit_logs where target = 'project_deliverables' and target_id = $1 order by id`, [String(mine.databaseId)]);
    expect(audits.map((row) => row.action)).toEqual(['create', 'update', 'update', 'delete']);
  });

  it('shows a public project’s deliverables to everyone, with only accepted assignees, and lets only its people change them', async () => {
    const owner = await person();
    const project = await projectOf(owner, { visibility: 'PUBLIC' });
    const accepted = await joined(owner, project.id, 'VIEWER');
    const invited = await joined(owner, project.id, 'EDITOR', { accept: false });
    await created(owner.token, project.id, { assigneeIds: [accepted.collaboratorId, invited.collaboratorId] });
    const stranger = await person();

    expect((await listed(owner.token, project.publicId))![0]!.assignees).toHaveLength(2);
    for (const token of [undefined, stranger.token]) {
      const [seen] = (await listed(token, project.publicId))!;
      expect(seen!.assignees.map((row) => row.id)).toEqual([accepted.collaboratorId]);
    }
    expect(errorOf(await createDeliverable(stranger.token, project.id))?.code).toBe('FORBIDDEN');
    expect(errorOf(await createDeliverable(undefined, project.id))?.code).toBe('UNAUTHENTICATED');
    const [shown] = (await listed(undefined, project.publicId))!;
    expect(dataOf(await ask<{ node: { title: string } | null }>(undefined, NODE, { id: shown!.id })).node).toMatchObject({ title: 'Launch reel' });
    for (const [token, code] of [[stranger.token, 'FORBIDDEN'], [undefined, 'UNAUTHENTICATED']] as const) {
      expect(errorOf(await ask(token, UPDATE, { input: { deliverableId: shown!.id, title: 'Mine' } }))?.code).toBe(code);
      expect(errorOf(await ask(token, DELETE, { input: { deliverableId: shown!.id } }))?.code).toBe(code);
      expect(errorOf(await ask(token, LINK, { input: { deliverableId: shown!.id, url: freshLink() } }))?.code).toBe(code);
      expect(errorOf(await ask(token, ACCEPT_OFFER, { input: { deliverableId: shown!.id } }))?.code).toBe(token ? 'NOT_FOUND' : 'UNAUTHENTICATED');
    }
  });

  it('follows the owning team: managers change deliverables, members read them', async () => {
    const em = server.orm.em.fork();
    const manager = await person();
    const member = await person();
    const team = await createTeam(em, [{ user: manager.user, role: 'manager' }, { user: member.user, role: 'member' }]);
    const project = await projectOf(manager, { ownerTeamId: toGlobalId('Team', team.id) });
    const deliverable = await created(manager.token, project.id);
    expect((await listed(member.token, project.publicId))!.map((row) => row.id)).toEqual([deliverable.id]);
    expect(errorOf(await createDeliverable(member.token, project.id))?.code).toBe('FORBIDDEN');
    expect(errorOf(await ask(member.token, UPDATE, { input: { deliverableId: deliverable.id, title: 'Mine now' } }))?.code).toBe('FORBIDDEN');
    expect(dataOf(await ask<{ updateProjectDeliverable: { deliverable: Deliverable } }>(manager.token, UPDATE, { input: { deliverableId: deliverable.id, title: '  Cut   down ' } })).updateProjectDeliverable.deliverable.title).toBe('Cut down');
    expect(errorOf(await ask(member.token, LINK, { input: { deliverableId: deliverable.id, url: freshLink() } }))?.code).toBe('FORBIDDEN');
    expect(errorOf(await ask(member.token, DELETE, { input: { deliverableId: deliverable.id } }))?.code).toBe('FORBIDDEN');
    // A team's manager owns the project but holds no collaborator role in it: nothing to credit them as.
    expect((await link(manager.token, deliverable.id, freshLink())).deliverable.status).toBe('PUBLISHED');
    expect(errorOf(await ask(manager.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }))?.message).toBe(DELIVERABLE_MESSAGES.noCreditOffer);
    expect(dataOf(await ask<{ deleteProjectDeliverable: { deletedDeliverableId: string } }>(manager.token, DELETE, { input: { deliverableId: deliverable.id } })).deleteProjectDeliverable.deletedDeliverableId).toBe(deliverable.id);
  });
});

describe('a project’s deliverables', () => {
  it('are listed by due date, then in the order they were added, a page at a time, late ones marked', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    const late = await created(owner.token, project.id, { title: 'Late', dueOn: '2020-01-10' });
    const second = await created(owner.token, project.id, { title: 'Second on the day', dueOn: '2031-03-01' });
    const first = await created(owner.token, project.id, { title: 'First on the day', dueOn: '2031-03-01' });
    const early = await created(owner.token, project.id, { title: 'Early', dueOn: '2030-01-01' });
    expect(late.isOverdue).toBe(true);
    expect(early.isOverdue).toBe(false);

    const page = (after: string | null) => ask<{ projectByAddress: { project: { deliverables: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Deliverable[] } } } }>(owner.token, LIST, { publicId: project.publicId, first: 2, after });
    const one = dataOf(await page(null)).projectByAddress.project.deliverables;
    expect(one.totalCount).toBe(4);
    expect(one.nodes.map((row) => row.title)).toEqual(['Late', 'Early']);
    expect(one.pageInfo.hasNextPage).toBe(true);
    const two = dataOf(await page(one.pageInfo.endCursor)).projectByAddress.project.deliverables;
    expect(two.nodes.map((row) => row.id)).toEqual([second.id, first.id]);
    expect(two.pageInfo.hasNextPage).toBe(false);
  });

  it('refuses bad titles, dates, assignees and a PUBLISHED without a post, with the product’s words', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    const other = await projectOf(owner, { name: 'Another' });
    const outsider = await joined(owner, other.id, 'VIEWER');
    const declined = await joined(owner, project.id, 'VIEWER', { accept: false });
    dataOf(await ask(declined.token, RESPOND, { input: { collaboratorId: declined.collaboratorId, accept: false } }));

    expect(errorOf(await createDeliverable(owner.token, project.id, { title: ' ' }))).toEqual({ message: DELIVERABLE_MESSAGES.titleRequired, code: 'BAD_USER_INPUT' });
    expect(errorOf(await createDeliverable(owner.token, project.id, { title: 'x'.repeat(121) }))).toEqual({ message: DELIVERABLE_MESSAGES.titleTooLong, code: 'BAD_USER_INPUT' });
    expect(errorOf(await createDeliverable(owner.token, project.id, { dueOn: '2030-02-30' }))).toEqual({ message: DELIVERABLE_MESSAGES.dueDateRequired, code: 'BAD_USER_INPUT' });
    expect(errorOf(await createDeliverable(owner.token, project.id, { assigneeIds: [outsider.collaboratorId] }))).toEqual({ message: DELIVERABLE_MESSAGES.assigneeNotInProject, code: 'BAD_USER_INPUT' });
    expect(errorOf(await createDeliverable(owner.token, project.id, { assigneeIds: [declined.collaboratorId] }))?.message).toBe(DELIVERABLE_MESSAGES.assigneeNotInProject);
    const deliverable = await created(owner.token, project.id);
    expect(errorOf(await ask(owner.token, UPDATE, { input: { deliverableId: deliverable.id, status: 'PUBLISHED' } }))).toEqual({ message: DELIVERABLE_MESSAGES.publishedNeedsPost, code: 'BAD_USER_INPUT' });
    // Nothing half done: the failed creations left no rows.
    expect(await listed(owner.token, project.publicId)).toHaveLength(1);
  });

  it('replaces the assignees with the list given', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    const a = await joined(owner, project.id, 'EDITOR');
    const b = await joined(owner, project.id, 'VIEWER', { accept: false });
    const deliverable = await created(owner.token, project.id, { assigneeIds: [a.collaboratorId] });
    const changed = dataOf(await ask<{ updateProjectDeliverable: { deliverable: Deliverable } }>(owner.token, UPDATE, { input: { deliverableId: deliverable.id, assigneeIds: [b.collaboratorId, a.collaboratorId, a.collaboratorId] } })).updateProjectDeliverable.deliverable;
    expect(changed.assignees.map((row) => row.id)).toEqual([a.collaboratorId, b.collaboratorId]);
    const cleared = dataOf(await ask<{ updateProjectDeliverable: { deliverable: Deliverable } }>(owner.token, UPDATE, { input: { deliverableId: deliverable.id, assigneeIds: [] } })).updateProjectDeliverable.deliverable;
    expect(cleared.assignees).toEqual([]);
    expect((await listed(owner.token, project.publicId))![0]!.assignees).toEqual([]);
    // Told once, when first assigned; a pending invitee hears of the project through the invitation only.
    const assigned = (await notificationsOf(a)).filter((row) => row.kind === 'PROJECT_DELIVERABLE_ASSIGNED');
    expect(assigned).toEqual([expect.objectContaining({ status: 'NEW', projectDeliverable: { id: deliverable.id, post: null } })]);
    expect((await notificationsOf(b)).filter((row) => row.kind === 'PROJECT_DELIVERABLE_ASSIGNED')).toEqual([]);
    dataOf(await ask(owner.token, UPDATE, { input: { deliverableId: deliverable.id, assigneeIds: [a.collaboratorId] } }));
    expect((await notificationsOf(a)).filter((row) => row.kind === 'PROJECT_DELIVERABLE_ASSIGNED')).toHaveLength(2);
  });
});

describe('linking the published post', () => {
  it('marks the deliverable published and proposes each person’s credit in their role, pending, once per person and role', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    // The owner is in the crew too, as director (role 1); an editor as role 2; an assigned invitee as role 3.
    const editor = await joined(owner, project.id, 'EDITOR', { roleId: 2 });
    const viewer = await joined(owner, project.id, 'VIEWER', { roleId: 3 });
    const invitee = await joined(owner, project.id, 'VIEWER', { roleId: 3, accept: false });
    const unassignedInvitee = await joined(owner, project.id, 'VIEWER', { roleId: 1, accept: false });
    const deliverable = await created(editor.token, project.id, { assigneeIds: [invitee.collaboratorId, editor.collaboratorId] });

    const url = freshLink();
    // The editor pastes the link first: they import the post, so they may credit others on it.
    const linked = await link(editor.token, deliverable.id, `${url}?is_from_webapp=1`);
    expect(linked.deliverable).toMatchObject({ status: 'PUBLISHED', isOverdue: false });
    expect(linked.deliverable.post).not.toBeNull();
    expect(linked.offeredCreditCount).toBe(0);
    const proposed = await queryRows<{ user_id: number; role_id: number; status: string }>(database.url, 'select c.user_id, c.role_id, c.status from credits c join posts p on p.id = c.post_id join project_deliverables d on d.post_id = p.id where d.id = $1', [linked.deliverable.databaseId]);
    const byUser = new Map(proposed.map((credit) => [toGlobalId('User', credit.user_id), { status: credit.status.toUpperCase(), role: { databaseId: credit.role_id } }]));
    expect(linked.proposedCreditCount).toBe(3);
    expect(byUser.get(editor.userId)).toMatchObject({ status: 'ACCEPTED', role: { databaseId: 2 } });
    expect(byUser.get(viewer.userId)).toMatchObject({ status: 'PENDING', role: { databaseId: 3 } });
    expect(byUser.get(invitee.userId)).toMatchObject({ status: 'PENDING', role: { databaseId: 3 } });
    expect(byUser.has(unassignedInvitee.userId)).toBe(false);
    // The project's owner is its owner, not a collaborator row: no project role to credit them in.
    expect(byUser.has(owner.userId)).toBe(false);

    const told = await notificationsOf(viewer);
    expect(told.filter((row) => row.kind === 'CREDIT_ADDED')).toEqual([expect.objectContaining({ credit: { status: 'PENDING' } })]);

    // The same post again, in another form, and on a second deliverable: nobody twice.
    expect((await link(owner.token, deliverable.id, url)).proposedCreditCount).toBe(0);
    const second = await created(owner.token, project.id, { title: 'Cut-down', assigneeIds: [viewer.collaboratorId] });
    const again = await link(editor.token, second.id, url.replace('www.', 'm.'));
    expect(again.proposedCreditCount).toBe(0);
    expect(again.deliverable.post).toEqual(linked.deliverable.post);
    const credits = await queryRows<{ user_id: number; credit_role_id: number; n: number }>(
      database.url,
      `select user_id, role_id as credit_role_id, count(*)::int as n from credits where post_id = (select post_id from project_deliverables where id = $1) group by 1, 2 order by 1, 2`,
      [deliverable.databaseId],
    );
    expect(credits.every((row) => row.n === 1)).toBe(true);
    expect(credits).toHaveLength(3);
  });

  it('offers each person to credit themselves when the linker may not credit others on the post, one click each', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    const editor = await joined(owner, project.id, 'EDITOR', { roleId: 2 });
    const viewer = await joined(owner, project.id, 'VIEWER', { roleId: 3 });
    const stranger = await person();
    const deliverable = await created(owner.token, project.id, { assigneeIds: [viewer.collaboratorId] });

    // Someone outside the project imported the post first: it is theirs to credit others on.
    const url = freshLink();
    const tracked = dataOf(await ask<{ trackPost: { outcome: string; post: { id: string } } }>(stranger.token, TRACK, { url }));
    expect(tracked.trackPost.outcome).toBe('IMPORTED');

    const linked = await link(owner.token, deliverable.id, url);
    expect(linked.deliverable).toMatchObject({ status: 'PUBLISHED', post: { id: tracked.trackPost.post.id } });
    expect(linked.proposedCreditCount).toBe(0);
    expect(linked.offeredCreditCount).toBe(2);
    expect((await link(owner.token, deliverable.id, url)).offeredCreditCount).toBe(0);

    const [offer] = (await notificationsOf(viewer)).filter((row) => row.kind === 'PROJECT_CREDIT_OFFER');
    expect(offer).toMatchObject({ status: 'NEW', projectDeliverable: { id: deliverable.id, post: { id: tracked.trackPost.post.id } } });
    expect((await notificationsOf(editor)).filter((row) => row.kind === 'PROJECT_CREDIT_OFFER')).toHaveLength(1);

    const accepted = dataOf(await ask<{ acceptProjectCreditOffer: { credit: { id: string; status: string; role: { databaseId: number }; user: { id: string } } } }>(viewer.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }));
    expect(accepted.acceptProjectCreditOffer.credit).toMatchObject({ status: 'ACCEPTED', role: { databaseId: 3 }, user: { id: viewer.userId } });
    const twice = dataOf(await ask<{ acceptProjectCreditOffer: { credit: { id: string } } }>(viewer.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }));
    expect(twice.acceptProjectCreditOffer.credit.id).toBe(accepted.acceptProjectCreditOffer.credit.id);
    expect((await notificationsOf(viewer)).find((row) => row.kind === 'PROJECT_CREDIT_OFFER')?.status).toBe('SEEN');

    // Nobody else takes the offer: not a stranger, not the signed out, not the owner (no project role).
    expect(errorOf(await ask(stranger.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }))).toEqual({ message: DELIVERABLE_MESSAGES.deliverableNotFound, code: 'NOT_FOUND' });
    expect(errorOf(await ask(undefined, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await ask(owner.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }))).toEqual({ message: DELIVERABLE_MESSAGES.noCreditOffer, code: 'NOT_FOUND' });
    const admin = await person({ roleFlags: [RoleFlag.admin] });
    expect(errorOf(await ask(admin.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }))?.message).toBe(DELIVERABLE_MESSAGES.noCreditOffer);
    // The editor takes theirs in their own role.
    const editorCredit = dataOf(await ask<{ acceptProjectCreditOffer: { credit: { role: { databaseId: number }; status: string } } }>(editor.token, ACCEPT_OFFER, { input: { deliverableId: deliverable.id } }));
    expect(editorCredit.acceptProjectCreditOffer.credit).toMatchObject({ status: 'ACCEPTED', role: { databaseId: 2 } });
  });
});

describe('project notifications', () => {
  it('tells an invitee, who answers from the notification', async () => {
    const owner = await person();
    const project = await projectOf(owner);
    const invitee = await joined(owner, project.id, 'EDITOR', { accept: false });
    const [invitation] = (await notificationsOf(invitee)).filter((row) => row.kind === 'PROJECT_INVITATION');
    expect(invitation).toMatchObject({ status: 'NEW', projectCollaborator: { id: invitee.collaboratorId, status: 'PENDING' } });
    expect(invitation!.message).toContain('Spring campaign');
    dataOf(await ask(invitee.token, RESPOND, { input: { collaboratorId: invitation!.projectCollaborator!.id, accept: true } }));
    expect((await notificationsOf(invitee)).find((row) => row.kind === 'PROJECT_INVITATION')).toMatchObject({ status: 'SEEN', projectCollaborator: { status: 'ACCEPTED' } });
    // Inviting by email tells nobody on Byline yet.
    dataOf(await ask(owner.token, ADD, { input: { projectId: project.id, email: 'someone@example.test', roleId: toGlobalId('CreditRole', 1), permission: 'VIEWER' } }));
  });
});

describe('the project page with its deliverables, batched', () => {
  const PAGE = `query($publicId: String!) { projectByAddress(publicId: $publicId) { project { name
    deliverables(first: 50) { totalCount nodes { id title dueOn status isOverdue postType network { name } post { id } assignees { id status user { id name } creditRole { name } } } } } } }`;

  it('costs the same fixed number of statements for 50 deliverables as for 2', async () => {
    const em = log.orm.em.fork();
    const owner = await createUser(em);
    const ownerPerson = { user: owner, token: server.tokenFor(owner.id), userId: toGlobalId('User', owner.id) };

    async function projectWith(count: number): Promise<string> {
      const project = await projectOf(ownerPerson, { name: `Slate of ${count}` });
      const crew = await Promise.all([joined(ownerPerson, project.id, 'EDITOR', { roleId: 1 }), joined(ownerPerson, project.id, 'VIEWER', { roleId: 2 }), joined(ownerPerson, project.id, 'VIEWER', { roleId: 3 })]);
      const projectId = Number((await queryRows<{ id: number }>(database.url, 'select id from projects where public_id = $1', [project.publicId]))[0]!.id);
      // The deliverables in one statement, each assigned to the whole crew.
      await queryRows(
        database.url,
        `with made as (insert into project_deliverables (project_id, title, network_id, post_type, due_on)
           select $1, 'Deliverable ' || n, 1 + (n % 11), 1 + (n % 4), date '2030-01-01' + n from generate_series(1, $2) as n returning id)
         insert into project_deliverable_assignees (deliverable_id, collaborator_id)
           select made.id, c.id from made cross join project_collaborators c where c.project_id = $1`,
        [projectId, count],
      );
      expect(crew).toHaveLength(3);
      return project.publicId;
    }

    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const statementsFor = async (publicId: string, count: number) => {
      const context = log.orm.em.fork();
      const requestViewer = { user: await context.findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({ schema, source: PAGE, variableValues: { publicId }, contextValue: { em: context, viewer: requestViewer, pubsub: null, config: server.config, logger: createLogger('silent') } });
        expect(result.errors).toBeUndefined();
        const page = (result.data as unknown as { projectByAddress: { project: { deliverables: { totalCount: number; nodes: Array<{ assignees: unknown[] }> } } } }).projectByAddress.project.deliverables;
        expect(page.totalCount).toBe(count);
        expect(page.nodes.every((row) => row.assignees.length === 3)).toBe(true);
      });
      return selects.length;
    };

    const smallProject = await projectWith(2);
    // The first request also reads the seeded networks and credit roles tables, which the process then keeps.
    await statementsFor(smallProject, 2);
    const small = await statementsFor(smallProject, 2);
    // The project with the viewer's relations to it; a page of deliverables and their count; their
    // assignees; the assignees' people. None of these grows with the slate.
    expect(small).toBe(5);
    expect(await statementsFor(await projectWith(50), 50)).toBe(small);
  });
});
