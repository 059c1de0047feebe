import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { storePicture } from '../../modules/posts/index.js';
import { saveAvatar } from '../../modules/settings/index.js';
import { createAccount, createCredit, createPost, createTeam, createUser, creditUser } from '../../test-support/factories.js';
import { freePort } from '../../test-support/free-port.js';
import { tableFingerprints } from '../../test-support/table-fingerprints.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded-postgres.js';
import { migrate } from '../orm.js';
import { openOrm } from '../../registry.js';
import { backupEmbeddedDatabase, restoreEmbeddedDatabase, RestoreRefused } from './embedded-backup.js';

// Each test gets clusters of its own (a backup is of a whole cluster), in fresh temp folders as
// `npm start` would have them, rather than a database on the shared test server.

const logger = createLogger('warn');
const folders: string[] = [];
let sourceDir: string;
let source: EmbeddedDatabase;

/** A data folder the postgres user can enter when the tests run as root (mkdtemp makes it private). */
function newDataFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'byline-backup-test-'));
  chmodSync(folder, 0o755);
  folders.push(folder);
  return folder;
}

async function fingerprintsOfRestored(dataDir: string): Promise<Record<string, string>> {
  const restored = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'byline', logger, throwaway: true });
  try {
    return await tableFingerprints(restored.url);
  } finally {
    await restored.stop();
  }
}

beforeAll(async () => {
  sourceDir = newDataFolder();
  source = await startEmbeddedPostgres({ dataDir: sourceDir, port: await freePort(), database: 'byline', logger, throwaway: true });
  const orm = await openOrm(source.url);
  try {
    await migrate(orm);
    const em = orm.em.fork();
    const [alice, bob] = [await createUser(em), await createUser(em)];
    const account = await createAccount(em);
    const [first, second] = [await createPost(em, { account, createdBy: alice }), await createPost(em, { account, createdBy: bob })];
    await creditUser(em, first, alice);
    await createCredit(em, { post: second, user: bob, addedBy: alice });
    await createTeam(em, [{ user: alice, role: 'manager' }, { user: bob }]);
    const picture = await sharp({ create: { width: 48, height: 48, channels: 3, background: '#c0ffee' } }).webp().toBuffer();
    await saveAvatar(em, alice.id, picture);
    await em.transactional((tx) => storePicture(tx, first.id, { sourceUrl: 'https://cdn.example.test/first.webp', contentType: 'image/webp', bytes: picture, hashes: [42n] }));
  } finally {
    await orm.close();
  }
});

afterAll(async () => {
  await source?.stop();
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('npm run backup / npm run restore on the embedded database', () => {
  it('backs up the running server and restores every table, pictures included, into a fresh data folder', async () => {
    const before = await tableFingerprints(source.url);
    expect(before['public.user_avatars']).toMatch(/^1 rows/);
    expect(before['public.post_thumbnails']).toMatch(/^1 rows/);

    const backup = await backupEmbeddedDatabase({ dataDir: sourceDir, port: null, logger });
    expect(backup.startedForBackup).toBe(false);
    expect(path.dirname(backup.file)).toBe(path.join(sourceDir, 'backups'));
    expect(statSync(backup.file).mode & 0o777).toBe(0o600);
    // The copy the archive was packed from is gone with it.
    expect(readdirSync(path.dirname(backup.file))).toEqual([path.basename(backup.file)]);
    // Written after the backup: the restore must not have it.
    const orm = await openOrm(source.url);
    await createUser(orm.em.fork());
    await orm.close();

    const freshDir = newDataFolder();
    const restore = await restoreEmbeddedDatabase({ dataDir: freshDir, port: await freePort(), logger, archive: backup.file });
    expect(restore.replacedFolder).toBeNull();
    expect(restore.counts).toMatchObject({ users: 2, posts: 2, credits: 2, user_avatars: 1, post_thumbnails: 1 });
    expect(await fingerprintsOfRestored(freshDir)).toEqual(before);
  });

  it('refuses to restore while the server runs on that data', async () => {
    // Refused before the backup is even opened, so none is needed here.
    const archive = path.join(sourceDir, 'backups', 'never-read.tar.gz');
    await expect(restoreEmbeddedDatabase({ dataDir: sourceDir, port: null, logger, archive })).rejects.toBeInstanceOf(RestoreRefused);
    expect(runningEmbeddedPostgresUrl(sourceDir, 'byline', logger)).not.toBeNull();
  });

  it('starts a stopped server for the backup and stops it after; a restore over existing data keeps the old data aside', async () => {
    const before = await tableFingerprints(source.url);
    await source.stop();

    const backup = await backupEmbeddedDatabase({ dataDir: sourceDir, port: await freePort(), logger });
    expect(backup.startedForBackup).toBe(true);
    expect(runningEmbeddedPostgresUrl(sourceDir, 'byline', logger)).toBeNull();

    const restore = await restoreEmbeddedDatabase({ dataDir: sourceDir, port: await freePort(), logger, archive: backup.file });
    expect(restore.replacedFolder).toMatch(/postgres\.before-restore-\d{8}T\d{6}Z$/);
    expect(await fingerprintsOfRestored(sourceDir)).toEqual(before);
  });
});
