import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { buildPost, createAccount, createUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { createProject } from './project.service.js';

const env = useTestServer();
const log = useQueryLog(env);

const BOARD = `query($publicId: String!) { projectByAddress(publicId: $publicId) { project { concepts(first: 100) { totalCount nodes {
  id kind caption note position pictureUrl(width: 160) post { id caption thumbnailUrl(width: 160) network { name } account { handle } } } } } } }`;

type Board = { projectByAddress: { project: { concepts: { totalCount: number; nodes: Array<{ kind: string; pictureUrl: string | null; post: { caption: string } | null }> } } } };

describe('a project board, batched', () => {
  it('costs the same fixed number of queries for 30 concepts as for 3', async () => {
    const em = log.orm.em.fork();
    const owner = await createUser(em);
    const viewer = { user: owner, masqueradingAdminId: null, sessionId: null, plansOpen: false };
    const account = await createAccount(em);

    /** A board of `count` concepts: notes, pictures and posts in turn. */
    async function boardOf(count: number): Promise<string> {
      const project = await createProject(em, viewer, { name: `Board of ${count}` });
      const posts = Array.from({ length: Math.ceil(count / 3) }, () => buildPost(em, { account }));
      await em.flush();
      const rows = Array.from({ length: count }, (_, index) => index);
      await queryRows(
        env.database.url,
        `insert into project_concepts (project_id, kind, note, picture_version, post_network_id, post_external_id, post_url, position)
         select $1, k.kind, case when k.kind = 'note' then 'Note ' || k.i end, case when k.kind = 'picture' then 'abcd1234' end,
                case when k.kind = 'post' then $2::smallint end, case when k.kind = 'post' then ($3::text[])[k.i / 3 + 1] end,
                case when k.kind = 'post' then 'https://www.tiktok.com/@x/video/' || k.i end, k.i + 1
           from (select i, (array['note', 'picture', 'post'])[i % 3 + 1] as kind from unnest($4::int[]) as i) k`,
        [project.id, account.network.id, posts.map((post) => post.externalId), rows],
      );
      return project.publicId;
    }

    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const queriesFor = async (publicId: string, count: number) => {
      const context = log.orm.em.fork();
      const requestViewer = { user: await context.findOneOrFail(User, owner.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: BOARD,
          variableValues: { publicId },
          contextValue: { em: context, viewer: requestViewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        const concepts = (result.data as unknown as Board).projectByAddress.project.concepts;
        expect(concepts.totalCount).toBe(count);
        expect(concepts.nodes.filter((row) => row.kind === 'POST').every((row) => row.post !== null)).toBe(true);
        expect(concepts.nodes.filter((row) => row.kind === 'PICTURE').every((row) => row.pictureUrl !== null)).toBe(true);
      });
      return selects.length;
    };

    // The networks table is read once per process: a first board reads it, the measured ones do not.
    await queriesFor(await boardOf(3), 3);
    const small = await queriesFor(await boardOf(3), 3);
    // The project with the viewer's relations to it; a page of concepts and their count; their
    // posts; the posts' accounts. None of these grows with the board.
    expect(small).toBe(5);
    expect(await queriesFor(await boardOf(30), 30)).toBe(small);
  });
});
