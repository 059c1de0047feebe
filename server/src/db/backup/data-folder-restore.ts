import { existsSync, type Stats } from 'node:fs';
import { mkdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { extract, ReadEntry } from 'tar';
import type { ServerAccount } from '../embedded/postgres-process.js';
import { compactTimestamp } from './backup-files.js';
import { DATA_FOLDER, DATA_FOLDER_PREFIX, MANIFEST_NAME, parseManifest, postgresMajor, type BackupManifest } from './backup-manifest.js';

export interface UnpackedBackup {
  manifest: BackupManifest;
  /** Where the data folder that was replaced now is (null when there was none). */
  replacedFolder: string | null;
}

/**
 * Unpacks a backup written by writeDataFolderBackup into `databaseDir`, owned by `account` (the
 * user the server runs as), with the modes the files had. It is unpacked beside the folder first,
 * so a damaged or refused backup leaves the current data as it was; the current data is then
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
  const unpacked = path.join(staging, DATA_FOLDER);
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true, mode: 0o700 });
  let manifest: BackupManifest;
  try {
    await unpackArchive(options.archive, staging, options.account);
    manifest = await readManifest(path.join(staging, MANIFEST_NAME), options.postgresMajor);
    if (!existsSync(path.join(unpacked, 'PG_VERSION')) || !existsSync(path.join(unpacked, 'backup_label'))) {
      throw new Error('The backup holds no complete PostgreSQL data folder');
    }
  } catch (error) {
    // Retried: after an unreadable stretch of the archive, a file already begun may still be
    // being written while the folder is removed.
    await rm(staging, { recursive: true, force: true, maxRetries: 5 });
    throw error;
  }
  const replacedFolder = existsSync(options.databaseDir) ? `${options.databaseDir}.before-restore-${compactTimestamp(options.now ?? new Date())}` : null;
  if (replacedFolder) await rename(options.databaseDir, replacedFolder);
  await rename(unpacked, options.databaseDir);
  await rm(staging, { recursive: true, force: true });
  return { manifest, replacedFolder };
}

/**
 * Extracts the archive into `staging`: the manifest and the data folder, plain files and folders
 * only. Any problem fails the whole restore, after the archive is read to its end so that nothing
 * is still writing into `staging` when it is removed.
 */
async function unpackArchive(archive: string, staging: string, account: ServerAccount | null): Promise<void> {
  const problems: string[] = [];
  // As root the server runs as the postgres user, who must own its data to start; otherwise the
  // files belong to whoever restores, as the owners recorded in the archive mean nothing here.
  const owner = account ? { uid: account.uid, gid: account.gid } : { preserveOwner: false };
  try {
    await extract({
      file: archive,
      cwd: staging,
      ...owner,
      // Not strict, which would stop at the first problem with files still being written: every
      // problem is noted instead (a failed checksum, an archive cut short, a path with `..` in
      // it, which the library refuses to extract) and entries after the first are skipped.
      onwarn: (code, message, data) => problems.push(describeWarning(code, message, data.path)),
      filter: (entryPath, entry) => {
        if (problems.length > 0) return false;
        const problem = unexpectedEntry(entryPath, entry);
        if (problem) problems.push(problem);
        return problem === null;
      },
    });
  } catch (error) {
    // The library gives up on a stream it cannot read on: gzip that is cut short or fails its
    // checksum (in zlib's words), or bytes that are no tar archive at all.
    if (!(error instanceof Error) || typeof (error as Error & { tarCode?: unknown }).tarCode !== 'string') throw error;
    throw new Error(`${archive} cannot be read to its end: it is cut short, damaged or not a Byline data-folder backup (${error.message})`, { cause: error });
  }
  if (problems.length > 0) throw new Error(`${archive} cannot be restored: ${problems[0]}`);
}

function describeWarning(code: string, message: string, entryPath: unknown): string {
  if (code === 'TAR_ENTRY_INVALID' || code === 'TAR_BAD_ARCHIVE') return `it is damaged, cut short or not a tar archive (${message})`;
  return typeof entryPath === 'string' ? `${message}: ${entryPath}` : message;
}

/** Why the entry has no place in a data-folder backup, or null when it has one. */
function unexpectedEntry(entryPath: string, entry: ReadEntry | Stats): string | null {
  const type = entry instanceof ReadEntry ? entry.type : 'unknown';
  if (entryPath === MANIFEST_NAME && type === 'File') return null;
  if (!entryPath.startsWith(DATA_FOLDER_PREFIX)) return `it holds ${entryPath}, outside its data folder`;
  if (type !== 'File' && type !== 'Directory') return `it holds ${entryPath}, which is neither a file nor a folder (${type})`;
  return null;
}

async function readManifest(file: string, installedMajor: number): Promise<BackupManifest> {
  const text = await readFile(file, 'utf8').catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`Not a Byline data-folder backup: it holds no ${MANIFEST_NAME}`);
    throw error;
  });
  const manifest = parseManifest(text);
  const backupMajor = postgresMajor(manifest.postgresVersionNum);
  if (backupMajor !== installedMajor) {
    throw new Error(
      `This backup holds PostgreSQL ${backupMajor} data and the embedded PostgreSQL here is ${installedMajor}: restore it with the Byline version that made it, then move the data with a logical dump`,
    );
  }
  return manifest;
}
