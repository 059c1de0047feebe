/**
 * The benchmark's database: DATABASE_URL as it is, an embedded PostgreSQL kept in `--keep-data
 * DIR` (seeded on the first run, reused after), or a throw-away one in a temporary folder.
 * Migrated, seeded with the synthetic set when it has no posts (or with --seed), and the search
 * index filled before any server starts, so no background indexing runs while we measure.
 */
import { chmodSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { migrate, type MikroORM } from '../server/src/db/orm.js';
import { openOrm } from '../server/src/registry.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from '../server/src/logger.js';
import { PostgresSearchEngine, indexSearchDocuments } from '../server/src/modules/search/index.js';
import type { SearchDocumentKind } from '../server/src/modules/search/index.js';
import { seedSyntheticData, type SyntheticSeedResult } from '../server/src/seed/synthetic-data.js';
import { freePort } from '../server/src/test-support/free-port.js';
import type { BenchArgs } from './args.js';

export interface BenchDatabase {
  url: string;
  /** Where the data lives, for the report. */
  kind: 'DATABASE_URL' | 'embedded (kept)' | 'embedded (fresh)';
  orm: MikroORM;
  seeded: SyntheticSeedResult | null;
  /** How long draining the search outbox (indexing what the seed wrote) took; null when nothing was queued. */
  indexedMs: number | null;
  indexedDocuments: number;
  close(): Promise<void>;
}

/**
 * The bench's embedded PostgreSQL gets a buffer pool sized for a large set, as a server would be
 * configured (PostgreSQL's 128 MB default is for a laptop): at 1,000,000 posts (5.9 GB on disk)
 * the paths' pages otherwise left the pool between scenarios, and this machine's kernel reclaims
 * page cache nobody touched lately, so a path's first requests read from disk and the creator
 * search's p50 doubled after the applicants table had run. Both sides share the pool.
 */
export const BENCH_POSTGRES_SETTINGS = { shared_buffers: '2GB' } as const;

export async function prepareDatabase(args: BenchArgs, logger: Logger): Promise<BenchDatabase> {
  const stops: Array<() => Promise<void>> = [];
  const close = async () => {
    for (const stop of stops.reverse().splice(0)) await stop();
  };
  try {
    let url = process.env.DATABASE_URL?.trim() || null;
    let kind: BenchDatabase['kind'] = 'DATABASE_URL';
    if (url === null) {
      const keep = args.keepData ? path.resolve(args.keepData) : null;
      const dataDir = keep ?? mkdtempSync(path.join(os.tmpdir(), 'byline-bench-'));
      mkdirSync(dataDir, { recursive: true });
      // As root the embedded PostgreSQL runs as another user, who must be able to enter the folder.
      chmodSync(dataDir, 0o755);
      if (!keep) stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
      console.log(keep ? `Embedded PostgreSQL kept in ${keep}…` : `Fresh embedded PostgreSQL in ${dataDir}…`);
      const embedded = await startEmbeddedPostgres({ dataDir, port: keep ? null : await freePort(), database: 'byline_bench', logger, settings: BENCH_POSTGRES_SETTINGS });
      stops.push(() => embedded.stop());
      url = embedded.url;
      kind = keep ? 'embedded (kept)' : 'embedded (fresh)';
    }
    const orm = await openOrm(url, { logger });
    stops.push(() => orm.close());
    await migrate(orm);

    const em = orm.em.fork();
    const [existing] = await em.execute<Array<{ posts: string }>>('select count(*) as posts from posts');
    let seeded: SyntheticSeedResult | null = null;
    if (args.seed || Number(existing?.posts ?? 0) === 0) {
      console.log(`Seeding ${args.size.toLocaleString('en-US')} synthetic posts…`);
      seeded = await seedSyntheticData(em, { posts: args.size });
      console.log(`  seeded in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
    } else if (args.keepData) {
      console.log(`  reusing ${Number(existing?.posts).toLocaleString('en-US')} posts (--size applies only to the first run in a folder)`);
    }

    const started = performance.now();
    const [queued] = await em.execute<Array<{ n: string }>>('select count(*) as n from search_outbox');
    let indexedMs: number | null = null;
    let indexedDocuments = 0;
    if (Number(queued?.n ?? 0) > 0) {
      console.log(`Indexing ${Number(queued?.n).toLocaleString('en-US')} queued search documents…`);
      indexedDocuments = await indexQueued(em, args.skipPostDocuments);
      await em.execute('analyze search_documents, search_words');
      indexedMs = Math.round(performance.now() - started);
      console.log(`  indexed in ${(indexedMs / 1000).toFixed(1)} s`);
    }
    return { url, kind, orm, seeded, indexedMs, indexedDocuments, close };
  } catch (error) {
    await close();
    throw error;
  }
}

const INDEX_BATCH = 2_000;

/**
 * Drains the search outbox as the queue job does (`indexSearchDocuments`, a batch per
 * transaction), in bigger batches and with people, tags, roles and accounts before posts: the top
 * search reads only those, so on a big set they are ready first. `skipPosts` drops the posts'
 * own documents from the queue instead (`npm run search:reindex` would add them back).
 */
export async function indexQueued(em: EntityManager, skipPosts: boolean): Promise<number> {
  const engine = new PostgresSearchEngine();
  let total = 0;
  if (skipPosts) {
    const skipped = await em.execute<{ affectedRows: number }>(`delete from search_outbox where kind = 'post'`, [], 'run');
    console.log(`  left ${skipped.affectedRows.toLocaleString('en-US')} posts' own documents out of the index (--skip-post-documents)`);
  }
  for (const which of ["kind <> 'post'", "kind = 'post'"]) {
    for (;;) {
      const taken = await em.fork().transactional(async (tx) => {
        const rows = await tx.execute<Array<{ kind: SearchDocumentKind; entity_id: number }>>(
          `delete from search_outbox where (kind, entity_id) in (
             select kind, entity_id from search_outbox where ${which} order by kind, entity_id limit ${INDEX_BATCH} for update
           ) returning kind, entity_id`,
        );
        if (rows.length > 0) await indexSearchDocuments(tx, engine, rows.map((row) => ({ kind: row.kind, entityId: Number(row.entity_id) })));
        return rows.length;
      });
      total += taken;
      if (Math.floor(total / 50_000) !== Math.floor((total - taken) / 50_000)) console.log(`  ${total.toLocaleString('en-US')} indexed…`);
      if (taken < INDEX_BATCH) break;
    }
  }
  return total;
}
