import { describe, expect, it } from 'vitest';
import { uniqueSuffix } from '../../test-support/factories.js';
import { useLoggedDatabase } from '../../test-support/query-log.js';
import { CostBudgetStore } from './cost-budget-store.js';

const log = useLoggedDatabase();

const upserts = () => log.statements.filter((sql) => sql.includes('insert into graphql_cost_budgets')).length;

/** Spends `costs` in turn, alternately through each process's store; returns the points accepted. */
async function spendAll(stores: CostBudgetStore[], key: string, costs: number[], limit: number): Promise<number> {
  let accepted = 0;
  for (const [i, cost] of costs.entries()) {
    const state = await stores[i % stores.length]!.spend(key, cost, limit);
    if (state.accepted) accepted += cost;
    expect(state.used).toBeLessThanOrEqual(limit);
  }
  return accepted;
}

describe('GraphQL point budgets shared by several processes', () => {
  it('never spend more than the budget together, with one upsert per block of 1/50 of it', async () => {
    const key = `ip:${uniqueSuffix()}`;
    const stores = [new CostBudgetStore(log.orm.em.fork()), new CostBudgetStore(log.orm.em.fork())];
    log.resetStatements();
    let accepted = await spendAll(stores, key, Array.from({ length: 900 }, () => 1), 1000);
    expect(accepted).toBe(900);
    expect(upserts()).toBeLessThanOrEqual(900 / 20 + 2);
    accepted += await spendAll(stores, key, Array.from({ length: 300 }, () => 1), 1000);
    expect(accepted).toBeLessThanOrEqual(1000);
    // Each process may hold back at most one block (20 points) reserved and unspent.
    expect(accepted).toBeGreaterThanOrEqual(1000 - 2 * 20);
  });

  it('spends operations arriving together in one process exactly, however they interleave', async () => {
    const key = `ip:${uniqueSuffix()}`;
    const store = new CostBudgetStore(log.orm.em.fork());
    const states = await Promise.all(Array.from({ length: 230 }, (_, i) => store.spend(key, 1 + (i % 2), 300)));
    const accepted = states.reduce((sum, state, i) => sum + (state.accepted ? 1 + (i % 2) : 0), 0);
    expect(accepted).toBeGreaterThanOrEqual(299);
    expect(accepted).toBeLessThanOrEqual(300);
    expect(Math.max(...states.map((state) => state.used))).toBeLessThanOrEqual(300);
  });

  it('charges an operation dearer than a block its own cost, and spends what is left of a lease first', async () => {
    const key = `ip:${uniqueSuffix()}`;
    const store = new CostBudgetStore(log.orm.em.fork());
    expect(await store.spend(key, 1, 1000)).toMatchObject({ accepted: true, used: 1 });
    // 19 points of the first block are left: 50 more are reserved to pay 50 with them.
    expect(await store.spend(key, 50, 1000)).toMatchObject({ accepted: true, used: 51 });
    expect(await store.spend(key, 1, 1000)).toMatchObject({ accepted: true, used: 52 });
  });

  it('spends the last points of a budget exactly when a whole block no longer fits, then refuses', async () => {
    const key = `ip:${uniqueSuffix()}`;
    const store = new CostBudgetStore(log.orm.em.fork());
    const accepted = await spendAll([store], key, Array.from({ length: 210 }, () => 1), 200);
    expect(accepted).toBe(200);
    expect(await store.spend(key, 1, 200)).toMatchObject({ accepted: false, used: 200 });
  });
});
