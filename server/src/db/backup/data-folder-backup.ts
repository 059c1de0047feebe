import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import pg from 'pg';
import { DATA_FOLDER_PREFIX, MANIFEST_FORMAT, MANIFEST_NAME, type BackupManifest } from './backup-manifest.js';
import { tarStream, type TarEntry } from './tar-archive.js';

// The embedded package ships the server but not pg_dump or pg_restore, so a backup of the embedded
// database is a copy of its data folder made while the server runs: PostgreSQL's own online backup
// (pg_backup_start / pg_backup_stop, the steps pg_basebackup takes) plus the write-ahead log from
// its start to its stop. Started on such a copy, PostgreSQL replays that log and reaches the state
// of the moment the backup stopped: consistent across every table, pictures included (they are
// rows). See docs/architecture.md.

/** Folders whose contents PostgreSQL rebuilds at start (pg_basebackup leaves them out too). */
const FOLDERS_LEFT_EMPTY = new Set(['pg_dynshmem', 'pg_notify', 'pg_replslot', 'pg_serial', 'pg_snapshots', 'pg_stat_tmp', 'pg_subtrans', 'pg_wal']);
/** Files of the running server, or of an earlier backup, that must not come back with a restore. */
const FILES_LEFT_OUT = new Set(['postmaster.pid', 'postmaster.opts', 'backup_label', 'tablespace_map', 'backup_manifest', 'current_logfiles', 'postgresql.auto.conf.tmp']);
const WAL_SEGMENT = /^[0-9A-F]{24}$/;

/**
 * Writes a backup of the running cluster whose data folder is `databaseDir` to `archive`
 * (a gzipped tar, mode 0600), connecting as a superuser through `adminUrl`. Returns its manifest.
 * The file appears only once complete.
 */
export async function writeDataFolderBackup(options: { adminUrl: string; databaseDir: string; archive: string }): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: options.adminUrl });
  await client.connect();
  const partial = `${options.archive}.partial`;
  try {
    const version = await client.query<{ server_version_num: string }>('show server_version_num');
    const manifest: BackupManifest = { format: MANIFEST_FORMAT, postgresVersionNum: Number(version.rows[0]!.server_version_num), takenAt: new Date().toISOString() };
    // A temporary slot keeps every WAL segment from here on until this session ends, so a
    // checkpoint during a long copy cannot recycle a segment the restore will need.
    await client.query(`select pg_create_physical_replication_slot($1, true, true)`, [`byline_backup_${process.pid}`]);
    await client.query(`select pg_backup_start($1, true)`, [`byline backup ${manifest.takenAt}`]);
    const entries = backupEntries(client, options.databaseDir, manifest);
    await pipeline(tarStream(entries), createGzip({ level: 1 }), createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, options.archive);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    // Ending the session also ends a backup left running and drops the slot.
    await client.end();
  }
}

async function* backupEntries(client: pg.Client, databaseDir: string, manifest: BackupManifest): AsyncGenerator<TarEntry> {
  yield bufferEntry(MANIFEST_NAME, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  yield* folderEntries(databaseDir, '');
  const stop = await client.query<{ labelfile: string; spcmapfile: string; stop_segment: string }>(
    'select labelfile, spcmapfile, pg_walfile_name(lsn) as stop_segment from pg_backup_stop(true)',
  );
  const { labelfile, spcmapfile, stop_segment: stopSegment } = stop.rows[0]!;
  yield bufferEntry(`${DATA_FOLDER_PREFIX}backup_label`, Buffer.from(labelfile));
  if (spcmapfile) yield bufferEntry(`${DATA_FOLDER_PREFIX}tablespace_map`, Buffer.from(spcmapfile));
  yield* walEntries(databaseDir, startSegment(labelfile), stopSegment);
}

/** Everything under `folder` but what PostgreSQL rebuilds; files dropped during the copy are skipped. */
async function* folderEntries(databaseDir: string, relative: string): AsyncGenerator<TarEntry> {
  yield { kind: 'directory', name: `${DATA_FOLDER_PREFIX}${relative}` };
  const children = await readdir(path.join(databaseDir, relative), { withFileTypes: true }).catch(ignoreMissing);
  for (const child of (children ?? []).sort((a, b) => a.name.localeCompare(b.name))) {
    const childRelative = relative ? `${relative}/${child.name}` : child.name;
    if (child.isDirectory()) {
      if (relative === '' && FOLDERS_LEFT_EMPTY.has(child.name)) yield* emptyFolders(databaseDir, childRelative);
      else if (!child.name.startsWith('pgsql_tmp')) yield* folderEntries(databaseDir, childRelative);
    } else if (child.isFile()) {
      if (FILES_LEFT_OUT.has(childRelative) || child.name.startsWith('pg_internal.init') || child.name.startsWith('pgsql_tmp')) continue;
      const entry = await fileEntry(path.join(databaseDir, childRelative), `${DATA_FOLDER_PREFIX}${childRelative}`);
      if (entry) yield entry;
    } else {
      // Symbolic links: a tablespace or a pg_wal elsewhere, which the embedded server never makes.
      throw new Error(`${path.join(databaseDir, childRelative)} is neither a file nor a folder; this backup copies plain data folders only`);
    }
  }
}

/**
 * The folder alone, and for pg_wal its sub-folders (archive_status, summaries), which the server
 * expects to find. Never pg_replslot's: a slot's folder without its state stops the server.
 */
async function* emptyFolders(databaseDir: string, relative: string): AsyncGenerator<TarEntry> {
  yield { kind: 'directory', name: `${DATA_FOLDER_PREFIX}${relative}` };
  if (relative !== 'pg_wal') return;
  const children = await readdir(path.join(databaseDir, relative), { withFileTypes: true }).catch(ignoreMissing);
  for (const child of children ?? []) if (child.isDirectory()) yield* emptyFolders(databaseDir, `${relative}/${child.name}`);
}

/** The WAL segments from the backup's start to its stop, and the timeline histories. */
async function* walEntries(databaseDir: string, first: string, last: string): AsyncGenerator<TarEntry> {
  const walDir = path.join(databaseDir, 'pg_wal');
  const names = (await readdir(walDir)).sort();
  const segments = names.filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last);
  if (segments[0] !== first || segments.at(-1) !== last) throw new Error(`WAL segments ${first} to ${last} are not all in ${walDir}; the backup cannot be completed`);
  for (const name of [...names.filter((name) => name.endsWith('.history')), ...segments]) {
    const entry = await fileEntry(path.join(walDir, name), `${DATA_FOLDER_PREFIX}pg_wal/${name}`);
    if (!entry) throw new Error(`${path.join(walDir, name)} disappeared during the backup`);
    yield entry;
  }
}

/** The segment the backup starts in, as PostgreSQL wrote it in backup_label. */
function startSegment(labelfile: string): string {
  const match = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile);
  if (!match) throw new Error(`PostgreSQL's backup label names no start segment: ${labelfile}`);
  return match[1]!;
}

/** The file at its size now; one removed meanwhile (a table dropped during the copy) gives null. */
async function fileEntry(file: string, name: string): Promise<TarEntry | null> {
  const stats = await stat(file).catch(ignoreMissing);
  if (!stats) return null;
  return { kind: 'file', name, size: stats.size, content: () => readFileOrNothing(file) };
}

async function* readFileOrNothing(file: string): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of createReadStream(file, { highWaterMark: 1 << 20 })) yield chunk as Buffer;
  } catch (error) {
    // Removed between stat and read: the WAL replay recreates or drops it, as pg_basebackup relies on.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function bufferEntry(name: string, bytes: Buffer): TarEntry {
  return {
    kind: 'file',
    name,
    size: bytes.length,
    content: async function* () {
      yield bytes;
    },
  };
}

function ignoreMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}
