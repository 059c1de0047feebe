import type { EntityManager } from '@mikro-orm/postgresql';
import { rateLimit, type Store, type IncrementResponse, type Options } from 'express-rate-limit';
import { RateLimited } from '../errors/app-errors.js';

/**
 * Counts requests in PostgreSQL (an UNLOGGED table: fast, and losing it on a crash only resets
 * the counters), so every server process enforces one shared limit.
 */
export class PostgresRateLimitStore implements Store {
  private windowMs = 60_000;
  prefix: string;

  constructor(
    private readonly em: EntityManager,
    prefix: string,
  ) {
    this.prefix = prefix;
  }

  init(options: Options): void {
    this.windowMs = options.windowMs;
  }

  async increment(key: string): Promise<IncrementResponse> {
    const rows = await this.em.getConnection().execute<{ hits: number; reset_at: Date }[]>(
      `insert into rate_limit_hits (key, hits, reset_at) values (?, 1, now() + (? * interval '1 millisecond'))
       on conflict (key) do update set
         hits = case when rate_limit_hits.reset_at <= now() then 1 else rate_limit_hits.hits + 1 end,
         reset_at = case when rate_limit_hits.reset_at <= now() then excluded.reset_at else rate_limit_hits.reset_at end
       returning hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    const row = rows[0];
    return { totalHits: row?.hits ?? 1, resetTime: row ? new Date(row.reset_at) : undefined };
  }

  async decrement(key: string): Promise<void> {
    await this.em.getConnection().execute('update rate_limit_hits set hits = greatest(hits - 1, 0) where key = ?', [this.prefix + key]);
  }

  async resetKey(key: string): Promise<void> {
    await this.em.getConnection().execute('delete from rate_limit_hits where key = ?', [this.prefix + key]);
  }
}

/** Per-IP request limit; over it the answer is 429 with the shared error shape. */
export function requestRateLimit(options: { em: EntityManager; prefix: string; perMinute: number }) {
  return rateLimit({
    windowMs: 60_000,
    limit: options.perMinute,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: new PostgresRateLimitStore(options.em, options.prefix),
    handler: (_req, _res, next) => next(new RateLimited()),
  });
}
