/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import 'reflect-metadata';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { commandDatabase } from './command-database.js';
import { migrate } from './orm.js';
import { openOrm } from '../registry.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const database = await commandDatabase(config, logger);
try {
  const orm = await openOrm(database.url, { logger });
  const applied = await migrate(orm);
  await orm.close();
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await database.release();
}
