import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, statSync, unlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { freePort } from '../../test-support/free-port.js';
import { embeddedDatabaseDir, startEmbeddedPostgres, type EmbeddedDatabase } from '../embedded-postgres.js';
import { SERVER_FOLDERS_BASE } from './reachable-folders.js';

const logger = createLogger('warn');
const cleanups: Array<() => Promise<void> | void> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start(dataDir: string): Promise<EmbeddedDatabase> {
  const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', logger, throwaway: true });
  cleanups.push(() => database.stop());
  return database;
}

async function signsIn(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A temp folder others may enter (as the tests' own database folder is), removed afterwards. */
function openFolder(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'byline-embedded-'));
  chmodSync(folder, 0o755);
  cleanups.push(() => rmSync(folder, { recursive: true, force: true }));
  return folder;
}

describe('the embedded superuser', () => {
  it('has a random password kept in the data folder for its owner alone; the former fixed one is refused', async () => {
    const dataDir = openFolder();
    const database = await start(dataDir);
    const file = path.join(dataDir, 'postgres-password');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(await signsIn(database.port, 'postgres')).toBe(false);
    expect(await signsIn(database.port, decodeURIComponent(new URL(database.url).password))).toBe(true);
  });

  it('moves a cluster made with the former fixed password to a random one at its next start', async () => {
    const dataDir = openFolder();
    const first = await start(dataDir);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query(`alter role postgres password 'postgres'`);
    await client.end();
    await first.stop();
    unlinkSync(path.join(dataDir, 'postgres-password'));

    const again = await start(dataDir);
    expect(await signsIn(again.port, 'postgres')).toBe(false);
    expect(existsSync(path.join(dataDir, 'postgres-password'))).toBe(true);
    expect(await signsIn(again.port, decodeURIComponent(new URL(again.url).password))).toBe(true);
  });
});

describe.runIf(process.getuid?.() === 0)('as root, a checkout in a private folder', () => {
  it('keeps its database in /var/lib/byline, never a temp folder, and moves one found under /var/tmp there', async () => {
    const privateFolder = mkdtempSync(path.join(tmpdir(), 'byline-private-'));
    cleanups.push(() => rmSync(privateFolder, { recursive: true, force: true }));
    const dataDir = path.join(privateFolder, '.data');
    const digest = createHash('sha256').update(path.resolve(dataDir, 'postgres')).digest('hex').slice(0, 12);
    const kept = embeddedDatabaseDir(dataDir, logger);
    cleanups.push(() => rmSync(path.dirname(kept), { recursive: true, force: true }));
    expect(kept).toBe(path.join(SERVER_FOLDERS_BASE, `data-${digest}`, 'postgres'));

    const first = await start(dataDir);
    const client = new pg.Client({ connectionString: first.url });
    await client.connect();
    await client.query('create table kept_across_the_move (id int)');
    await client.end();
    await first.stop();

    // Where an earlier release kept it.
    const former = path.join('/var/tmp', `byline-data-${digest}`);
    cleanups.push(() => rmSync(former, { recursive: true, force: true }));
    mkdirSync(former, { recursive: true });
    renameSync(kept, path.join(former, 'postgres'));

    const again = await start(dataDir);
    expect(existsSync(path.join(kept, 'PG_VERSION'))).toBe(true);
    expect(existsSync(path.join(former, 'postgres'))).toBe(false);
    const check = new pg.Client({ connectionString: again.url });
    await check.connect();
    expect((await check.query(`select to_regclass('kept_across_the_move') is not null as kept`)).rows).toEqual([{ kept: true }]);
    await check.end();
  });
});
