import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { chown, mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import type { ServerAccount } from '../embedded/postgres-process.js';
import { compactTimestamp } from './backup-files.js';
import { DATA_FOLDER_PREFIX, MANIFEST_NAME, parseManifest, postgresMajor, type BackupManifest } from './backup-manifest.js';
import { readTar, type ReadEntry } from './tar-archive.js';

export interface UnpackedBackup {
  manifest: BackupManifest;
  /** Where the data folder that was replaced now is (null when there was none). */
  replacedFolder: string | null;
}

/**
 * Unpacks a backup written by writeDataFolderBackup into `databaseDir`, owned by `account` (the
 * user the server runs as) with the modes PostgreSQL insists on. It is unpacked beside the folder
 * first, so a damaged or refused backup leaves the current data as it was; the current data is then
 * moved aside, not deleted, since a restore picked by mistake must be undoable.
 * The server must not be running on `databaseDir`. Starting it afterwards replays the backup's WAL.
 */
export async function unpackDataFolderBackup(options: {
  archive: string;
  databaseDir: string;
  account: ServerAccount | null;
  postgresMajor: number;
  now?: Date;
}): Promise<UnpackedBackup> {
  const staging = `${options.databaseDir}.restoring-${process.pid}`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(path.dirname(options.databaseDir), { recursive: true });
  const found: { manifest: BackupManifest | null } = { manifest: null };
  try {
    await pipeline(createReadStream(options.archive), createGunzip(), async (source: AsyncIterable<Buffer>) => {
      for await (const entry of readTar(source)) {
        if (found.manifest === null) {
          found.manifest = await readManifestEntry(entry, options.postgresMajor);
          continue;
        }
        await unpackEntry(entry, staging, options.account);
      }
    });
    if (found.manifest === null) throw new Error('The backup is empty');
    if (!existsSync(path.join(staging, 'PG_VERSION')) || !existsSync(path.join(staging, 'backup_label'))) {
      throw new Error('The backup holds no complete PostgreSQL data folder');
    }
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error instanceof Error && /incorrect header check|unexpected end of file/.test(error.message)
      ? new Error(`${options.archive} is not a Byline data-folder backup (not gzip, or cut short)`, { cause: error })
      : error;
  }
  const replacedFolder = existsSync(options.databaseDir) ? `${options.databaseDir}.before-restore-${compactTimestamp(options.now ?? new Date())}` : null;
  if (replacedFolder) await rename(options.databaseDir, replacedFolder);
  await rename(staging, options.databaseDir);
  return { manifest: found.manifest, replacedFolder };
}

async function readManifestEntry(entry: ReadEntry, installedMajor: number): Promise<BackupManifest> {
  if (entry.kind !== 'file' || entry.name !== MANIFEST_NAME) throw new Error(`Not a Byline data-folder backup: it does not start with ${MANIFEST_NAME}`);
  const parts: Buffer[] = [];
  for await (const part of entry.content) parts.push(part);
  const manifest = parseManifest(Buffer.concat(parts).toString('utf8'));
  const backupMajor = postgresMajor(manifest.postgresVersionNum);
  if (backupMajor !== installedMajor) {
    throw new Error(
      `This backup holds PostgreSQL ${backupMajor} data and the embedded PostgreSQL here is ${installedMajor}: restore it with the Byline version that made it, then move the data with a logical dump`,
    );
  }
  return manifest;
}

async function unpackEntry(entry: ReadEntry, staging: string, account: ServerAccount | null): Promise<void> {
  if (!`${entry.name}/`.startsWith(DATA_FOLDER_PREFIX)) throw new Error(`The backup holds ${entry.name}, outside its data folder`);
  const target = path.join(staging, entry.name.slice(DATA_FOLDER_PREFIX.length));
  if (entry.kind === 'directory') await mkdir(target, { recursive: true, mode: 0o700 });
  else await pipeline(entry.content, createWriteStream(target, { mode: 0o600 }));
  // As root the server runs as the postgres user, who must own its data to start.
  if (account) await chown(target, account.uid, account.gid);
}
