/** `npm run images:hash`: computes Visual Match's hashes for stored post pictures that have none. */
import 'reflect-metadata';
import { loadConfig } from '../../config.js';
import { commandDatabase } from '../../db/command-database.js';
import { migrate } from '../../db/orm.js';
import { openOrm } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { backfillImageHashes } from './hash-backfill.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await commandDatabase(config, logger);
try {
  const orm = await openOrm(database.url, { logger });
  await migrate(orm);
  const hashed = await backfillImageHashes(orm.em.fork(), (count) => console.log(`Hashed ${count} pictures…`));
  await orm.close();
  console.log(`Done: ${hashed} post pictures hashed.`);
} finally {
  await database.release();
}
