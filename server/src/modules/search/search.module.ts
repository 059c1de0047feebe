import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { PostgresPubSub } from '../../pubsub/postgres-pubsub.js';
import { createOneAtATimeQueue, type JobQueue } from '../../queue/job-queue.js';
import { MeilisearchEngine } from './engine/meilisearch.engine.js';
import { PostgresSearchEngine } from './engine/postgres-search.engine.js';
import type { SearchEngine } from './engine/search-engine.js';
import { drainSearchOutbox } from './search-index.js';

export const SEARCH_INDEX_QUEUE = 'search-index';
/** The topic the outbox triggers NOTIFY on commit (see the migration). */
export const SEARCH_OUTBOX_TOPIC = 'search-outbox';

/** Meilisearch when MEILI_HOST is set, else the PostgreSQL engine. */
export function createSearchEngine(config: Pick<AppConfig, 'meiliHost' | 'meiliApiKey'>): SearchEngine {
  return config.meiliHost ? new MeilisearchEngine(config.meiliHost, config.meiliApiKey) : new PostgresSearchEngine();
}

/** Each ORM's engine (one per server, however many run in a process), for the resolvers. */
const engines = new WeakMap<object, SearchEngine>();

export function searchEngineFor(em: EntityManager): SearchEngine {
  const engine = engines.get(em.config);
  if (!engine) throw new Error('search was used before the search module was started');
  return engine;
}

/**
 * The drain job: woken by the outbox's NOTIFY (any process's commit) and, as a safety net for
 * a missed notification, every minute. The queue is "stately": while one drain waits, more
 * wake-ups add nothing, so a burst of writes costs one drain.
 */
export async function startSearchModule(deps: { orm: MikroORM; queue: JobQueue; pubsub: PostgresPubSub; config: AppConfig; logger: Logger }): Promise<() => Promise<void>> {
  const engine = createSearchEngine(deps.config);
  engines.set(deps.orm.config, engine);
  const boss = deps.queue.boss;
  await createOneAtATimeQueue(boss, SEARCH_INDEX_QUEUE, 'stately', { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300 });
  await boss.schedule(SEARCH_INDEX_QUEUE, '* * * * *');
  await boss.work(SEARCH_INDEX_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5 }, async () => {
    await drainSearchOutbox(deps.orm.em.fork(), engine);
  });
  const wakeUps = deps.pubsub.subscribe<null>(SEARCH_OUTBOX_TOPIC);
  let stopping = false;
  const wakeUpLoop = (async () => {
    for await (const _ of wakeUps) {
      // Wake-ups still buffered when the module stops are dropped: the job queue closes next.
      if (stopping) break;
      await boss.send(SEARCH_INDEX_QUEUE, {}).catch((error: unknown) => deps.logger.warn({ err: error }, 'search: could not queue an index drain'));
    }
  })();
  // Anything written while no server ran is drained at start.
  await boss.send(SEARCH_INDEX_QUEUE, {});
  return async () => {
    // The loop's last send finishes before the job queue (stopped after this module) closes.
    stopping = true;
    await wakeUps.return?.();
    await wakeUpLoop;
  };
}

/**
 * For /status (docs/product.md §Status): one small search through the engine in use, which
 * answers only when the engine (PostgreSQL or Meilisearch) does. Resolves with the engine's name.
 */
export async function checkSearchEngine(em: EntityManager): Promise<SearchEngine['name']> {
  const engine = searchEngineFor(em);
  await engine.search(em, { text: 'status', kinds: ['user'], limitPerKind: 1 });
  return engine.name;
}
