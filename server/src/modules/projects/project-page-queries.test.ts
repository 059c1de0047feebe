import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { buildUser, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { createProject } from './project.service.js';

const env = useTestServer();
const log = useQueryLog(env);

const PROJECT_PAGE = `query($publicId: String!, $first: Int!) { projectByAddress(publicId: $publicId) { canonicalPath project {
  name path status client ownerUser { id name } ownerTeam { id } viewerCan { edit manageCollaborators seeCosts }
  collaborators(first: $first) { totalCount nodes { id status permission isEmailInvitation user { id name username } creditRole { id name emoji } } } } } }`;

type Page = { projectByAddress: { project: { collaborators: { totalCount: number; nodes: Array<{ user: { id: string } | null; creditRole: { name: string } }> } } } };

describe('the project page, batched', () => {
  it('costs the same fixed number of queries for 30 collaborators as for 3', async () => {
    const em = log.orm.em.fork();
    const owner = await createUser(em);
    const viewer = { user: owner, masqueradingAdminId: null, sessionId: null, plansOpen: false };

    async function projectWith(people: number): Promise<string> {
      const project = await createProject(em, viewer, { name: `Crew of ${people}` });
      const crew = Array.from({ length: people }, () => buildUser(em));
      await em.flush();
      // Accepted collaborators in one statement, with three different roles.
      await queryRows(
        env.database.url,
        `insert into project_collaborators (project_id, user_id, credit_role_id, permission, status)
         select $1, person, 1 + (ordinality % 3), 'viewer', 'accepted' from unnest($2::int[]) with ordinality as person`,
        [project.id, crew.map((person) => person.id)],
      );
      return project.publicId;
    }

    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const queriesFor = async (publicId: string, people: number) => {
      const context = log.orm.em.fork();
      const requestViewer = { user: await context.findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: PROJECT_PAGE,
          variableValues: { publicId, first: 50 },
          contextValue: { em: context, viewer: requestViewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        const page = (result.data as unknown as Page).projectByAddress.project;
        expect(page.collaborators.totalCount).toBe(people);
        expect(page.collaborators.nodes.every((row) => row.user !== null && row.creditRole.name.length > 0)).toBe(true);
      });
      return selects.length;
    };

    const smallProject = await projectWith(3);
    // The first request also reads the seeded credit roles table, which the process then keeps.
    await queriesFor(smallProject, 3);
    const small = await queriesFor(smallProject, 3);
    // The project with the viewer's relations to it and its owner; a page of collaborators with
    // their count; the collaborators' people. None of these grows with the crew.
    expect(small).toBe(3);
    expect(await queriesFor(await projectWith(30), 30)).toBe(small);

    // Every page, and the empty one past the last, counts the whole crew.
    const pages = await projectWith(5);
    const collaboratorsAfter = async (after: string | null) => {
      const result = await executeGraphQL({
        schema,
        source: `query($publicId: String!, $after: String) { projectByAddress(publicId: $publicId) { project { collaborators(first: 2, after: $after) { totalCount pageInfo { endCursor } nodes { id } } } } }`,
        variableValues: { publicId: pages, after },
        contextValue: { em: log.orm.em.fork(), viewer: { user: await log.orm.em.fork().findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false }, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      return (result.data as unknown as { projectByAddress: { project: { collaborators: { totalCount: number; pageInfo: { endCursor: string | null }; nodes: unknown[] } } } }).projectByAddress.project.collaborators;
    };
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 4; page++) {
      const collaborators = await collaboratorsAfter(after);
      expect(collaborators.totalCount).toBe(5);
      seen.push(collaborators.nodes.length);
      after = collaborators.pageInfo.endCursor ?? after;
    }
    expect(seen).toEqual([2, 2, 1, 0]);
  });
});

const PROJECTS_LIST = `query($first: Int!) { projects(first: $first) { totalCount pageInfo { hasNextPage endCursor } nodes {
  id publicId name path status visibility client startsOn endsOn lastActivityAt ownerUser { id name username } ownerTeam { id name } } } }`;

describe('the projects list, batched', () => {
  it('reads a page, its total, its owners and clients in one statement, whatever the page holds', async () => {
    const em = log.orm.em.fork();
    const owner = await createUser(em);
    const viewer = { user: owner, masqueradingAdminId: null, sessionId: null, plansOpen: false };
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const queriesFor = async (first: number) => {
      const context = log.orm.em.fork();
      const requestViewer = { user: await context.findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      let data: { projects: { totalCount: number; nodes: Array<{ client: string | null; ownerUser: { id: string } | null }> } } | null = null;
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: PROJECTS_LIST,
          variableValues: { first },
          contextValue: { em: context, viewer: requestViewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        data = result.data as unknown as typeof data;
      });
      return { selects: selects.length, data: data! };
    };
    for (let index = 0; index < 12; index++) {
      const client = index % 2 === 0 ? await createUser(em) : null;
      await createProject(em, viewer, { name: `Job ${index}`, ...(client ? { clientUserId: client.id } : { clientName: `Client ${index}` }) });
    }
    const small = await queriesFor(3);
    const large = await queriesFor(12);
    expect(small.selects).toBe(1);
    expect(large.selects).toBe(1);
    expect(large.data.projects.totalCount).toBe(12);
    expect(large.data.projects.nodes.every((node) => node.ownerUser !== null && node.client !== null)).toBe(true);
  });
});
