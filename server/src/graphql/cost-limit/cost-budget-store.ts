import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches, type PurgeLimits } from '../../db/batched-delete.js';

/** A caller's budget once an operation has been weighed against it. */
export interface BudgetState {
  /** Whether the operation fit and was charged; a refused one is not charged. */
  accepted: boolean;
  /** Points spent in the current window, this operation included when accepted. */
  used: number;
  resetAt: Date;
}

const WINDOW_MS = 60 * 60 * 1000;

/**
 * Hourly point budgets in PostgreSQL (`graphql_cost_budgets`), shared by every server process.
 * The common case is one statement: the upsert charges the cost only when it fits (or the window
 * has closed, which starts a new one); a refusal reads the row once more for the headers.
 */
export class CostBudgetStore {
  constructor(private readonly em: EntityManager) {}

  async spend(key: string, cost: number, limit: number): Promise<BudgetState> {
    // An operation larger than the whole budget never fits: refuse it without writing anything.
    if (cost <= limit) {
      const rows = await this.em.getConnection().execute<{ used: number; reset_at: Date }[]>(
        `insert into graphql_cost_budgets (key, used, reset_at) values (?, ?, now() + ? * interval '1 millisecond')
         on conflict (key) do update set
           used = case when graphql_cost_budgets.reset_at <= now() then excluded.used else graphql_cost_budgets.used + excluded.used end,
           reset_at = case when graphql_cost_budgets.reset_at <= now() then excluded.reset_at else graphql_cost_budgets.reset_at end
         where graphql_cost_budgets.reset_at <= now() or graphql_cost_budgets.used + excluded.used <= ?
         returning used, reset_at`,
        [key, cost, WINDOW_MS, limit],
      );
      const row = rows[0];
      // No row back: the conflicting row's WHERE failed, so the budget is spent and nothing changed.
      if (row) return { accepted: true, used: row.used, resetAt: new Date(row.reset_at) };
    }
    return { accepted: false, ...(await this.current(key)) };
  }

  private async current(key: string): Promise<Omit<BudgetState, 'accepted'>> {
    const rows = await this.em.getConnection().execute<{ used: number; reset_at: Date }[]>(
      'select used, reset_at from graphql_cost_budgets where key = ? and reset_at > now()',
      [key],
    );
    const row = rows[0];
    return row ? { used: row.used, resetAt: new Date(row.reset_at) } : { used: 0, resetAt: new Date(Date.now() + WINDOW_MS) };
  }
}

/** Budgets whose hour is over, deleted by the housekeeping job: a missing row and an expired one count alike. */
export function purgeExpiredCostBudgets(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from graphql_cost_budgets where key in (
       select key from graphql_cost_budgets where reset_at <= now() limit ? for update skip locked)`,
    limits,
  );
}
