import type { EntityManager } from '@mikro-orm/postgresql';
import { rateLimit, type Store, type IncrementResponse, type Options } from 'express-rate-limit';
import { RateLimited } from '../errors/app-errors.js';

/** Hits a process has taken from the shared count and not used yet, for one key and window. */
interface Lease {
  /** The shared count right after this process's last reservation (its unused hits included). */
  reserved: number;
  /** Reserved hits not used yet. */
  left: number;
  resetAt: Date;
}

/** A leasing store reserves this share of the limit at a time: at most 2% of it unused per process. */
const LEASE_SHARE = 50;
/** Above this many keys, windows that have ended are dropped before a new one is added. */
const MAX_IDLE_LEASES = 10_000;

/**
 * Counts requests in PostgreSQL (an UNLOGGED table: fast, and losing it on a crash only resets
 * the counters), so every server process enforces one shared limit.
 *
 * With `leased`, a process reserves hits a block at a time (1/50 of the limit, at least one)
 * with one upsert and counts them off in memory, instead of one upsert per request: the shared
 * count includes every reserved hit, so all processes together still admit no more than the
 * limit; a caller spread over several processes may be refused up to 2% of the limit early per
 * process (hits reserved but unused elsewhere). Limits under 100 reserve one hit at a time, exactly
 * as without leasing.
 */
export class PostgresRateLimitStore implements Store {
  private windowMs = 60_000;
  private block = 1;
  private readonly leases = new Map<string, Lease>();
  private readonly reserving = new Map<string, Promise<void>>();
  prefix: string;

  constructor(
    private readonly em: EntityManager,
    prefix: string,
    private readonly options: { leased?: boolean } = {},
  ) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
    if (this.options.leased && typeof options.limit === 'number') this.block = Math.max(1, Math.floor(options.limit / LEASE_SHARE));
  }

  async increment(key: string): Promise<IncrementResponse> {
    if (this.block === 1) {
      const row = await this.reserve(key);
      return row ? { totalHits: row.hits, resetTime: row.resetAt } : { totalHits: 1, resetTime: undefined };
    }
    for (;;) {
      const lease = this.leases.get(key);
      if (lease && lease.left > 0 && lease.resetAt.getTime() > Date.now()) {
        lease.left--;
        return { totalHits: lease.reserved - lease.left, resetTime: lease.resetAt };
      }
      // One reservation per key at a time: requests arriving meanwhile wait for it and use its hits.
      const pending = this.reserving.get(key);
      if (pending) {
        await pending;
        continue;
      }
      const reservation = this.reserve(key).then((row) => {
        if (row) this.keepLease(key, { reserved: row.hits, left: this.block, resetAt: row.resetAt });
      });
      this.reserving.set(key, reservation);
      try {
        await reservation;
      } finally {
        this.reserving.delete(key);
      }
      if (!this.leases.has(key)) return { totalHits: 1, resetTime: undefined };
    }
  }

  /** Adds a block of hits to the shared count (or starts a new window with it). */
  private async reserve(key: string): Promise<{ hits: number; resetAt: Date } | null> {
    const rows = await this.em.getConnection().execute<{ hits: number; reset_at: Date }[]>(
      `insert into rate_limit_hits (key, hits, reset_at) values (?, ?, now() + (? * interval '1 millisecond'))
       on conflict (key) do update set
         hits = case when rate_limit_hits.reset_at <= now() then excluded.hits else rate_limit_hits.hits + excluded.hits end,
         reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
       returning hits, reset_at`,
      [this.prefix + key, this.block, this.windowMs],
    );
    const row = rows[0];
    return row ? { hits: row.hits, resetAt: new Date(row.reset_at) } : null;
  }

  async decrement(key: string): Promise<void> {
    const lease = this.leases.get(key);
    if (lease && lease.resetAt.getTime() > Date.now()) {
      lease.left++;
      return;
    }
    await this.em.getConnection().execute('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ?', [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    this.leases.delete(key);
    await this.em.getConnection().execute('delete from rate_limit_hits where key = ?', [this.prefix + key]);
  }

  private keepLease(key: string, lease: Lease): void {
    if (this.leases.size >= MAX_IDLE_LEASES) {
      const now = Date.now();
      for (const [other, held] of this.leases) if (held.resetAt.getTime() <= now) this.leases.delete(other);
    }
    this.leases.set(key, lease);
  }
}

/** Per-IP request limit, leased (see the store); over it the answer is 429 with the shared error shape. */
export function requestRateLimit(options: { em: EntityManager; prefix: string; perMinute: number }) {
  return rateLimit({
    windowMs: 60_000,
    limit: options.perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(options.em, options.prefix, { leased: true }),
    handler: (_req, _res, next) => next(new RateLimited()),
  });
}
