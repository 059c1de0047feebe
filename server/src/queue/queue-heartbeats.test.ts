import { describe, expect, it } from 'vitest';
import { createPostImportQueue, POST_IMPORT_QUEUE } from '../modules/posts/index.js';
import { queryRows } from '../test-support/sql.js';
import { useTestServer } from '../test-support/test-server.js';
import { WORKER_HEARTBEAT_SECONDS } from './job-queue.js';

const env = useTestServer();

const heartbeats = async (): Promise<Record<string, number | null>> =>
  Object.fromEntries((await queryRows<{ name: string; heartbeat_seconds: number | null }>(env.database.url, 'select name, heartbeat_seconds from pgboss.queue')).map((row) => [row.name, row.heartbeat_seconds]));

describe('queues whose jobs someone waits for', () => {
  it('expect a heartbeat, so a dead process’s jobs are retried in seconds rather than at their expiry', async () => {
    expect(await heartbeats()).toMatchObject(
      Object.fromEntries(['post-import', 'credit-mail', 'team-mail', 'mail', 'webhook-delivery', 'search-index'].map((name) => [name, WORKER_HEARTBEAT_SECONDS])),
    );
  });

  it('include every queue that runs one job at a time, which a dead process would otherwise hold', async () => {
    const rows = await queryRows<{ name: string; heartbeat_seconds: number | null }>(
      env.database.url,
      `select name, heartbeat_seconds from pgboss.queue where policy in ('stately', 'exclusive', 'singleton') order by name`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.filter((row) => row.heartbeat_seconds !== WORKER_HEARTBEAT_SECONDS).map((row) => row.name)).toEqual([]);
  });

  it('get it on an install whose queue was created before', async () => {
    await queryRows(env.database.url, 'update pgboss.queue set heartbeat_seconds = null where name = $1', [POST_IMPORT_QUEUE]);
    await createPostImportQueue(env.server.queue.boss, env.server.config.importJobExpireSeconds);
    expect((await heartbeats())[POST_IMPORT_QUEUE]).toBe(WORKER_HEARTBEAT_SECONDS);
  });
});
