import type { EntityManager } from '@mikro-orm/postgresql';
import { refreshCreatorStats } from './creators/creator-stats.js';
import { buildSearchDocuments } from './engine/search-documents.js';
import type { SearchDocumentKey, SearchDocumentKind, SearchEngine } from './engine/search-engine.js';

/** Outbox rows taken per transaction: small enough to keep each transaction short. */
export const DRAIN_BATCH_SIZE = 500;

/**
 * Brings the index up to date for these things: writes their documents or removes them, and the
 * people's totals the creator search ranks by (kept in PostgreSQL whichever engine serves the box).
 */
export async function indexSearchDocuments(tx: EntityManager, engine: SearchEngine, keys: readonly SearchDocumentKey[]): Promise<void> {
  const { documents, removed } = await buildSearchDocuments(tx, keys);
  await engine.upsert(tx, documents);
  await engine.remove(tx, removed);
  await refreshCreatorStats(tx, keys.filter((key) => key.kind === 'user').map((key) => key.entityId));
}

/**
 * Drains the outbox the triggers fill (see the migration), a batch per transaction: the rows
 * are deleted in the same transaction that writes their documents, so a failed write (a
 * Meilisearch hiccup) leaves them to the next try. Rows locked by another drain are skipped,
 * unless `waitForOthers` (flush, reindex), which waits for that drain to commit first.
 */
export async function drainSearchOutbox(em: EntityManager, engine: SearchEngine, options: { waitForOthers?: boolean } = {}): Promise<number> {
  const lock = options.waitForOthers ? 'for update' : 'for update skip locked';
  let total = 0;
  for (;;) {
    const taken = await em.fork().transactional(async (tx) => {
      const rows = await tx.execute<Array<{ kind: SearchDocumentKind; entity_id: number }>>(
        `delete from search_outbox where (kind, entity_id) in (
           select kind, entity_id from search_outbox order by queued_at, kind, entity_id limit ? ${lock}
         ) returning kind, entity_id`,
        [DRAIN_BATCH_SIZE],
      );
      if (rows.length === 0) return 0;
      await indexSearchDocuments(tx, engine, rows.map((row) => ({ kind: row.kind, entityId: Number(row.entity_id) })));
      return rows.length;
    });
    total += taken;
    if (taken < DRAIN_BATCH_SIZE) break;
  }
  // Rows another drain took are written in its own transaction, which may still be running when
  // the outbox looks empty here. SHARE mode waits for every transaction that deleted from the
  // outbox to commit, so a flush or reindex returns with the index whole (the background drain
  // could otherwise still hold a row the caller is about to search for).
  if (options.waitForOthers) await em.fork().transactional((tx) => tx.execute('lock table search_outbox in share mode'));
  return total;
}

/**
 * Rebuilds the index from the source tables (`npm run search:reindex`): empties it, queues
 * everything searchable and drains. Searches during the rebuild see a partial index.
 */
export async function reindexSearch(em: EntityManager, engine: SearchEngine): Promise<number> {
  await em.fork().transactional(async (tx) => {
    await engine.clear(tx);
    await tx.execute(`insert into search_outbox (kind, entity_id)
      select 'user', id from users union all select 'account', id from social_accounts
      union all select 'tag', id from tags union all select 'role', id from credit_roles
      union all select 'post', id from posts
      on conflict do nothing`);
  });
  return drainSearchOutbox(em, engine, { waitForOthers: true });
}
