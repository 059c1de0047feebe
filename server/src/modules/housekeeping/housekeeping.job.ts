import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { PurgeLimits } from '../../db/batched-delete.js';
import { purgeExpiredCostBudgets } from '../../graphql/cost-limit/cost-budget-store.js';
import { purgeExpiredGraphQLCache } from '../../graphql/persisted-queries.js';
import { purgeExpiredRateLimitHits } from '../../http/rate-limit-purge.js';
import type { Logger } from '../../logger.js';
import { purgePublishedPayloads } from '../../pubsub/pubsub-payloads.js';
import { purgeExpiredOneTimeTokens, purgeExpiredSessions } from '../auth/index.js';
import { purgeOldDeliveries } from '../webhooks/index.js';
import { createOneAtATimeQueue } from '../../queue/job-queue.js';

export const HOUSEKEEPING_QUEUE = 'housekeeping-purge';
/** Every ten minutes: often enough that a flood of rate-limit keys never piles up for long. */
export const HOUSEKEEPING_SCHEDULE = '*/10 * * * *';

/**
 * One purge of rows nobody will read again. The owning module writes it (it knows when its rows
 * are dead, and only it talks to its tables); this module only runs them on a schedule.
 */
interface Purge {
  table: string;
  run(em: EntityManager, limits?: PurgeLimits): Promise<number>;
}

const PURGES: readonly Purge[] = [
  { table: 'auth_sessions', run: purgeExpiredSessions },
  { table: 'one_time_tokens', run: purgeExpiredOneTimeTokens },
  { table: 'rate_limit_hits', run: purgeExpiredRateLimitHits },
  { table: 'pubsub_payloads', run: purgePublishedPayloads },
  { table: 'graphql_cost_budgets', run: purgeExpiredCostBudgets },
  { table: 'graphql_cache', run: purgeExpiredGraphQLCache },
  { table: 'webhook_deliveries', run: purgeOldDeliveries },
];

/**
 * Schedules the purge. The queue is `exclusive` (one job queued or running at a time), so
 * however many server processes run, they never purge side by side.
 */
export async function startHousekeeping(deps: { boss: PgBoss; orm: MikroORM; logger: Logger }): Promise<void> {
  const { boss } = deps;
  await createOneAtATimeQueue(boss, HOUSEKEEPING_QUEUE, 'exclusive', { retryLimit: 0 });
  await boss.schedule(HOUSEKEEPING_QUEUE, HOUSEKEEPING_SCHEDULE);
  await boss.work(HOUSEKEEPING_QUEUE, async () => {
    await purgeExpiredRows(deps);
  });
}

/** Runs every purge once (each in bounded batches); answers how many rows left each table. */
export async function purgeExpiredRows(deps: { orm: MikroORM; logger: Logger }, limits?: PurgeLimits): Promise<Record<string, number>> {
  const em = deps.orm.em.fork();
  const deleted: Record<string, number> = {};
  for (const purge of PURGES) deleted[purge.table] = await purge.run(em, limits);
  if (Object.values(deleted).some((count) => count > 0)) deps.logger.info({ deleted }, 'housekeeping: expired rows purged');
  return deleted;
}
