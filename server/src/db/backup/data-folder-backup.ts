import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import { create } from 'tar';
import { DATA_FOLDER, MANIFEST_FORMAT, MANIFEST_NAME, type BackupManifest } from './backup-manifest.js';

// The embedded package ships the server but not pg_dump or pg_restore, so a backup of the embedded
// database is a copy of its data folder made while the server runs: PostgreSQL's own online backup
// (pg_backup_start / pg_backup_stop, the steps pg_basebackup takes) plus the write-ahead log from
// its start to its stop. Started on such a copy, PostgreSQL replays that log and reaches the state
// of the moment the backup stopped: consistent across every table, pictures included (they are
// rows). See docs/architecture.md.
//
// The files are copied into a private folder beside the archive first, and the archive is packed
// from that copy. The server keeps writing its files during the copy (a table grows, VACUUM
// truncates one, a dropped table's file goes): a torn or resized copy is fine, as WAL replay mends
// it, but the tar library stops with an error on a file that shrinks while it is packed. Packing a
// copy that nothing writes keeps the archive well-formed, at the price of room for one uncompressed copy
// for a while (none where the file system can share blocks between a file and its copy).

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
  const copy = `${options.archive}.copy`;
  try {
    const version = await client.query<{ server_version_num: string }>('show server_version_num');
    const password = decodeURIComponent(new URL(options.adminUrl).password);
    const manifest: BackupManifest = {
      format: MANIFEST_FORMAT,
      postgresVersionNum: Number(version.rows[0]!.server_version_num),
      takenAt: new Date().toISOString(),
      ...(password ? { superuserPassword: password } : {}),
    };
    await rm(copy, { recursive: true, force: true });
    await mkdir(copy, { mode: 0o700 });
    await writeFile(path.join(copy, MANIFEST_NAME), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    // A temporary slot keeps every WAL segment from here on until this session ends, so a
    // checkpoint during a long copy cannot recycle a segment the restore will need.
    const slot = `byline_backup_${process.pid}`;
    await client.query(`select pg_create_physical_replication_slot($1, true, true)`, [slot]);
    await client.query(`select pg_backup_start($1, true)`, [`byline backup ${manifest.takenAt}`]);
    await copyDataFolder(client, options.databaseDir, path.join(copy, DATA_FOLDER));
    // The copy holds all the WAL a restore needs: the server may recycle segments again while it is packed.
    await client.query('select pg_drop_replication_slot($1)', [slot]);
    await packCopy(copy, partial);
    await rename(partial, options.archive);
    return manifest;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  } finally {
    await rm(copy, { recursive: true, force: true });
    // Ending the session also ends a backup left running and drops the slot.
    await client.end();
  }
}

/**
 * `copy` (the manifest and the data folder beside it) as a gzipped tar at `archive`, mode 0600.
 * Portable: the owners recorded on the machine that made it mean nothing where it is restored.
 */
export async function packCopy(copy: string, archive: string): Promise<void> {
  // The manifest first, so it is what a reader of the archive meets first.
  await create({ file: archive, mode: 0o600, cwd: copy, gzip: { level: 1 }, portable: true }, [MANIFEST_NAME, DATA_FOLDER]);
}

/** The data folder as pg_basebackup would copy it into `target`: files, then backup_label, then WAL. */
async function copyDataFolder(client: pg.Client, databaseDir: string, target: string): Promise<void> {
  await copyFolder(databaseDir, target, '');
  const stop = await client.query<{ labelfile: string; spcmapfile: string; stop_segment: string }>(
    'select labelfile, spcmapfile, pg_walfile_name(lsn) as stop_segment from pg_backup_stop(true)',
  );
  const { labelfile, spcmapfile, stop_segment: stopSegment } = stop.rows[0]!;
  await writeFile(path.join(target, 'backup_label'), labelfile, { mode: 0o600 });
  if (spcmapfile) await writeFile(path.join(target, 'tablespace_map'), spcmapfile, { mode: 0o600 });
  await copyWal(databaseDir, target, startSegment(labelfile), stopSegment);
}

/** Everything under `relative` but what PostgreSQL rebuilds; files dropped during the copy are skipped. */
async function copyFolder(databaseDir: string, target: string, relative: string): Promise<void> {
  await mkdir(path.join(target, relative), { mode: 0o700 });
  const children = await readdir(path.join(databaseDir, relative), { withFileTypes: true }).catch(ignoreMissing);
  for (const child of children ?? []) {
    const childRelative = relative ? `${relative}/${child.name}` : child.name;
    if (child.isDirectory()) {
      if (relative === '' && FOLDERS_LEFT_EMPTY.has(child.name)) await copyEmptyFolders(databaseDir, target, childRelative);
      else if (!child.name.startsWith('pgsql_tmp')) await copyFolder(databaseDir, target, childRelative);
    } else if (child.isFile()) {
      if (FILES_LEFT_OUT.has(childRelative) || child.name.startsWith('pg_internal.init') || child.name.startsWith('pgsql_tmp')) continue;
      // Removed meanwhile (a table dropped during the copy): WAL replay drops it too, as pg_basebackup relies on.
      await copyFileIfThere(path.join(databaseDir, childRelative), path.join(target, childRelative));
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
async function copyEmptyFolders(databaseDir: string, target: string, relative: string): Promise<void> {
  await mkdir(path.join(target, relative), { mode: 0o700 });
  if (relative !== 'pg_wal') return;
  const children = await readdir(path.join(databaseDir, relative), { withFileTypes: true }).catch(ignoreMissing);
  for (const child of children ?? []) if (child.isDirectory()) await copyEmptyFolders(databaseDir, target, `${relative}/${child.name}`);
}

/** The WAL segments from the backup's start to its stop, and the timeline histories. */
async function copyWal(databaseDir: string, target: string, first: string, last: string): Promise<void> {
  const walDir = path.join(databaseDir, 'pg_wal');
  const names = (await readdir(walDir)).sort();
  const segments = names.filter((name) => WAL_SEGMENT.test(name) && name >= first && name <= last);
  if (segments[0] !== first || segments.at(-1) !== last) throw new Error(`WAL segments ${first} to ${last} are not all in ${walDir}; the backup cannot be completed`);
  for (const name of [...names.filter((name) => name.endsWith('.history')), ...segments]) {
    if (!(await copyFileIfThere(path.join(walDir, name), path.join(target, 'pg_wal', name)))) throw new Error(`${path.join(walDir, name)} disappeared during the backup`);
  }
}

/** The segment the backup starts in, as PostgreSQL wrote it in backup_label. */
function startSegment(labelfile: string): string {
  const match = /^START WAL LOCATION: .* \(file ([0-9A-F]{24})\)$/m.exec(labelfile);
  if (!match) throw new Error(`PostgreSQL's backup label names no start segment: ${labelfile}`);
  return match[1]!;
}

/** False when `source` is gone. A clone where the file system can make one, else a plain copy. */
async function copyFileIfThere(source: string, target: string): Promise<boolean> {
  return copyFile(source, target, constants.COPYFILE_FICLONE).then(
    () => true,
    (error: unknown) => ignoreMissing(error) ?? false,
  );
}

function ignoreMissing(error: unknown): null {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
  throw error;
}
