import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches, type PurgeLimits } from '../../db/batched-delete.js';

/** How long the delivery log keeps an attempt: enough to debug an integration, not forever. */
export const DELIVERY_LOG_DAYS = 30;

export function purgeOldDeliveries(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from webhook_deliveries where id in (
       select id from webhook_deliveries where created_at < now() - interval '${DELIVERY_LOG_DAYS} days' limit ? for update skip locked)`,
    limits,
  );
}
