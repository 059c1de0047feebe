import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../../logger.js';

/** The superuser the embedded cluster is made with. */
export const EMBEDDED_SUPERUSER = 'postgres';

/**
 * The password clusters made before it was random were given. Any local user could sign in with
 * it (the server listens on 127.0.0.1 with password auth), so such a cluster gets a random one at
 * its next start (`adoptSuperuserPassword`).
 */
const FORMER_PASSWORD = 'postgres';

const FILE_NAME = 'postgres-password';

/**
 * The embedded cluster's superuser password, kept in `dataDir` (the checkout's `.data/`), readable
 * by its owner only; made at random the first time. Every command of this checkout (start, seed,
 * migrate, backup) reads it from there.
 */
export function embeddedSuperuserPassword(dataDir: string): string {
  const file = path.join(dataDir, FILE_NAME);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const password = randomBytes(24).toString('base64url');
  rememberSuperuserPassword(dataDir, password);
  return password;
}

/** Keeps `password` as the checkout's superuser password (a restore brings the backup's). */
export function rememberSuperuserPassword(dataDir: string, password: string): void {
  const file = path.join(dataDir, FILE_NAME);
  mkdirSync(dataDir, { recursive: true });
  // Written whole under another name, then renamed: a half-written file is never read.
  const staging = `${file}.${process.pid}`;
  writeFileSync(staging, `${password}\n`, { mode: 0o600 });
  chmodSync(staging, 0o600);
  renameSync(staging, file);
}

/**
 * Makes sure the running cluster answers to `password`: a cluster made with the former fixed
 * password is moved to it. Call it once the server is up on `port`.
 */
export async function adoptSuperuserPassword(port: number, password: string, logger: Logger): Promise<void> {
  if (await signsIn(port, password)) return;
  const client = new pg.Client({ host: '127.0.0.1', port, user: EMBEDDED_SUPERUSER, password: FORMER_PASSWORD, database: 'postgres' });
  await client.connect();
  try {
    const quoted = (await client.query<{ literal: string }>('select quote_literal($1) as literal', [password])).rows[0]!.literal;
    await client.query(`alter role "${EMBEDDED_SUPERUSER}" password ${quoted}`);
    logger.info('the embedded PostgreSQL had the former fixed superuser password; it now has the random one kept in .data');
  } finally {
    await client.end();
  }
}

async function signsIn(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: EMBEDDED_SUPERUSER, password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // 28P01: invalid_password. Anything else (the server not up) is not ours to decide here.
    if ((error as { code?: string }).code === '28P01') return false;
    throw error;
  } finally {
    await client.end().catch(() => undefined);
  }
}
