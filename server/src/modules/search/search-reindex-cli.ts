/**
 * `npm run search:reindex` rebuilds the search index (the `search_documents` table, or
 * Meilisearch when MEILI_HOST is set) from the source tables of the database `npm start` uses.
 */
import 'reflect-metadata';
import { ConfigError, loadConfig } from '../../config.js';
import { commandDatabase } from '../../db/command-database.js';
import { migrate } from '../../db/orm.js';
import { openOrm } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { reindexSearch } from './search-index.js';
import { createSearchEngine } from './search.module.js';

async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const started = performance.now();
  const database = await commandDatabase(config, logger);
  try {
    const orm = await openOrm(database.url, { logger });
    try {
      await migrate(orm);
      const engine = createSearchEngine(config);
      console.log(`Rebuilding the search index (${engine.name})…`);
      const count = await reindexSearch(orm.em.fork(), engine);
      console.log(`Indexed ${count.toLocaleString('en-US')} things in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
    } finally {
      await orm.close();
    }
  } finally {
    await database.release();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
