import type { EntityManager } from '@mikro-orm/postgresql';
import { drainSearchOutbox } from './search-index.js';
import { searchEngineFor } from './search.module.js';

/**
 * Indexes every change queued so far with the server's own engine, waiting for a drain that
 * another process (the test server's worker) holds: after it, the index and stored totals are
 * those of every committed change. `em` must belong to a started server's ORM.
 */
export async function indexEverything(em: EntityManager): Promise<void> {
  await drainSearchOutbox(em.fork(), searchEngineFor(em), { waitForOthers: true });
}
