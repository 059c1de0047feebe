import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as MESSAGES from '../../../../../../domain/messages.js';
import { openOrm } from '../../../../registry.js';
import { nextMessage, openTestSocket, type TestSocket } from '../../../../graphql/websocket.test-support.js';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/database.js';
import { createSession, createUser } from '../../../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { startServerProcess, type ServerProcess } from '../../../../test-support/server-process.js';
import { queryRows } from '../../../../test-support/sql.js';
import { TEST_JWT_SECRET, graphql, startTestServer, type TestServer } from '../../../../test-support/test-server.js';
import { signSessionToken } from '../../../auth/index.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let doomed: ServerProcess | null = null;
let survivor: TestServer | null = null;
let socket: TestSocket | null = null;

// Every link hangs on the first server, which is killed holding their jobs; then three load and one is gone.
const LANDING = ['7700000000000000001', '7700000000000000002', '7700000000000000003'];
const GONE = '7700000000000000004';
const urls = [...LANDING, GONE].map((id) => `https://www.tiktok.com/@maya.makes/video/${id}`);

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks({ slowMs: 60_000 });
  for (const id of [...LANDING, GONE]) fixtures.setScenario(id, 'slow');
});

afterAll(async () => {
  await socket?.client.dispose();
  await doomed?.kill();
  await survivor?.stop();
  await fixtures?.close();
  await database?.drop();
});

type Progress = { finished: number; done: boolean; counts: { imported: number; failed: number } };

describe('a bulk import whose server is killed', () => {
  it('is settled and announced by the server that finishes its imports', async () => {
    doomed = await startServerProcess('doomed', { NODE_ENV: 'test', DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET, SCRAPER_BASE_URL: fixtures.baseUrl });
    const orm = await openOrm(database.url);
    const user = await createUser(orm.em.fork());
    await orm.close();
    const started = await graphql<{ bulkImportPosts: { bulkImport: { id: string } } }>(
      { url: `http://127.0.0.1:${doomed.port}` },
      'mutation($urls: [String!]!) { bulkImportPosts(input: { urls: $urls }) { bulkImport { id } } }',
      { variables: { urls }, token: signSessionToken({ userId: user.id, masqueradingAdminId: null }, TEST_JWT_SECRET) },
    );
    expect(started.body.errors).toBeUndefined();
    await expect
      .poll(async () => (await queryRows<{ n: number }>(database.url, "select count(*)::int as n from pgboss.job where name = 'post-import' and state = 'active'"))[0]!.n, { timeout: 20_000 })
      .toBe(4);

    await doomed.kill();
    doomed = null;
    for (const id of LANDING) fixtures.setScenario(id, null);
    fixtures.setScenario(GONE, 'missing');
    survivor = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, queueSuperviseIntervalSeconds: 1 });

    // The person follows it on the survivor, as the Content Manager would after reconnecting.
    const session = await createSession(survivor.orm.em.fork(), survivor.config, user.id);
    socket = openTestSocket(survivor.url, { authToken: session.accessToken });
    const messages = socket.operation('subscription { bulkImportProgress { finished done counts { imported failed } } }');
    let progress: Progress;
    do {
      const message = await nextMessage(messages);
      progress = (message as { data: { bulkImportProgress: Progress } }).data.bulkImportProgress;
    } while (!progress.done);
    expect(progress).toEqual({ finished: 4, done: true, counts: { imported: 3, failed: 1 } });

    // Stored, not only worked out when read: every link's outcome is in its row.
    const items = await queryRows<{ external_id: string; outcome: string; message: string | null }>(database.url, 'select external_id, outcome, message from bulk_import_items order by position');
    expect(items).toEqual([...LANDING.map((id) => ({ external_id: id, outcome: 'imported', message: null })), { external_id: GONE, outcome: 'failed', message: MESSAGES.couldNotFindOrCreatePost }]);
    const requests = await queryRows<{ status: string }>(database.url, 'select status from post_track_requests where user_id = $1 order by external_id', [user.id]);
    expect(requests.map((request) => request.status)).toEqual(['imported', 'imported', 'imported', 'failed']);
  }, 90_000);
});
