import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches, type PurgeLimits } from '../db/batched-delete.js';

/**
 * Stored events are read back by every listening process within moments of their commit; an hour
 * covers a process stalled by a long pause. Later readers (a listener that reconnected) missed the
 * notification anyway, just as they miss small events.
 */
export function purgePublishedPayloads(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from pubsub_payloads where id in (
       select id from pubsub_payloads where created_at < now() - interval '1 hour' limit ? for update skip locked)`,
    limits,
  );
}
