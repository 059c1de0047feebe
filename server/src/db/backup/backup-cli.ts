/**
 * `npm run backup`: a backup of the database `npm start` uses, in `DATA_DIR/backups/`. The embedded
 * database is copied whole (data-folder-backup.ts), whether or not the app is running; with
 * DATABASE_URL, that database is dumped with the server's own pg_dump (pg-client-tools.ts).
 * Pictures are rows of the database, so they come along either way.
 */
import { statSync } from 'node:fs';
import { ConfigError, loadConfig } from '../../config.js';
import { createLogger } from '../../logger.js';
import { backupsFolder, newBackupPath } from './backup-files.js';
import { backupEmbeddedDatabase } from './embedded-backup.js';
import { dumpWithPgDump, PG_DUMP_EXTENSION } from './pg-client-tools.js';

async function main(): Promise<void> {
  const config = loadConfig();
  // The command prints its own summary; the server's info lines would only bury it.
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const started = performance.now();
  let file: string;
  if (config.databaseUrl !== null) {
    console.log(`Dumping the database at DATABASE_URL (${new URL(config.databaseUrl).host}) with pg_dump…`);
    file = newBackupPath(backupsFolder(config.dataDir), PG_DUMP_EXTENSION);
    await dumpWithPgDump(config.databaseUrl, file);
  } else {
    console.log(`Backing up the embedded PostgreSQL of ${config.dataDir}…`);
    const backup = await backupEmbeddedDatabase({ dataDir: config.dataDir, port: config.embeddedPostgresPort, logger });
    console.log(backup.startedForBackup ? 'It was not running: started it for the backup and stopped it again.' : 'Copied from the server the running app uses; it kept serving.');
    file = backup.file;
  }
  const megabytes = (statSync(file).size / 1024 / 1024).toFixed(1);
  console.log(`Backup written to ${file} (${megabytes} MB, ${((performance.now() - started) / 1000).toFixed(1)} s).`);
  console.log(`Restore it with: npm run restore ${file}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
