/** `npm run images:hash`: computes Visual Match's hashes for stored post pictures that have none. */
import 'reflect-metadata';
import { loadConfig } from '../../config.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../../db/embedded-postgres.js';
import { migrate } from '../../db/orm.js';
import { openOrm } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { backfillImageHashes } from './hash-backfill.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);
// Beside a running `npm start`, use its database rather than starting (and so stopping) another.
const runningUrl = config.databaseUrl ?? runningEmbeddedPostgresUrl(config.dataDir, 'byline', logger);
const embedded = runningUrl
  ? null
  : await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'byline', logger });
try {
  const orm = await openOrm(runningUrl ?? embedded!.url, { logger });
  await migrate(orm);
  const hashed = await backfillImageHashes(orm.em.fork(), (count) => console.log(`Hashed ${count} pictures…`));
  await orm.close();
  console.log(`Done: ${hashed} post pictures hashed.`);
} finally {
  await embedded?.stop();
}
