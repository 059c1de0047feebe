/**
 * `npm run restore FILE`: replaces the contents of the database `npm start` uses with a backup made
 * by `npm run backup`. A copy of the embedded database goes back into the embedded one (refused
 * while the app runs on it; the data it replaces is kept aside); a pg_dump archive goes into the
 * database at DATABASE_URL through pg_restore.
 */
import { closeSync, existsSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { restoreEmbeddedDatabase, RestoreRefused } from './embedded-backup.js';
import { restoreWithPgRestore } from './pg-client-tools.js';

const USAGE = 'Usage: npm run restore FILE   (a backup written by npm run backup, in DATA_DIR/backups/)';

class UsageError extends Error {}

type BackupKind = 'data-folder' | 'pg-dump';

/** By its first bytes: a gzip stream (a copy of the embedded data folder), or pg_dump's custom format. */
function backupKind(file: string): BackupKind {
  const head = Buffer.alloc(5);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (head[0] === 0x1f && head[1] === 0x8b) return 'data-folder';
  if (head.toString('latin1') === 'PGDMP') return 'pg-dump';
  throw new Error(`${file} is not a backup written by npm run backup`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args.length !== 1 || args[0] === '--help' || args[0] === '-h') throw new UsageError(args.length === 0 ? 'Name the backup to restore.' : '');
  // npm runs scripts in the project's folder; a relative name means the folder the person typed it in.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), args[0]!);
  if (!existsSync(file)) throw new UsageError(`${file} does not exist`);
  const config = loadConfig();
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const kind = backupKind(file);
  const started = performance.now();

  if (config.databaseUrl !== null) {
    if (kind === 'data-folder') throw new Error('This backup is a copy of the embedded database; unset DATABASE_URL to restore it into the embedded database of DATA_DIR');
    console.log(`Restoring ${file} into the database at DATABASE_URL (${new URL(config.databaseUrl).host}) with pg_restore --clean…`);
    await restoreWithPgRestore(config.databaseUrl, file);
    console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s: its tables now hold what the backup holds.`);
    return;
  }
  if (kind === 'pg-dump') throw new Error('This backup is a pg_dump archive of a DATABASE_URL database: set DATABASE_URL to the database to restore it into');
  console.log(`Restoring ${file} into the embedded PostgreSQL of ${config.dataDir}…`);
  const restore = await restoreEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger, archive: file });
  const counts = Object.entries(restore.counts).map(([table, rows]) => `${table} ${rows.toLocaleString('en-US')}`);
  console.log(`Restored the database as it was at ${restore.manifest.takenAt} into ${restore.databaseDir} (${((performance.now() - started) / 1000).toFixed(1)} s).`);
  if (counts.length > 0) console.log(`Rows: ${counts.join(', ')}.`);
  if (restore.replacedFolder) console.log(`The data it replaced is in ${restore.replacedFolder}; delete that folder once you no longer need it.`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    if (error.message) console.error(error.message);
    console.error(USAGE);
    process.exit(2);
  }
  if (error instanceof ConfigError || error instanceof RestoreRefused) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
