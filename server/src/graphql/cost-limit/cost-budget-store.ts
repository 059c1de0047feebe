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
/** A process reserves this share of the budget at a time: at most 2% of it unused per process. */
const LEASE_SHARE = 50;
/** Above this many callers, leases whose hour has ended are dropped before a new one is added. */
const MAX_IDLE_LEASES = 10_000;

/** Points a process has taken from a caller's shared budget and not spent yet. */
interface Lease {
  /** The shared total right after this process's last reservation (its unspent points included). */
  reserved: number;
  /** Reserved points not spent yet. */
  left: number;
  resetAt: Date;
}

/**
 * Hourly point budgets in PostgreSQL (`graphql_cost_budgets`), shared by every server process.
 *
 * A process reserves points a block at a time (1/50 of the budget, or the operation's cost when
 * larger) with one upsert, which charges the block only when it fits (or the window has closed,
 * which starts a new one), and spends it in memory: most operations send no statement. The shared
 * total includes every reserved point, so all processes together never spend more than the
 * budget; a caller spread over several processes may be refused up to 2% of it early per process,
 * and `used` may count that much ahead. Budgets under 100 points reserve each operation's cost
 * exactly, as without leasing. When a block does not fit, exactly the cost is tried; a refusal
 * reads the row once more for the headers.
 */
export class CostBudgetStore {
  private readonly leases = new Map<string, Lease>();
  private readonly reserving = new Map<string, Promise<void>>();

  constructor(private readonly em: EntityManager) {}

  async spend(key: string, cost: number, limit: number): Promise<BudgetState> {
    // An operation larger than the whole budget never fits: refuse it without writing anything.
    if (cost > limit) return { accepted: false, ...(await this.current(key)) };
    // One reservation per caller at a time: operations arriving meanwhile wait for it and spend from it.
    for (let pending = this.reserving.get(key); pending; pending = this.reserving.get(key)) await pending;
    const lease = this.leases.get(key);
    const live = lease && lease.resetAt.getTime() > Date.now() ? lease : null;
    if (live && live.left >= cost) {
      live.left -= cost;
      return { accepted: true, used: live.reserved - live.left, resetAt: live.resetAt };
    }
    const spending = this.reserveAndSpend(key, cost, limit, live?.left ?? 0);
    const done = spending.then(
      () => undefined,
      () => undefined,
    );
    this.reserving.set(key, done);
    try {
      return await spending;
    } finally {
      if (this.reserving.get(key) === done) this.reserving.delete(key);
    }
  }

  /** What is left of a lease (`carried`) counts toward the cost: reserves only the rest, and a block's worth beyond it. */
  private async reserveAndSpend(key: string, cost: number, limit: number, carried: number): Promise<BudgetState> {
    const block = Math.max(1, Math.floor(limit / LEASE_SHARE));
    const wanted = Math.max(cost, block) - carried;
    const reserved = (await this.reserve(key, wanted, limit)) ?? (wanted > cost - carried ? await this.reserve(key, cost - carried, limit) : null);
    if (!reserved) return { accepted: false, ...(await this.current(key)) };
    const left = carried + reserved.amount - cost;
    if (left > 0) this.keepLease(key, { reserved: reserved.used, left, resetAt: reserved.resetAt });
    else this.leases.delete(key);
    return { accepted: true, used: reserved.used - left, resetAt: reserved.resetAt };
  }

  /** Adds `amount` to the shared total when it fits; null when it does not (nothing changed). */
  private async reserve(key: string, amount: number, limit: number): Promise<{ amount: number; used: number; resetAt: Date } | null> {
    const rows = await this.em.getConnection().execute<{ used: number; reset_at: Date }[]>(
      `insert into graphql_cost_budgets (key, used, reset_at) values (?, ?, now() + ? * interval '1 millisecond')
       on conflict (key) do update set
         used = case when graphql_cost_budgets.reset_at <= now() then excluded.used else graphql_cost_budgets.used + excluded.used end,
         reset_at = case when graphql_cost_budgets.reset_at <= now() then excluded.reset_at else graphql_cost_budgets.reset_at end
       where graphql_cost_budgets.reset_at <= now() or graphql_cost_budgets.used + excluded.used <= ?
       returning used, reset_at`,
      [key, amount, WINDOW_MS, limit],
    );
    const row = rows[0];
    // No row back: the conflicting row's WHERE failed, so the budget is spent and nothing changed.
    return row ? { amount, used: row.used, resetAt: new Date(row.reset_at) } : null;
  }

  private keepLease(key: string, lease: Lease): void {
    if (this.leases.size >= MAX_IDLE_LEASES) {
      const now = Date.now();
      for (const [other, held] of this.leases) if (held.resetAt.getTime() <= now) this.leases.delete(other);
    }
    this.leases.set(key, lease);
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
