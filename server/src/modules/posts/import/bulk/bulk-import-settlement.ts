import type { EntityManager } from '@mikro-orm/postgresql';
import type { NetworkId } from '../../../../../../domain/networks.js';
import { notifyStatement } from '../../../../pubsub/postgres-pubsub.js';
import type { ImportOutcome } from '../tracking/post-import.outcome.js';

/** Per person: a subscription takes no arguments (the fuzz test cannot reach WebSocket ones), so it follows all of theirs. */
export function bulkImportTopic(userId: number): string {
  return `bulk-imports:${userId}`;
}

export interface BulkImportChange {
  bulkImportId: number;
}

/**
 * Records how a post's import ended on every bulk import still waiting for it, and tells each
 * one's owner, inside the import's own transaction. Whichever process ran the import does it, so
 * a bulk import keeps settling and announcing its progress when the process that took it dies
 * (docs/architecture.md: nothing another process needs is kept in memory).
 */
export async function settleBulkImportLinks(tx: EntityManager, identity: { networkId: NetworkId; externalId: string }, outcome: ImportOutcome): Promise<void> {
  const settled = await tx.execute<Array<{ bulk_import_id: number; user_id: number }>>(
    `with settled as (
       update bulk_import_items i set outcome = ?, message = ?, post_id = ?, updated_at = now()
         from bulk_imports b
        where b.id = i.bulk_import_id and i.network_id = ? and i.external_id = ? and i.outcome = 'queued'
       returning i.bulk_import_id, b.user_id
     )
     select distinct bulk_import_id, user_id from settled order by bulk_import_id`,
    [
      outcome.status,
      outcome.status === 'failed' ? outcome.message : null,
      outcome.status === 'imported' ? outcome.postId : null,
      identity.networkId,
      identity.externalId,
    ],
  );
  for (const row of settled) {
    const { sql, params } = notifyStatement(bulkImportTopic(row.user_id), { bulkImportId: row.bulk_import_id } satisfies BulkImportChange);
    await tx.execute(sql, params);
  }
}
