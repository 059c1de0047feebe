import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { Header } from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { MANIFEST_FORMAT, MANIFEST_NAME } from './backup-manifest.js';
import { packCopy } from './data-folder-backup.js';
import { unpackDataFolderBackup } from './data-folder-restore.js';

// What the backup needs from the tar library, on small archives made here rather than from a
// running server: the data folder comes back whole, with its modes and the server's owner, and an
// archive that is damaged, cut short or reaches outside the folder is refused, the current data
// left as it was.

const folders: string[] = [];
const MANIFEST = JSON.stringify({ format: MANIFEST_FORMAT, postgresVersionNum: 180004, takenAt: '2026-01-31T10:15:30.000Z' });
const LONG_NAME = `base/1/${'a'.repeat(90)}/${'b'.repeat(90)}`;
const TABLE = Buffer.from(Array.from({ length: 3 * 8192 + 100 }, (_, i) => (i * 7) % 251));
// As root the files must end up owned by the server's account; any ids show that they do.
const account = process.getuid?.() === 0 ? { uid: 4242, gid: 4343 } : null;

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

/** A folder holding a current data folder, `postgres`, for a restore to replace. */
function workFolder(): { folder: string; databaseDir: string } {
  const folder = mkdtempSync(path.join(tmpdir(), 'byline-restore-test-'));
  folders.push(folder);
  const databaseDir = path.join(folder, 'postgres');
  mkdirSync(databaseDir, { mode: 0o700 });
  writeFileSync(path.join(databaseDir, 'PG_VERSION'), 'current\n');
  return { folder, databaseDir };
}

/** Laid out and packed as writeDataFolderBackup does it. */
async function smallBackup(folder: string): Promise<string> {
  const copy = path.join(folder, 'copy');
  mkdirSync(path.join(copy, 'postgres', path.dirname(LONG_NAME)), { recursive: true, mode: 0o700 });
  mkdirSync(path.join(copy, 'postgres', 'pg_notify'), { mode: 0o700 });
  writeFileSync(path.join(copy, MANIFEST_NAME), MANIFEST, { mode: 0o600 });
  writeFileSync(path.join(copy, 'postgres', 'PG_VERSION'), '18\n', { mode: 0o600 });
  writeFileSync(path.join(copy, 'postgres', 'backup_label'), 'START WAL LOCATION: 0/2000028 (file 000000010000000000000002)\n', { mode: 0o600 });
  writeFileSync(path.join(copy, 'postgres', 'base', '1', '1259'), TABLE, { mode: 0o600 });
  writeFileSync(path.join(copy, 'postgres', LONG_NAME), 'long\n', { mode: 0o600 });
  const archive = path.join(folder, 'backup.tar.gz');
  await packCopy(copy, archive);
  rmSync(copy, { recursive: true });
  return archive;
}

/** One entry of a hand-made archive, for what the backup never writes. */
function tarEntry(entryPath: string, body: string, link?: string): Buffer {
  const header = new Header({ path: entryPath, type: link ? 'SymbolicLink' : 'File', linkpath: link, size: body.length, mode: 0o600, mtime: new Date() });
  header.encode();
  if (!header.block) throw new Error('tar header not encoded');
  const padding = Buffer.alloc((512 - (body.length % 512)) % 512);
  return Buffer.concat([header.block, Buffer.from(body), padding]);
}

function craftedBackup(folder: string, ...entries: Buffer[]): string {
  const archive = path.join(folder, 'crafted.tar.gz');
  writeFileSync(archive, gzipSync(Buffer.concat([tarEntry(MANIFEST_NAME, MANIFEST), ...entries, Buffer.alloc(1024)])));
  return archive;
}

function restore(archive: string, databaseDir: string): ReturnType<typeof unpackDataFolderBackup> {
  return unpackDataFolderBackup({ archive, databaseDir, account, postgresMajor: 18, now: new Date('2026-02-01T08:00:00Z') });
}

/** The current data is untouched and no half-unpacked folder is left beside it. */
function expectLeftAsItWas(folder: string, databaseDir: string, archive: string): void {
  expect(readFileSync(path.join(databaseDir, 'PG_VERSION'), 'utf8')).toBe('current\n');
  expect(readdirSync(folder).sort()).toEqual([path.basename(archive), 'postgres'].sort());
}

describe('unpacking a data-folder backup', () => {
  it('brings back every file and folder, long paths included, with their modes and the server as owner', async () => {
    const { folder, databaseDir } = workFolder();
    const archive = await smallBackup(folder);
    expect(statSync(archive).mode & 0o777).toBe(0o600);

    const unpacked = await restore(archive, databaseDir);
    expect(unpacked.manifest.postgresVersionNum).toBe(180004);
    expect(unpacked.replacedFolder).toBe(path.join(folder, 'postgres.before-restore-20260201T080000Z'));
    expect(readFileSync(path.join(unpacked.replacedFolder!, 'PG_VERSION'), 'utf8')).toBe('current\n');
    expect(readFileSync(path.join(databaseDir, 'PG_VERSION'), 'utf8')).toBe('18\n');
    expect(readFileSync(path.join(databaseDir, 'base', '1', '1259')).equals(TABLE)).toBe(true);
    expect(readFileSync(path.join(databaseDir, LONG_NAME), 'utf8')).toBe('long\n');
    expect(readdirSync(path.join(databaseDir, 'pg_notify'))).toEqual([]);
    for (const [relative, mode] of [['', 0o700], ['pg_notify', 0o700], ['base/1', 0o700], ['base/1/1259', 0o600], [LONG_NAME, 0o600]] as const) {
      const stats = statSync(path.join(databaseDir, relative));
      expect(stats.mode & 0o777, relative).toBe(mode);
      expect([stats.uid, stats.gid], relative).toEqual(account ? [account.uid, account.gid] : [process.getuid?.(), process.getgid?.()]);
    }
    expect(readdirSync(folder).sort()).toEqual(['backup.tar.gz', 'postgres', 'postgres.before-restore-20260201T080000Z']);
  });

  it('refuses paths that leave the folder, links and entries outside the data folder', async () => {
    const { folder, databaseDir } = workFolder();
    const outside = path.join(folder, 'escaped');
    const cases: Array<[Buffer, RegExp]> = [
      // The library's own refusal: it never extracts a path with `..` in it.
      [tarEntry('postgres/../../escaped', 'x'), /contains '\.\.'/],
      [tarEntry(outside, 'x'), /outside its data folder/],
      [tarEntry('elsewhere/file', 'x'), /outside its data folder/],
      [tarEntry('postgres/link', '', folder), /neither a file nor a folder \(SymbolicLink\)/],
    ];
    for (const [entry, reason] of cases) {
      const archive = craftedBackup(folder, tarEntry('postgres/PG_VERSION', '18\n'), entry, tarEntry('postgres/backup_label', 'label\n'));
      await expect(restore(archive, databaseDir)).rejects.toThrow(reason);
      expect(existsSync(outside)).toBe(false);
      expect(existsSync(path.join(path.dirname(folder), 'escaped'))).toBe(false);
      expectLeftAsItWas(folder, databaseDir, archive);
    }
  });

  it('refuses a damaged archive, one cut short, and one that is no backup', async () => {
    const { folder, databaseDir } = workFolder();
    const archive = await smallBackup(folder);
    const good = readFileSync(archive);

    // A byte changed in the file: gzip's checksum of the whole stream catches it, file data included.
    const flipped = Buffer.from(good);
    const middle = Math.floor(flipped.length / 2);
    flipped[middle] = flipped[middle]! ^ 0xff;
    writeFileSync(archive, flipped);
    await expect(restore(archive, databaseDir)).rejects.toThrow(/cannot be read to its end/);
    expectLeftAsItWas(folder, databaseDir, archive);

    // A tar header damaged before compression: its own checksum catches it.
    const tar = gunzipSync(good);
    // The second entry's header: the manifest's header and data take the first two blocks.
    tar[1024 + 10] = tar[1024 + 10]! ^ 0xff;
    writeFileSync(archive, gzipSync(tar));
    await expect(restore(archive, databaseDir)).rejects.toThrow(/damaged, cut short or not a tar archive \(checksum failure\)/);
    expectLeftAsItWas(folder, databaseDir, archive);

    writeFileSync(archive, good.subarray(0, good.length - 100));
    await expect(restore(archive, databaseDir)).rejects.toThrow(/cannot be read to its end: .*unexpected end of file/);
    expectLeftAsItWas(folder, databaseDir, archive);

    writeFileSync(archive, gzipSync(Buffer.from('not a tar archive\n'.repeat(100))));
    await expect(restore(archive, databaseDir)).rejects.toThrow(/not a Byline data-folder backup \(TAR_BAD_ARCHIVE: Unrecognized archive format\)/);
    expectLeftAsItWas(folder, databaseDir, archive);

    const partOfAFolder = craftedBackup(folder, tarEntry('postgres/PG_VERSION', '18\n'));
    await expect(restore(partOfAFolder, databaseDir)).rejects.toThrow(/no complete PostgreSQL data folder/);
    rmSync(partOfAFolder);
    expectLeftAsItWas(folder, databaseDir, archive);
  });
});
