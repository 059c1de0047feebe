import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches, type PurgeLimits } from '../db/batched-delete.js';

/**
 * Counters whose window has closed, deleted by the housekeeping job. An expired counter and a
 * missing one count alike (the next hit starts again at 1), and the keys are whatever addresses
 * and emails requests bring, so without this the table grows as fast as anyone likes.
 */
export function purgeExpiredRateLimitHits(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from rate_limit_hits where key in (
       select key from rate_limit_hits where reset_at <= now() limit ? for update skip locked)`,
    limits,
  );
}
