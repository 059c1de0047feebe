import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../../../config.js';
import { createUser } from '../../../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { queryRows } from '../../../../test-support/sql.js';
import { useTestServer } from '../../../../test-support/test-server.js';
import { POST_IMPORT_QUEUE, importKey, type PostImportJob } from './post-import.queue.js';
import { recordTrackRequest } from './post-track-request.js';

/**
 * A process can die after its import committed and before the queue heard the job was done:
 * the job then runs again on another process. Whatever the second run finds, it must add nothing.
 */
let fixtures: FixtureNetworks;
// A fast path of 0: the person counts as told "queued" at once, so the import notifies them.
const settings: Partial<AppConfig> = { importFastPathMs: 0, queueSuperviseIntervalSeconds: 1 };
beforeAll(async () => {
  fixtures = await startFixtureNetworks();
  settings.scraperBaseUrl = fixtures.baseUrl;
});
afterAll(() => fixtures?.close());
// Registered after the fixtures' hook, so the server starts with their address.
const env = useTestServer(settings);

const job: PostImportJob = { url: 'https://www.tiktok.com/@maya.makes/video/7712345678901234567', networkId: 5, externalId: '7712345678901234567' };

/** Runs the import job (again) through the queue, as pg-boss does after a dead worker's job expires. */
async function runJob(): Promise<void> {
  const before = await completedJobs();
  await env.server.queue.boss.send(POST_IMPORT_QUEUE, { ...job }, { singletonKey: importKey(job) });
  await expect.poll(completedJobs, { timeout: 20_000 }).toBe(before + 1);
}

async function completedJobs(): Promise<number> {
  return (await queryRows<{ n: number }>(env.database.url, "select count(*)::int as n from pgboss.job where name = $1 and state = 'completed'", [POST_IMPORT_QUEUE]))[0]!.n;
}

async function whatExists(userId: number) {
  const count = async (sql: string, params: unknown[] = []) => (await queryRows<{ n: number }>(env.database.url, sql, params))[0]!.n;
  return {
    posts: await count('select count(*)::int as n from posts where external_id = $1', [job.externalId]),
    thumbnails: await count('select count(*)::int as n from post_thumbnails t join posts p on p.id = t.post_id where p.external_id = $1', [job.externalId]),
    notifications: await count('select count(*)::int as n from notifications where user_id = $1', [userId]),
    bulkLinksImported: await count("select count(*)::int as n from bulk_import_items where external_id = $1 and outcome = 'imported'", [job.externalId]),
  };
}

describe('an import job run again after it committed', () => {
  it('adds no post, picture, notification or settlement, whether the post is fresh or not', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const em = env.server.orm.em.fork();
    await recordTrackRequest(em, { networkId: job.networkId, externalId: job.externalId, userId: user.id, url: job.url, postId: null, status: 'pending' });
    const [bulk] = await em.execute<Array<{ id: number }>>('insert into bulk_imports (user_id, total) values (?, 1) returning id', [user.id]);
    await em.execute("insert into bulk_import_items (bulk_import_id, position, url, network_id, external_id, outcome) values (?, 1, ?, ?, ?, 'queued')", [bulk!.id, job.url, job.networkId, job.externalId]);
    const once = { posts: 1, thumbnails: 1, notifications: 1, bulkLinksImported: 1 };

    await runJob();
    expect(await whatExists(user.id)).toEqual(once);

    // Moments later: the post is fresh, so the run answers from it without the network.
    await runJob();
    expect(await whatExists(user.id)).toEqual(once);

    // Much later (the dead worker's job noticed late): the run imports again, over the same post.
    await queryRows(env.database.url, "update posts set stats_refreshed_at = now() - interval '1 day' where external_id = $1", [job.externalId]);
    await runJob();
    expect(await whatExists(user.id)).toEqual(once);
  });
});
