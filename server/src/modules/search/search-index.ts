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

export interface DrainOptions {
  /** Wait for rows another drain holds (flush, reindex) instead of skipping them. */
  waitForOthers?: boolean;
  /** Outbox rows per transaction (DRAIN_BATCH_SIZE unless a reindex asks more). */
  batchSize?: number;
  /** Called after each batch has committed, with how many rows it took. */
  afterBatch?: (taken: number) => Promise<void> | void;
}

/**
 * Drains the outbox the triggers fill (see the migration), a batch per transaction: the rows
 * are deleted in the same transaction that writes their documents, so a failed write (a
 * Meilisearch hiccup) leaves them to the next try. Rows locked by another drain are skipped,
 * unless `waitForOthers` (flush, reindex), which waits for that drain to commit first.
 */
export async function drainSearchOutbox(em: EntityManager, engine: SearchEngine, options: DrainOptions = {}): Promise<number> {
  const lock = options.waitForOthers ? 'for update' : 'for update skip locked';
  const batchSize = options.batchSize ?? DRAIN_BATCH_SIZE;
  let total = 0;
  for (;;) {
    const taken = await em.fork().transactional(async (tx) => {
      const rows = await tx.execute<Array<{ kind: SearchDocumentKind; entity_id: number }>>(
        `delete from search_outbox where (kind, entity_id) in (
           select kind, entity_id from search_outbox order by queued_at, kind, entity_id limit ? ${lock}
         ) returning kind, entity_id`,
        [batchSize],
      );
      if (rows.length === 0) return 0;
      await indexSearchDocuments(tx, engine, rows.map((row) => ({ kind: row.kind, entityId: Number(row.entity_id) })));
      return rows.length;
    });
    total += taken;
    if (taken > 0) await options.afterBatch?.(taken);
    if (taken < batchSize) break;
  }
  // Rows another drain took are written in its own transaction, which may still be running when
  // the outbox looks empty here. SHARE mode waits for every transaction that deleted from the
  // outbox to commit, so a flush or reindex returns with the index whole (the background drain
  // could otherwise still hold a row the caller is about to search for).
  if (options.waitForOthers) await em.fork().transactional((tx) => tx.execute('lock table search_outbox in share mode'));
  return total;
}

/**
 * Outbox rows a reindex takes per transaction: the drain's batch costs a fixed part (finding the
 * oldest rows, one statement per kind) that a million-document rebuild would pay thousands of
 * times at DRAIN_BATCH_SIZE; this many still commit within a second or two.
 */
export const REINDEX_BATCH_SIZE = 2_500;
/** Ids per statement when a reindex queues a table: each statement commits on its own. */
const REINDEX_QUEUE_RANGE = 100_000;
/** Drains running side by side during a reindex (the outbox's `skip locked` keeps them apart). */
const REINDEX_WORKERS = 2;

/**
 * What a reindex queues, in the order it is drained (oldest first): people, roles, tags and
 * accounts before posts, as the top and creator searches read those; each source table's ids,
 * and the documents whose source row is gone (the drain removes them).
 */
const REINDEX_SOURCES: ReadonlyArray<{ kind: SearchDocumentKind; table: string }> = [
  { kind: 'user', table: 'users' },
  { kind: 'role', table: 'credit_roles' },
  { kind: 'tag', table: 'tags' },
  { kind: 'account', table: 'social_accounts' },
  { kind: 'post', table: 'posts' },
];

export interface ReindexOptions {
  batchSize?: number;
  /** Called after each batch has committed (tests search in between). */
  afterBatch?: DrainOptions['afterBatch'];
}

/**
 * Rebuilds the index from the source tables (`npm run search:reindex`) without emptying it:
 * everything searchable is queued in the search outbox and drained, each document rewritten in
 * place, so searches keep answering from the documents already there while it runs and no
 * transaction is long (each queueing statement, each batch commits on its own). It goes through
 * the outbox like any change, so a change made meanwhile is never overwritten by an older copy.
 */
export async function reindexSearch(em: EntityManager, engine: SearchEngine, options: ReindexOptions = {}): Promise<number> {
  for (const { kind, table } of REINDEX_SOURCES) {
    const [bounds] = await em.fork().execute<Array<{ low: number | null; high: number | null }>>(`select min(id)::int as low, max(id)::int as high from "${table}"`);
    for (let low = bounds?.low ?? 1; bounds?.high != null && low <= bounds.high; low += REINDEX_QUEUE_RANGE) {
      await em.fork().execute(
        `insert into search_outbox (kind, entity_id) select ?, id from "${table}" where id >= ? and id < ? order by id on conflict do nothing`,
        [kind, low, low + REINDEX_QUEUE_RANGE],
      );
    }
    await em.fork().execute(
      `insert into search_outbox (kind, entity_id)
       select d.kind, d.entity_id from search_documents d where d.kind = ? and not exists (select 1 from "${table}" s where s.id = d.entity_id)
       on conflict do nothing`,
      [kind],
    );
  }
  const drain = { batchSize: options.batchSize ?? REINDEX_BATCH_SIZE, afterBatch: options.afterBatch };
  const counts = await Promise.all(Array.from({ length: REINDEX_WORKERS }, () => drainSearchOutbox(em, engine, drain)));
  // Whatever a worker skipped as locked, and the wait for every drain to have committed.
  const rest = await drainSearchOutbox(em, engine, { ...drain, waitForOthers: true });
  // The planner's statistics describe the rewritten index.
  await em.fork().execute('analyze search_documents, search_words, creator_stats');
  return counts.reduce((sum, count) => sum + count, rest);
}
