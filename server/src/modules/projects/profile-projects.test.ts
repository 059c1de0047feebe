import { graphql as executeGraphQL } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createLogger } from '../../logger.js';
import { buildAppSchema } from '../../registry.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { startTestServer, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { askOn, dataOf } from './projects.test-support.js';

let database: TestDatabase;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer(database.url);
});

afterAll(async () => {
  await server?.stop();
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
const UPDATE = 'mutation($input: UpdateProjectInput!) { updateProject(input: $input) { project { id } } }';
const PROFILE = `query($username: String!, $first: Int, $after: String) { userByUsername(username: $username) {
  publicProjects(first: $first, after: $after) { pageInfo { hasNextPage endCursor } nodes { isOwner creditRole { databaseId } project { id name path } } } } }`;
const CREATE_DELIVERABLE = 'mutation($input: CreateProjectDeliverableInput!) { createProjectDeliverable(input: $input) { deliverable { id } } }';
const OFFERED_ROLE = 'query($id: ID!) { node(id: $id) { ... on ProjectDeliverable { viewerCreditRole { databaseId } } } }';

interface Person {
  user: User;
  token: string;
  userId: string;
}
interface Listed {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  nodes: Array<{ isOwner: boolean; creditRole: { databaseId: number } | null; project: { id: string; name: string; path: string } }>;
}

async function person(fields: Partial<Pick<User, 'roleFlags'>> = {}): Promise<Person> {
  const user = await createUser(server.orm.em.fork(), fields);
  return { user, token: server.tokenFor(user.id), userId: toGlobalId('User', user.id) };
}

function ask<T = Record<string, unknown>>(token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return askOn<T>(server, token, query, variables);
}

async function projectOf(owner: Person, name: string, input: Record<string, unknown> = {}): Promise<{ id: string; publicId: string }> {
  return dataOf(await ask<{ createProject: { project: { id: string; publicId: string } } }>(owner.token, CREATE_PROJECT, { input: { name, ...input } })).createProject.project;
}

async function invite(owner: Person, projectId: string, member: Person, { roleId = 1, answer }: { roleId?: number; answer?: boolean } = {}): Promise<string> {
  const added = dataOf(await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(owner.token, ADD, { input: { projectId, userId: member.userId, roleId: toGlobalId('CreditRole', roleId), permission: 'VIEWER' } }));
  const collaboratorId = added.addProjectCollaborator.collaborator.id;
  if (answer !== undefined) dataOf(await ask(member.token, RESPOND, { input: { collaboratorId, accept: answer } }));
  return collaboratorId;
}

async function profileProjects(token: string | undefined, who: Person, first = 20, after: string | null = null): Promise<Listed> {
  const data = dataOf(await ask<{ userByUsername: { publicProjects: Listed } }>(token, PROFILE, { username: who.user.username, first, after }));
  return data.userByUsername.publicProjects;
}

describe('public projects on a profile', () => {
  it('lists only public projects the person owns or accepted, to everyone, signed out included', async () => {
    const owner = await person();
    const member = await person();
    const accepted = await projectOf(owner, 'Accepted public', { visibility: 'PUBLIC' });
    await invite(owner, accepted.id, member, { roleId: 2, answer: true });
    const pending = await projectOf(owner, 'Pending public', { visibility: 'PUBLIC' });
    await invite(owner, pending.id, member);
    const declined = await projectOf(owner, 'Declined public', { visibility: 'PUBLIC' });
    await invite(owner, declined.id, member, { answer: false });
    const hidden = await projectOf(owner, 'Accepted private');
    await invite(owner, hidden.id, member, { answer: true });
    const own = await projectOf(member, 'Own public', { visibility: 'PUBLIC' });
    await projectOf(member, 'Own private');

    const admin = await person({ roleFlags: [RoleFlag.admin] });
    const stranger = await person();
    for (const token of [undefined, stranger.token, member.token, owner.token, admin.token]) {
      const listed = await profileProjects(token, member);
      // Newest activity first: the person's own project was made last.
      expect(listed.nodes.map((row) => row.project.name)).toEqual(['Own public', 'Accepted public']);
      expect(listed.nodes[0]).toMatchObject({ isOwner: true, creditRole: null, project: { id: own.id } });
      expect(listed.nodes[1]).toMatchObject({ isOwner: false, creditRole: { databaseId: 2 }, project: { id: accepted.id } });
    }
    expect((await profileProjects(undefined, owner)).nodes.map((row) => row.project.name)).toEqual(['Declined public', 'Pending public', 'Accepted public']);
  });

  it('drops a project made private, and never lists a team’s project as its members’', async () => {
    const owner = await person();
    const member = await person();
    const project = await projectOf(owner, 'Going private', { visibility: 'PUBLIC' });
    await invite(owner, project.id, member, { answer: true });
    expect((await profileProjects(undefined, member)).nodes).toHaveLength(1);
    dataOf(await ask(owner.token, UPDATE, { input: { projectId: project.id, visibility: 'PRIVATE' } }));
    expect((await profileProjects(undefined, member)).nodes).toEqual([]);
    expect((await profileProjects(member.token, member)).nodes).toEqual([]);
    expect((await profileProjects(undefined, owner)).nodes).toEqual([]);

    // A team's public project shows on its accepted collaborators' profiles, not on its members'.
    const manager = await person();
    const team = await createTeam(server.orm.em.fork(), [{ user: manager.user, role: 'manager' }]);
    await projectOf(manager, 'Team public', { visibility: 'PUBLIC', ownerTeamId: toGlobalId('Team', team.id) });
    expect((await profileProjects(undefined, manager)).nodes).toEqual([]);
  });

  it('pages newest activity first', async () => {
    const owner = await person();
    for (const name of ['One', 'Two', 'Three']) await projectOf(owner, name, { visibility: 'PUBLIC' });
    const first = await profileProjects(undefined, owner, 2);
    expect(first.nodes.map((row) => row.project.name)).toEqual(['Three', 'Two']);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await profileProjects(undefined, owner, 2, first.pageInfo.endCursor);
    expect(second.nodes.map((row) => row.project.name)).toEqual(['One']);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });
});

describe('the cost of a profile’s projects', () => {
  it('is the same fixed number of statements for 12 projects as for 2', async () => {
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const LIST = 'query($username: String!) { userByUsername(username: $username) { publicProjects(first: 20) { nodes { isOwner creditRole { name } project { name client path ownerUser { username } } } } } }';
    async function personWith(count: number): Promise<Person> {
      const owner = await person();
      const member = await person();
      for (let index = 0; index < count; index += 1) {
        const project = await projectOf(owner, `Project ${index}`, { visibility: 'PUBLIC', clientName: 'Acme' });
        await invite(owner, project.id, member, { roleId: 1 + (index % 3), answer: true });
      }
      await projectOf(member, 'Own', { visibility: 'PUBLIC' });
      return member;
    }
    const statementsFor = async (who: Person, count: number) => {
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({ schema, source: LIST, variableValues: { username: who.user.username }, contextValue: { em: log.orm.em.fork(), viewer: null, pubsub: null, config: server.config, logger: createLogger('silent') } });
        expect(result.errors).toBeUndefined();
        expect((result.data as unknown as { userByUsername: { publicProjects: { nodes: unknown[] } } }).userByUsername.publicProjects.nodes).toHaveLength(count + 1);
      });
      return selects.length;
    };
    const few = await personWith(2);
    await statementsFor(few, 2);
    const small = await statementsFor(few, 2);
    expect(await statementsFor(await personWith(12), 12)).toBe(small);
  });
});

describe('the cost of project notifications', () => {
  it('is the same fixed number of statements for assignments in 8 projects as in 2', async () => {
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const PAGE = 'query { notifications(first: 50) { nodes { kind projectCollaborator { id status } projectDeliverable { id title isOverdue } } } }';
    async function assignedIn(count: number): Promise<Person> {
      const owner = await person();
      const member = await person();
      for (let index = 0; index < count; index += 1) {
        const project = await projectOf(owner, `Shoot ${index}`);
        const collaboratorId = await invite(owner, project.id, member, { answer: true });
        dataOf(await ask(owner.token, CREATE_DELIVERABLE, { input: { projectId: project.id, title: `Reel ${index}`, networkId: toGlobalId('Network', 1), postType: 'VIDEO', dueOn: '2030-01-01', assigneeIds: [collaboratorId] } }));
      }
      return member;
    }
    const statementsFor = async (who: Person, count: number) => {
      const em = log.orm.em.fork();
      const viewer = { user: await em.findOneOrFail(User, who.user.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({ schema, source: PAGE, contextValue: { em, viewer, pubsub: null, config: server.config, logger: createLogger('silent') } });
        expect(result.errors).toBeUndefined();
        const nodes = (result.data as unknown as { notifications: { nodes: Array<{ kind: string; projectDeliverable: unknown }> } }).notifications.nodes;
        expect(nodes.filter((node) => node.kind === 'PROJECT_DELIVERABLE_ASSIGNED' && node.projectDeliverable !== null)).toHaveLength(count);
      });
      return selects.length;
    };
    const few = await assignedIn(2);
    await statementsFor(few, 2);
    const small = await statementsFor(few, 2);
    expect(await statementsFor(await assignedIn(8), 8)).toBe(small);
  });
});

describe('the role a credit offer names', () => {
  it('is the viewer’s project role for its people, and null for anyone else', async () => {
    const owner = await person();
    const project = await projectOf(owner, 'Offers', { visibility: 'PUBLIC' });
    const accepted = await person();
    await invite(owner, project.id, accepted, { roleId: 3, answer: true });
    const assigneePending = await person();
    const pendingId = await invite(owner, project.id, assigneePending, { roleId: 2 });
    const declined = await person();
    await invite(owner, project.id, declined, { answer: false });
    const stranger = await person();
    const created = dataOf(await ask<{ createProjectDeliverable: { deliverable: { id: string } } }>(owner.token, CREATE_DELIVERABLE, {
      input: { projectId: project.id, title: 'Reel', networkId: toGlobalId('Network', 5), postType: 'VIDEO', dueOn: '2030-05-01', assigneeIds: [pendingId] },
    }));
    const id = created.createProjectDeliverable.deliverable.id;
    const roleOf = async (token: string | undefined) => dataOf(await ask<{ node: { viewerCreditRole: { databaseId: number } | null } | null }>(token, OFFERED_ROLE, { id })).node?.viewerCreditRole ?? null;
    expect(await roleOf(accepted.token)).toEqual({ databaseId: 3 });
    expect(await roleOf(assigneePending.token)).toEqual({ databaseId: 2 });
    for (const token of [owner.token, declined.token, stranger.token, undefined]) expect(await roleOf(token)).toBeNull();
  });
});
