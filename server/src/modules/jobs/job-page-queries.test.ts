import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { buildUser, createPost } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';
import { hiringTeam, postJob } from './jobs.test-support.js';

const env = useTestServer();
const log = useQueryLog(env);

const JOB_PAGE = `query($publicId: String!, $slug: String) { jobByAddress(publicId: $publicId, slug: $slug) { canonicalPath slugIsCurrent job {
  id publicId name slug path description status isRemote isUnpaid deadline publishedAt place { name geohash } pay { min max currency }
  roles { id name emoji } account { id name username avatarUrl } viewerCan { edit seeApplications apply } viewerApplication { id status } } } }`;

const APPLICATIONS_TABLE = `query($publicId: String!, $first: Int!) { jobByAddress(publicId: $publicId) { job { id applications(first: $first) { totalCount pageInfo { hasNextPage endCursor }
  nodes { id status createdAt applicant { id name username avatarUrl } sourcing { followers location projects collaborators commentCount topRole { id name } } } } } } }`;

const schemaOnce = buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });

/** The statements one request for `source` sends, as `userId` (null: signed out). */
async function statementsFor(source: string, variables: Record<string, unknown>, userId: number | null): Promise<{ count: number; data: unknown }> {
  const context = log.orm.em.fork();
  const viewer = userId === null ? null : { user: await context.findOneOrFail(User, userId), masqueradingAdminId: null, sessionId: null, plansOpen: false };
  let data: unknown = null;
  const selects = await log.selectsDuring(async () => {
    const result = await executeGraphQL({ schema: await schemaOnce, source, variableValues: variables, contextValue: { em: context, viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') } });
    expect(result.errors).toBeUndefined();
    data = result.data;
  });
  return { count: selects.length, data };
}

describe('the job page, batched', () => {
  it('costs the same fixed number of statements signed out, for an applicant and for the team', async () => {
    const hiring = await hiringTeam(env.server);
    const job = await postJob(env.server, hiring, { roleIds: [1, 2, 3, 4, 5].map((id) => toGlobalId('CreditRole', id)) });
    const variables = { publicId: job.publicId, slug: job.slug };
    // A first request opens the logged connection; it is not the page's cost.
    await statementsFor(JOB_PAGE, variables, null);
    const signedOut = await statementsFor(JOB_PAGE, variables, null);
    // The job with its account and the viewer's relations. The wanted roles come from the process's
    // copy of the seeded roles table, which the first request read.
    expect(signedOut.count).toBe(1);
    expect((await statementsFor(JOB_PAGE, variables, hiring.applicant.id)).count).toBe(signedOut.count);
    expect((await statementsFor(JOB_PAGE, variables, hiring.manager.id)).count).toBe(signedOut.count);
  });
});

describe('the applications table, batched', () => {
  it('reads a page of 100 from 200 applicants in as many statements as a page of 3', async () => {
    const hiring = await hiringTeam(env.server);
    const small = await postJob(env.server, hiring);
    const large = await postJob(env.server, hiring);
    const em = env.server.orm.em.fork();
    const people = Array.from({ length: 200 }, () => buildUser(em));
    await em.flush();
    // Each applicant is credited on a post (three roles among them), so every sourcing column has something to count.
    const post = await createPost(em);
    await queryRows(env.database.url, `insert into credits (post_id, user_id, role_id, status) select $1, person, 1 + (ordinality % 3), 'accepted' from unnest($2::int[]) with ordinality as person`, [post.id, people.map((person) => person.id)]);
    for (const [job, applicants] of [[small, people.slice(0, 3)], [large, people]] as const) {
      await queryRows(env.database.url, `insert into job_applications (job_id, applicant_id, message) select $1, person, 'Hello' from unnest($2::int[]) as person`, [job.databaseId, applicants.map((person) => person.id)]);
    }
    // A first request opens the logged connection and reads the seeded roles once; it is not the table's cost.
    await statementsFor(APPLICATIONS_TABLE, { publicId: small.publicId, first: 100 }, hiring.manager.id);
    const few = await statementsFor(APPLICATIONS_TABLE, { publicId: small.publicId, first: 100 }, hiring.manager.id);
    const many = await statementsFor(APPLICATIONS_TABLE, { publicId: large.publicId, first: 100 }, hiring.manager.id);
    type Table = { jobByAddress: { job: { applications: { totalCount: number; nodes: Array<{ sourcing: { projects: number; collaborators: number; topRole: { name: string } | null } }> } } } };
    const table = (many.data as Table).jobByAddress.job.applications;
    expect(table.totalCount).toBe(200);
    expect(table.nodes).toHaveLength(100);
    expect(table.nodes.every((row) => row.sourcing.projects === 1 && row.sourcing.collaborators === 199 && row.sourcing.topRole !== null)).toBe(true);
    // The job with the viewer's relations; the page with its applicants and columns; its total.
    expect(few.count).toBe(3);
    expect(many.count).toBe(few.count);
  });
});
