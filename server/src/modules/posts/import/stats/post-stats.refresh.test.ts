import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../../logger.js';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/database.js';
import { createUser } from '../../../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { graphql, startTestServer, type TestServer } from '../../../../test-support/test-server.js';
import { createOutboundHttp } from '../outbound-http.js';
import { queueDueRefreshes, refreshPostStats } from './post-stats.refresh.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;
let client: pg.Client;

const TIKTOK_ID = '7301234567890123456';

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks();
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl });
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
});

afterAll(async () => {
  await client?.end();
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

async function importPost(url: string): Promise<number> {
  const user = await createUser(server.orm.em.fork());
  const response = await graphql<{ trackPost: { post: { databaseId: number } } }>(server, 'mutation($url: String!) { trackPost(input: { url: $url }) { post { databaseId } } }', {
    variables: { url },
    token: server.tokenFor(user.id),
  });
  return response.body.data!.trackPost.post.databaseId;
}

const deps = () => ({
  orm: server.orm,
  http: createOutboundHttp({ scraperBaseUrl: fixtures.baseUrl, allowPrivateAddresses: true }),
  logger: createLogger('silent'),
});

describe('stats refresh', () => {
  it('schedules the next refresh by the post’s age and keeps every reading in the history', async () => {
    const postId = await importPost(`https://www.tiktok.com/@maya.makes/video/${TIKTOK_ID}`);
    const [imported] = (await client.query('select stats_due_at, posted_at from posts where id = $1', [postId])).rows;
    // Published in 2024: an old post, refreshed weekly.
    expect(new Date(imported.stats_due_at).getTime() - Date.now()).toBeGreaterThan(6 * 24 * 3_600_000);

    fixtures.setStats(TIKTOK_ID, { views: 1_000_000, likes: 60_000 });
    const now = new Date();
    await refreshPostStats(deps(), postId, now);

    const history = (await client.query('select views, likes, source from post_stats where post_id = $1 order by fetched_at', [postId])).rows;
    expect(history).toEqual([
      { views: '987654', likes: '54321', source: 'tiktok:public' },
      { views: '1000000', likes: '60000', source: 'refresh' },
    ]);
    const post = await graphql<{ postByDatabaseId: { stats: { views: number; likes: number; refreshedAt: string } } }>(server, `{ postByDatabaseId(databaseId: ${postId}) { stats { views likes refreshedAt } } }`);
    expect(post.body.data?.postByDatabaseId.stats).toEqual({ views: 1_000_000, likes: 60_000, refreshedAt: now.toISOString() });
  });

  it('marks a post deleted on its network as deleted, keeps it, and stops refreshing it', async () => {
    const postId = await importPost('https://www.tiktok.com/@maya.makes/video/7301111111111111111');
    fixtures.setScenario('7301111111111111111', 'deleted');
    await refreshPostStats(deps(), postId);
    const [row] = (await client.query('select is_deleted, stats_due_at from posts where id = $1', [postId])).rows;
    expect(row).toEqual({ is_deleted: true, stats_due_at: null });
  });

  it('queues only the posts that are due, one job each', async () => {
    const due = await importPost('https://www.tiktok.com/@maya.makes/video/7302222222222222222');
    await client.query(`update posts set stats_due_at = now() + interval '1 day'`);
    await client.query(`update posts set stats_due_at = now() - interval '1 minute' where id = $1`, [due]);
    expect(await queueDueRefreshes({ boss: server.queue.boss, orm: server.orm })).toBe(1);
    expect(await queueDueRefreshes({ boss: server.queue.boss, orm: server.orm })).toBe(1);
    const jobs = (await client.query("select data from pgboss.job where name = 'post-stats-refresh' and state in ('created', 'active', 'completed')")).rows;
    expect(jobs.map((job) => job.data)).toContainEqual({ postId: due });
    expect(jobs.filter((job) => job.data.postId === due).length).toBeLessThanOrEqual(2);
  });
});
