import type { Options } from 'express-rate-limit';
import { describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../test-support/factories.js';
import { useLoggedDatabase } from '../test-support/query-log.js';
import { PostgresRateLimitStore } from './rate-limit.js';

const log = useLoggedDatabase();

/** A store as one server process holds it, with express-rate-limit's options. */
function processStore(limit: number, leased: boolean): PostgresRateLimitStore {
  const store = new PostgresRateLimitStore(log.orm.em.fork(), 'test:', { leased });
  store.init({ windowMs: 60_000, limit } as Options);
  return store;
}

/** Sends `requests` requests of one caller, alternately to each process, and counts those let through. */
async function admitted(stores: PostgresRateLimitStore[], key: string, limit: number, requests: number): Promise<number> {
  let through = 0;
  for (let i = 0; i < requests; i++) {
    const { totalHits } = await stores[i % stores.length]!.increment(key);
    if (totalHits <= limit) through++;
  }
  return through;
}

const upserts = () => log.statements.filter((sql) => sql.includes('insert into rate_limit_hits')).length;

describe('the shared request limit', () => {
  it('leased: two processes together admit no more than the limit, with one upsert per block of 1/50 of it', async () => {
    const key = `caller-${uniqueSuffix()}`;
    const stores = [processStore(1000, true), processStore(1000, true)];
    log.resetStatements();
    const through = await admitted(stores, key, 1000, 1200);
    expect(through).toBeLessThanOrEqual(1000);
    // Each process may hold back at most one block (20 hits) reserved and unused.
    expect(through).toBeGreaterThanOrEqual(1000 - 2 * 20);
    expect(upserts()).toBeLessThanOrEqual(Math.ceil(1200 / 20) + 2);
  });

  it('leased with a limit under 100: exact, one hit reserved per request as without leasing', async () => {
    const key = `caller-${uniqueSuffix()}`;
    const stores = [processStore(60, true), processStore(60, true)];
    log.resetStatements();
    expect(await admitted(stores, key, 60, 70)).toBe(60);
    expect(upserts()).toBe(70);
  });

  it('leased: requests arriving together in one process are counted exactly', async () => {
    const key = `caller-${uniqueSuffix()}`;
    const store = processStore(120, true);
    const answers = await Promise.all(Array.from({ length: 125 }, () => store.increment(key)));
    expect(answers.filter(({ totalHits }) => totalHits <= 120)).toHaveLength(120);
    expect(answers.map(({ totalHits }) => totalHits).sort((a, b) => a - b)).toEqual(Array.from({ length: 125 }, (_, i) => i + 1));
  });

  it('counts a caller apart from another, and starts again once the window is reset', async () => {
    const [first, second] = [`caller-${uniqueSuffix()}`, `caller-${uniqueSuffix()}`];
    const store = processStore(1000, true);
    expect(await admitted([store], first, 1000, 30)).toBe(30);
    expect((await store.increment(second)).totalHits).toBe(1);
    await store.resetKey(first);
    expect((await store.increment(first)).totalHits).toBe(1);
  });
});
