import { existsSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../../logger.js';
import { installedBinaries } from '../embedded/postgres-binaries.js';
import { serverAccount } from '../embedded/postgres-process.js';
import { rememberSuperuserPassword } from '../embedded/superuser-password.js';
import { embeddedDatabaseDir, runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../embedded-postgres.js';
import { backupsFolder, newBackupPath } from './backup-files.js';
import type { BackupManifest } from './backup-manifest.js';
import { writeDataFolderBackup } from './data-folder-backup.js';
import { unpackDataFolderBackup } from './data-folder-restore.js';

export const DATA_FOLDER_BACKUP_EXTENSION = '.tar.gz';

interface EmbeddedOptions {
  /** The checkout's data folder (`DATA_DIR`, `.data` by default). */
  dataDir: string;
  /** `EMBEDDED_PG_PORT`; null lets the server choose as `npm start` does. */
  port: number | null;
  logger: Logger;
}

export interface EmbeddedBackup {
  file: string;
  manifest: BackupManifest;
  /** Whether the server was started for the backup (and stopped after it) rather than found running. */
  startedForBackup: boolean;
}

/**
 * Backs up the embedded database into `dataDir/backups`. Beside a running `npm start` it copies
 * that server's data while it keeps serving (found through its postmaster.pid); otherwise it starts
 * the server for the copy and stops it after, as starting another beside a running one would stop it.
 */
export async function backupEmbeddedDatabase(options: EmbeddedOptions): Promise<EmbeddedBackup> {
  const databaseDir = embeddedDatabaseDir(options.dataDir, options.logger);
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) throw new Error(`There is no embedded database in ${databaseDir} yet: nothing to back up`);
  const runningUrl = runningEmbeddedPostgresUrl(options.dataDir, 'postgres', options.logger);
  const started = runningUrl ? null : await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.port, database: 'byline', logger: options.logger });
  try {
    const file = newBackupPath(backupsFolder(options.dataDir), DATA_FOLDER_BACKUP_EXTENSION);
    const manifest = await writeDataFolderBackup({ adminUrl: runningUrl ?? adminDatabase(started!.url), databaseDir, archive: file });
    return { file, manifest, startedForBackup: started !== null };
  } finally {
    await started?.stop();
  }
}

export interface EmbeddedRestore {
  manifest: BackupManifest;
  databaseDir: string;
  replacedFolder: string | null;
  /** Rows in a few tables of the restored database, to show what came back. */
  counts: Record<string, number>;
}

export class RestoreRefused extends Error {}

/**
 * Replaces the embedded database with the backup in `archive`, then starts the server once, which
 * replays the write-ahead log the backup carries, and stops it. Refused while a server runs on
 * this data: its files cannot be swapped under it.
 */
export async function restoreEmbeddedDatabase(options: EmbeddedOptions & { archive: string }): Promise<EmbeddedRestore> {
  const runningUrl = runningEmbeddedPostgresUrl(options.dataDir, 'byline', options.logger);
  if (runningUrl !== null) {
    throw new RestoreRefused(
      `Byline's embedded PostgreSQL is running on ${options.dataDir} (port ${new URL(runningUrl).port}): stop \`npm start\` (and any other command using this data folder), then run the restore again.`,
    );
  }
  const databaseDir = embeddedDatabaseDir(options.dataDir, options.logger);
  const installedMajor = Number(installedBinaries().version.split('.')[0]);
  const unpacked = await unpackDataFolderBackup({ archive: options.archive, databaseDir, account: serverAccount(), postgresMajor: installedMajor });
  // The restored cluster answers to the password of the checkout that took the backup.
  if (unpacked.manifest.superuserPassword) rememberSuperuserPassword(options.dataDir, unpacked.manifest.superuserPassword);
  const server = await startEmbeddedPostgres({ dataDir: options.dataDir, port: options.port, database: 'byline', logger: options.logger }).catch((error: unknown) => {
    const kept = unpacked.replacedFolder ? ` The data it replaced is in ${unpacked.replacedFolder}.` : '';
    throw new Error(`The backup was unpacked into ${databaseDir} but PostgreSQL could not start on it: ${String(error)}.${kept}`, { cause: error });
  });
  try {
    return { ...unpacked, databaseDir, counts: await headlineCounts(server.url) };
  } finally {
    await server.stop();
  }
}

const HEADLINE_TABLES = ['users', 'posts', 'credits', 'post_thumbnails', 'user_avatars'];

async function headlineCounts(url: string): Promise<Record<string, number>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts: Record<string, number> = {};
    for (const table of HEADLINE_TABLES) {
      const exists = await client.query<{ found: boolean }>('select to_regclass($1) is not null as found', [`public.${table}`]);
      if (!exists.rows[0]!.found) continue;
      const result = await client.query<{ rows: number }>(`select count(*)::int as rows from public.${table}`);
      counts[table] = result.rows[0]!.rows;
    }
    return counts;
  } finally {
    await client.end();
  }
}

/** The same server's `postgres` database, which every cluster has (the backup is of the whole cluster). */
function adminDatabase(url: string): string {
  const parsed = new URL(url);
  parsed.pathname = '/postgres';
  return parsed.toString();
}
