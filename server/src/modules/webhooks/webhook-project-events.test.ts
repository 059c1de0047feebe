import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createTeam, createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from './webhook-receiver.test-support.js';

let database: TestDatabase;
let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  [receiver, database] = await Promise.all([startWebhookReceiver(), createTestDatabase()]);
  server = await startTestServer(database.url, { webhookPrivateOrigins: [receiver.origin] });
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await database?.drop();
});

const PROJECT_EVENTS = ['PROJECT_CREATED', 'PROJECT_UPDATED', 'PROJECT_COLLABORATOR_ADDED', 'PROJECT_COLLABORATOR_REMOVED', 'PROJECT_COLLABORATOR_RESPONDED'];

async function ask<T>(token: string, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await graphql<T>(server, query, { token, variables });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!;
}

/** A person whose webhook (at /hook-{id}) hears every project event. */
async function listener(fields: { email?: string } = {}): Promise<{ id: number; user: User; token: string; webhookId: number; path: string }> {
  const user = await createUser(server.orm.em.fork(), fields);
  const token = server.tokenFor(user.id);
  const path = `/hook-${user.id}`;
  const created = await ask<{ createWebhook: { webhook: { databaseId: number; events: string[] } } }>(token, 'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { webhook { databaseId events } } }', {
    input: { url: `${receiver.origin}${path}`, events: PROJECT_EVENTS },
  });
  expect(created.createWebhook.webhook.events).toEqual(PROJECT_EVENTS);
  return { id: user.id, user, token, webhookId: created.createWebhook.webhook.databaseId, path };
}

function bodyOf(delivery: ReceivedDelivery): { event: string; data: Record<string, unknown> } {
  return JSON.parse(delivery.body) as { event: string; data: Record<string, unknown> };
}

async function eventsFor(path: string, count: number): Promise<Array<{ event: string; data: Record<string, unknown> }>> {
  return (await receiver.waitFor(count, (delivery) => delivery.path === path)).map(bodyOf);
}

async function queuedEvents(webhookId: number): Promise<string[]> {
  const rows = await queryRows<{ event: string }>(database.url, `select data->>'event' as event from pgboss.job where name = 'webhook-delivery' and (data->>'webhookId')::int = $1 order by created_on`, [webhookId]);
  return rows.map((row) => row.event).sort();
}

const CREATE_PROJECT = 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id publicId } } }';
const UPDATE_PROJECT = 'mutation($input: UpdateProjectInput!) { updateProject(input: $input) { project { id } } }';
const ADD = 'mutation($input: AddProjectCollaboratorInput!) { addProjectCollaborator(input: $input) { collaborator { id } } }';
const RESPOND = 'mutation($input: RespondToProjectInvitationInput!) { respondToProjectInvitation(input: $input) { collaborator { id } } }';
const REMOVE = 'mutation($input: RemoveProjectCollaboratorInput!) { removeProjectCollaborator(input: $input) { removedCollaboratorId } }';

describe('project events', () => {
  it('tell the owner’s webhooks of the project and its people, never of costs or invited addresses', async () => {
    const owner = await listener();
    const invitee = await createUser(server.orm.em.fork());
    const { id: projectId, publicId } = (await ask<{ createProject: { project: { id: string; publicId: string } } }>(owner.token, CREATE_PROJECT, { input: { name: 'Launch film' } })).createProject.project;
    await ask(owner.token, UPDATE_PROJECT, { input: { projectId, name: 'Launch film, cut two', status: 'IN_PRODUCTION' } });
    const emailed = (await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(owner.token, ADD, { input: { projectId, email: 'secret.person@example.test', roleId: toGlobalId('CreditRole', 1), permission: 'VIEWER' } })).addProjectCollaborator.collaborator;
    const byUser = (await ask<{ addProjectCollaborator: { collaborator: { id: string } } }>(owner.token, ADD, { input: { projectId, userId: toGlobalId('User', invitee.id), roleId: toGlobalId('CreditRole', 1), permission: 'EDITOR' } })).addProjectCollaborator.collaborator;
    await ask(server.tokenFor(invitee.id), RESPOND, { input: { collaboratorId: byUser.id, accept: true } });
    // Costs and the budget are not project events.
    await ask(owner.token, 'mutation($input: CreateProjectCostInput!) { createProjectCost(input: $input) { cost { id } } }', { input: { projectId, category: 'CREW', description: 'Hidden fee', amount: 987654, currency: 'USD' } });
    await ask(owner.token, 'mutation($input: SetProjectBudgetInput!) { setProjectBudget(input: $input) { project { id } } }', { input: { projectId, amount: 5555555, currency: 'USD' } });
    await ask(server.tokenFor(invitee.id), REMOVE, { input: { collaboratorId: byUser.id } });
    await ask(owner.token, REMOVE, { input: { collaboratorId: emailed.id } });

    const received = await eventsFor(owner.path, 7);
    const project = { id: projectId, databaseId: expect.any(Number), publicId, ownerUser: { id: toGlobalId('User', owner.id), databaseId: owner.id }, ownerTeam: null };
    const byEvent = (event: string) => received.filter((body) => body.event === event).map((body) => body.data);
    expect(byEvent('PROJECT_CREATED')).toEqual([{ project: { ...project, name: 'Launch film', slug: 'launch-film', path: `/projects/${publicId}~launch-film`, status: 'PLANNING', visibility: 'PRIVATE' } }]);
    expect(byEvent('PROJECT_UPDATED')).toEqual([{ project: expect.objectContaining({ name: 'Launch film, cut two', status: 'IN_PRODUCTION' }), changed: ['name', 'status'] }]);
    const added = byEvent('PROJECT_COLLABORATOR_ADDED');
    expect(added).toHaveLength(2);
    expect(added.map((data) => data.collaborator)).toEqual(
      expect.arrayContaining([
        { id: emailed.id, databaseId: expect.any(Number), permission: 'VIEWER', status: 'PENDING', creditRole: { id: toGlobalId('CreditRole', 1), name: expect.any(String) }, isEmailInvitation: true, user: null },
        expect.objectContaining({ id: byUser.id, permission: 'EDITOR', status: 'PENDING', isEmailInvitation: false, user: { id: toGlobalId('User', invitee.id), databaseId: invitee.id, username: invitee.username } }),
      ]),
    );
    expect(byEvent('PROJECT_COLLABORATOR_RESPONDED')).toEqual([{ project: expect.objectContaining({ id: projectId }), collaborator: expect.objectContaining({ id: byUser.id, status: 'ACCEPTED' }) }]);
    expect(byEvent('PROJECT_COLLABORATOR_REMOVED').map((data) => [(data.collaborator as { id: string }).id, data.leaving])).toEqual(expect.arrayContaining([[byUser.id, true], [emailed.id, false]]));
    const everything = JSON.stringify(received);
    for (const secret of ['secret.person@example.test', 'Hidden fee', '987654', '5555555', 'budget']) expect(everything).not.toContain(secret);
    expect(await queuedEvents(owner.webhookId)).toHaveLength(7);
  });

  it('go to the active managers of an owning team, and not for a change that fails', async () => {
    const [manager, otherManager, member] = [await listener(), await listener(), await listener()];
    const team = await createTeam(server.orm.em.fork(), [{ user: manager.user, role: 'manager' }, { user: otherManager.user, role: 'manager' }, { user: member.user, role: 'member' }]);
    const { id: projectId } = (await ask<{ createProject: { project: { id: string } } }>(manager.token, CREATE_PROJECT, { input: { name: 'Team launch', ownerTeamId: toGlobalId('Team', team.id) } })).createProject.project;
    for (const who of [manager, otherManager]) {
      const [created] = await eventsFor(who.path, 1);
      expect(created).toMatchObject({ event: 'PROJECT_CREATED', data: { project: { id: projectId, ownerUser: null, ownerTeam: { id: toGlobalId('Team', team.id), databaseId: team.id } } } });
    }
    // A change refused half-way (the dates are out of order) is not announced.
    const refused = await graphql(server, UPDATE_PROJECT, { token: manager.token, variables: { input: { projectId, name: 'Renamed', startsOn: '2027-05-01', endsOn: '2027-04-01' } } });
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(await queuedEvents(manager.webhookId)).toEqual(['PROJECT_CREATED']);
    expect(await queuedEvents(otherManager.webhookId)).toEqual(['PROJECT_CREATED']);
    // Members view the team's projects; its webhooks are its managers'.
    expect(await queuedEvents(member.webhookId)).toEqual([]);
  });
});
