import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { MikroORM } from '../../db/orm.js';
import { openOrm } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createSession, createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { TEST_JWT_SECRET, useTestServer } from '../../test-support/test-server.js';
import { issueOneTimeToken } from '../auth/index.js';
import { HOUSEKEEPING_QUEUE, HOUSEKEEPING_SCHEDULE, purgeExpiredRows } from './housekeeping.job.js';

const MINUTE_MS = 60_000;
const logger = createLogger('silent');

async function addRateLimitHit(databaseUrl: string, key: string, resetInMs: number): Promise<void> {
  await queryRows(databaseUrl, `insert into rate_limit_hits (key, hits, reset_at) values ($1, 1, now() + $2 * interval '1 millisecond')`, [key, resetInMs]);
}

async function idsLeft(databaseUrl: string, table: 'auth_sessions' | 'one_time_tokens', ids: number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(databaseUrl, `select id from ${table} where id = any($1) order by id`, [ids]);
  return rows.map((row) => row.id);
}

async function keysLeft(databaseUrl: string, keys: string[]): Promise<string[]> {
  const rows = await queryRows<{ key: string }>(databaseUrl, 'select key from rate_limit_hits where key = any($1) order by key', [keys]);
  return rows.map((row) => row.key);
}

// The purge itself runs over a database with no server on it, so no scheduled run can take rows
// out from under the counts.
describe('purging expired rows', () => {
  let database: TestDatabase;
  let orm: MikroORM;

  beforeAll(async () => {
    database = await createTestDatabase();
    orm = await openOrm(database.url);
  });

  afterAll(async () => {
    await orm?.close();
    await database?.drop();
  });

  it('deletes sessions, one-time tokens and rate-limit counters past their expiry and keeps live ones', async () => {
    const em = orm.em.fork();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, JWT_SECRET: TEST_JWT_SECRET });
    const user = await createUser(em);
    const [liveSession, expiredSession, revokedExpiredSession] = await Promise.all([0, 1, 2].map(() => createSession(orm.em.fork(), config, user.id)));
    await queryRows(database.url, `update auth_sessions set expires_at = now() - interval '1 minute' where id = any($1)`, [
      [expiredSession!.sessionId, revokedExpiredSession!.sessionId],
    ]);
    await queryRows(database.url, 'update auth_sessions set revoked_at = now() where id = $1', [revokedExpiredSession!.sessionId]);

    const email = `purge_${uniqueSuffix()}@example.test`;
    await issueOneTimeToken(orm.em.fork(), { purpose: 'magic_link', email, ttlMs: 10 * MINUTE_MS });
    await issueOneTimeToken(orm.em.fork(), { purpose: 'magic_link', email, ttlMs: -MINUTE_MS });
    await issueOneTimeToken(orm.em.fork(), { purpose: 'password_reset', email, ttlMs: -MINUTE_MS });
    const tokens = await queryRows<{ id: number; live: boolean }>(database.url, 'select id, expires_at > now() as live from one_time_tokens where email = $1', [email]);

    const prefix = `test:${uniqueSuffix()}:`;
    const liveKeys = [`${prefix}live`];
    const expiredKeys = [1, 2, 3, 4, 5].map((n) => `${prefix}expired-${n}`);
    await addRateLimitHit(database.url, liveKeys[0]!, MINUTE_MS);
    for (const key of expiredKeys) await addRateLimitHit(database.url, key, -MINUTE_MS);

    // Batches of two: five expired counters take three statements, all within one run.
    const deleted = await purgeExpiredRows({ orm, logger }, { batchSize: 2, maxBatches: 10 });

    expect(deleted).toEqual({ auth_sessions: 2, one_time_tokens: 2, rate_limit_hits: 5, pubsub_payloads: 0, graphql_cost_budgets: 0, graphql_cache: 0, webhook_deliveries: 0 });
    const sessionIds = [liveSession!.sessionId, expiredSession!.sessionId, revokedExpiredSession!.sessionId];
    expect(await idsLeft(database.url, 'auth_sessions', sessionIds)).toEqual([liveSession!.sessionId]);
    expect(await idsLeft(database.url, 'one_time_tokens', tokens.map((t) => t.id))).toEqual(tokens.filter((t) => t.live).map((t) => t.id));
    expect(await keysLeft(database.url, [...liveKeys, ...expiredKeys])).toEqual(liveKeys);
  });

  it('stops after its batch allowance, leaving the rest to the next run', async () => {
    const prefix = `test:${uniqueSuffix()}:`;
    const expiredKeys = [1, 2, 3, 4, 5].map((n) => `${prefix}expired-${n}`);
    for (const key of expiredKeys) await addRateLimitHit(database.url, key, -MINUTE_MS);

    const first = await purgeExpiredRows({ orm, logger }, { batchSize: 2, maxBatches: 1 });
    expect(first.rate_limit_hits).toBe(2);
    expect(await keysLeft(database.url, expiredKeys)).toHaveLength(3);

    const second = await purgeExpiredRows({ orm, logger }, { batchSize: 2, maxBatches: 10 });
    expect(second.rate_limit_hits).toBe(3);
    expect(await keysLeft(database.url, expiredKeys)).toEqual([]);
  });

  it('finds expired rows through the expiry indexes, not by reading whole tables', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      // With a handful of rows a sequential scan is cheaper; rule it out to see that an index serves.
      await client.query('set enable_seqscan = off');
      for (const [select, index] of [
        ['select id from auth_sessions where expires_at < now() limit 1000', 'auth_sessions_expires_at_index'],
        ['select id from one_time_tokens where expires_at < now() limit 1000', 'one_time_tokens_expires_at_index'],
        ['select key from rate_limit_hits where reset_at <= now() limit 1000', 'rate_limit_hits_reset_at_index'],
        ['select key from graphql_cost_budgets where reset_at <= now() limit 1000', 'graphql_cost_budgets_reset_at_index'],
        ['select key from graphql_cache where expires_at <= now() limit 1000', 'graphql_cache_expires_at_index'],
      ] as const) {
        const plan = (await client.query<{ 'QUERY PLAN': string }>(`explain ${select}`)).rows.map((row) => row['QUERY PLAN']).join('\n');
        expect(plan).toContain(index);
      }
    } finally {
      await client.end();
    }
  });
});

describe('the housekeeping job', () => {
  const env = useTestServer();

  it('is scheduled in pg-boss', async () => {
    const schedules = await env.server.queue.boss.getSchedules(HOUSEKEEPING_QUEUE);
    expect(schedules.map((s) => s.cron)).toEqual([HOUSEKEEPING_SCHEDULE]);
  });

  it('purges expired rows when it runs', async () => {
    const prefix = `test:${uniqueSuffix()}:`;
    await addRateLimitHit(env.database.url, `${prefix}live`, MINUTE_MS);
    await addRateLimitHit(env.database.url, `${prefix}expired`, -MINUTE_MS);

    // A scheduled run may already be queued (the queue holds one job at a time); either run will do.
    await env.server.queue.boss.send(HOUSEKEEPING_QUEUE, {});
    await expect.poll(() => keysLeft(env.database.url, [`${prefix}live`, `${prefix}expired`]), { timeout: 20_000, interval: 200 }).toEqual([`${prefix}live`]);
  });
});
