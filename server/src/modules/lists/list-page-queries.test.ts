import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { buildUser, createPost, createUser } from '../../test-support/factories.js';
import { CreditRole, Credit } from '../credits/index.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { createList } from './list.service.js';

const env = useTestServer();
const log = useQueryLog(env);

const LIST_PAGE = `query($databaseId: Int!, $first: Int!) { listByDatabaseId(databaseId: $databaseId) {
  name peopleCount postsCount viewerCan { rename }
  people(first: $first) { totalCount nodes { addedAt location user { id name username avatarUrl viewerListIds } roles { posts role { id name emoji } } totals { posts views likes } } }
  posts(first: $first) { totalCount nodes { addedAt post { id viewerListIds } } } } }`;

type Page = { listByDatabaseId: { people: { totalCount: number; nodes: Array<{ roles: unknown[]; totals: { posts: number } }> }; posts: { totalCount: number } } };

describe('the list page, batched', () => {
  it('costs the same fixed number of queries for 100 people (with roles, place and totals) as for 5', async () => {
    const em = log.orm.em.fork();
    const owner = await createUser(em);
    const viewer = { user: owner, masqueradingAdminId: null, sessionId: null, plansOpen: false };

    async function listOf(people: number): Promise<number> {
      const list = await createList(em, viewer, `People ${people}`);
      const shared = await createPost(em);
      // The people and their accepted credits in one flush, the list rows in one statement.
      const members = Array.from({ length: people }, (_, index) => {
        const person = buildUser(em);
        em.create(Credit, { post: shared, user: person, role: em.getReference(CreditRole, 1 + (index % 3)), status: 'accepted' });
        return person;
      });
      await em.flush();
      await queryRows(env.database.url, 'insert into list_people (list_id, user_id) select $1, unnest($2::int[])', [list.id, members.map((person) => person.id)]);
      await queryRows(env.database.url, 'insert into list_posts (list_id, post_id) values ($1, $2)', [list.id, shared.id]);
      return list.id;
    }

    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const queriesFor = async (listId: number, people: number) => {
      const context = log.orm.em.fork();
      const requestViewer = { user: await context.findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: LIST_PAGE,
          variableValues: { databaseId: listId, first: 100 },
          contextValue: { em: context, viewer: requestViewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        const page = (result.data as unknown as Page).listByDatabaseId;
        expect(page.people.totalCount).toBe(people);
        expect(page.people.nodes).toHaveLength(people);
        expect(page.people.nodes.every((person) => person.roles.length === 1 && person.totals.posts === 1)).toBe(true);
        expect(page.posts.totalCount).toBe(1);
      });
      return selects.length;
    };

    const small = await queriesFor(await listOf(5), 5);
    // The list; its counts; a page of people with their count; the people; their roles; their
    // totals; the viewer's lists holding them; a page of posts with its count; the posts; the
    // viewer's lists holding those.
    expect(small).toBe(10);
    expect(await queriesFor(await listOf(100), 100)).toBe(small);
  });
});
