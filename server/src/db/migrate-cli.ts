/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import 'reflect-metadata';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { startEmbeddedPostgres } from './embedded-postgres.js';
import { migrate, openOrm } from './orm.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
const embedded = config.databaseUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'byline', logger });
try {
  const orm = await openOrm(config.databaseUrl ?? embedded!.url, { logger });
  const applied = await migrate(orm);
  await orm.close();
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await embedded?.stop();
}
