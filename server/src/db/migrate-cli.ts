/** `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database. */
import 'reflect-metadata';
import { loadConfig } from '../config.js';
import { createLogger } from '../logger.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from './embedded-postgres.js';
import { migrate } from './orm.js';
import { openOrm } from '../registry.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
// Beside a running `npm start`, use its database rather than starting (and so stopping) another.
const runningUrl = config.databaseUrl ?? runningEmbeddedPostgresUrl(config.dataDir, 'byline', logger);
const embedded = runningUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'byline', logger });
try {
  const orm = await openOrm(runningUrl ?? embedded!.url, { logger });
  const applied = await migrate(orm);
  await orm.close();
  console.log(applied.length > 0 ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await embedded?.stop();
}
