import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openOrm } from '../../../../registry.js';
import { signSessionToken } from '../../../auth/index.js';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/database.js';
import { createUser } from '../../../../test-support/factories.js';
import { startServerProcess, type ServerProcess } from '../../../../test-support/server-process.js';
import { queryRows } from '../../../../test-support/sql.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { TEST_JWT_SECRET, graphql, startTestServer, type TestServer } from '../../../../test-support/test-server.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let killed: ServerProcess | null = null;
let survivor: TestServer | null = null;

// "slow" answers only after a minute: the first server is killed while it waits.
const HANGING_ID = '9000000006';
const URL = `https://www.tiktok.com/@maya.makes/video/${HANGING_ID}`;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks({ slowMs: 60_000 });
});

afterAll(async () => {
  await killed?.kill();
  await survivor?.stop();
  await fixtures?.close();
  await database?.drop();
});

describe('a server killed mid-import', () => {
  it('leaves a job that another server resumes after restart, making one post', async () => {
    // A real server process, so it can be killed like a crashed machine.
    const first = await startServerProcess('doomed', { NODE_ENV: 'test', DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, SCRAPER_BASE_URL: fixtures.baseUrl, IMPORT_FAST_PATH_MS: '200' });
    killed = first;
    const orm = await openOrm(database.url);
    const user = await createUser(orm.em.fork());
    await orm.close();
    const response = await graphql<{ trackPost: { outcome: string } }>({ url: `http://127.0.0.1:${first.port}` }, 'mutation($url: String!) { trackPost(input: { url: $url }) { outcome } }', {
      variables: { url: URL },
      token: signSessionToken({ userId: user.id, masqueradingAdminId: null }, TEST_JWT_SECRET),
    });
    expect(response.body.data?.trackPost.outcome).toBe('QUEUED');
    await expect
      .poll(async () => (await queryRows<{ state: string }>(database.url, "select state from pgboss.job where name = 'post-import' and singleton_key = $1", [`5:${HANGING_ID}`]))[0]?.state, { timeout: 10_000 })
      .toBe('active');

    await first.kill();
    killed = null;
    fixtures.setScenario(HANGING_ID, 'ok');
    // Started only now, so the dead server was the one holding the job.
    // The job's expiry is left at its default (minutes): the dead server's silence must be enough.
    survivor = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, queueSuperviseIntervalSeconds: 1 });

    // The surviving server notices the abandoned job once its heartbeat stops, and retries it.
    await expect
      .poll(async () => (await queryRows<{ import_status: string }>(database.url, 'select import_status from posts where external_id = $1', [HANGING_ID])).map((row) => row.import_status), {
        timeout: 60_000,
        interval: 500,
      })
      .toEqual(['imported']);
    // The worker marks its job done just after the post's transaction commits: wait for it too.
    await expect
      .poll(async () => await queryRows<{ state: string }>(database.url, "select state from pgboss.job where name = 'post-import' and singleton_key = $1", [`5:${HANGING_ID}`]), { timeout: 10_000 })
      .toEqual([{ state: 'completed' }]);
  }, 90_000);
});
