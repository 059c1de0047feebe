import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import type { PostgresBinaries } from './postgres-binaries.js';
import { serverReachableFolder } from './reachable-folders.js';

/** The unprivileged account PostgreSQL runs as when we are root (it refuses to run as root). */
export interface ServerAccount {
  uid: number;
  gid: number;
}

/**
 * As root: the `postgres` account, created when missing (as a Docker image without PostgreSQL
 * needs). Otherwise null: PostgreSQL runs as whoever runs Byline.
 */
export function serverAccount(): ServerAccount | null {
  if (process.getuid?.() !== 0) return null;
  let ids = lookupAccount('postgres');
  if (!ids) {
    spawnSync('groupadd', ['--system', 'postgres']);
    spawnSync('useradd', ['--system', '--gid', 'postgres', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
    ids = lookupAccount('postgres');
  }
  if (!ids) throw new Error('PostgreSQL cannot run as root and no "postgres" user could be created (groupadd/useradd); run Byline as another user or set DATABASE_URL');
  return ids;
}

function lookupAccount(name: string): ServerAccount | null {
  const uid = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const gid = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (uid.status !== 0 || gid.status !== 0) return null;
  return { uid: Number(uid.stdout.trim()), gid: Number(gid.stdout.trim()) };
}

/**
 * Creates a new cluster in `databaseDir`. UTF-8 with PostgreSQL's built-in C.UTF-8 locale, so text
 * sorts and changes case the same way on every machine whatever its installed locales.
 */
export async function initialiseCluster(options: {
  binaries: PostgresBinaries;
  databaseDir: string;
  user: string;
  password: string;
  account: ServerAccount | null;
  logger: Logger;
}): Promise<void> {
  mkdirSync(options.databaseDir, { recursive: true, mode: 0o700 });
  if (options.account) chownSync(options.databaseDir, options.account.uid, options.account.gid);
  // initdb reads the superuser password from a file; it must be readable by the server account.
  const passwordFolder = options.account ? serverReachableFolder('initdb') : path.dirname(options.databaseDir);
  const passwordFile = path.join(passwordFolder, `pw-${randomBytes(8).toString('hex')}`);
  writeFileSync(passwordFile, `${options.password}\n`, { mode: 0o600 });
  if (options.account) chownSync(passwordFile, options.account.uid, options.account.gid);
  try {
    const args = [
      `--pgdata=${options.databaseDir}`,
      '--auth=password',
      `--username=${options.user}`,
      `--pwfile=${passwordFile}`,
      '--encoding=UTF8',
      '--locale-provider=builtin',
      '--builtin-locale=C.UTF-8',
      '--locale=C',
    ];
    const { code, output } = await runToEnd(options.binaries.initdb, args, options.account);
    if (code !== 0) throw new Error(`initdb failed (exit ${code}): ${lastLines(output)}`);
  } finally {
    rmSync(passwordFile, { force: true });
  }
}

export interface RunningPostgres {
  process: ChildProcess;
  stop(): Promise<void>;
}

/**
 * Starts the server on 127.0.0.1:`port` (no Unix socket, so checkouts never share a socket file)
 * and resolves once it accepts connections. When it exits before that, rejects with what
 * PostgreSQL said (for a busy port: "could not bind IPv4 address … Address already in use").
 */
export function startServer(options: {
  binaries: PostgresBinaries;
  databaseDir: string;
  port: number;
  account: ServerAccount | null;
  logger: Logger;
  /** False: no fsync at commit or checkpoint (a crash may lose or corrupt the data). */
  durable: boolean;
  /** More server settings, as `-c name=value`. */
  settings?: Readonly<Record<string, string>>;
}): Promise<RunningPostgres> {
  const args = ['-D', options.databaseDir, '-p', String(options.port), '-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='];
  if (!options.durable) args.push('-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off');
  for (const [name, value] of Object.entries(options.settings ?? {})) args.push('-c', `${name}=${value}`);
  // Its own process group: Ctrl-C in a terminal reaches Byline, which then stops the database
  // after the app, rather than both at once.
  const child = spawn(options.binaries.postgres, args, { ...(options.account ?? {}), detached: true, stdio: ['ignore', 'ignore', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
  const stopOnExit = () => {
    if (child.exitCode === null) child.kill('SIGINT');
  };
  process.on('exit', stopOnExit);

  return new Promise((resolve, reject) => {
    let output = '';
    let ready = false;
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      options.logger.debug({ postgres: chunk.trim() });
      if (ready) return;
      output += chunk;
      if (output.includes('database system is ready to accept connections')) {
        ready = true;
        output = '';
        resolve({
          process: child,
          stop: () => stopServer(child, () => process.off('exit', stopOnExit)),
        });
      }
    });
    child.once('error', (error) => {
      process.off('exit', stopOnExit);
      reject(error);
    });
    child.once('exit', (code, signal) => {
      if (ready) return;
      process.off('exit', stopOnExit);
      reject(new PostgresStartError(lastLines(output) || `exited with ${signal ?? `code ${code}`}`));
    });
  });
}

export class PostgresStartError extends Error {
  get portInUse(): boolean {
    return /address already in use/i.test(this.message);
  }
}

/** "Fast shutdown": ends sessions cleanly and returns once the postmaster has exited. */
function stopServer(child: ChildProcess, done: () => void): Promise<void> {
  return new Promise((resolve) => {
    const finish = () => {
      done();
      resolve();
    };
    if (child.exitCode !== null || child.signalCode !== null) return finish();
    child.once('exit', finish);
    child.kill('SIGINT');
  });
}

function runToEnd(command: string, args: string[], account: ServerAccount | null): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...(account ?? {}), stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_MESSAGES: 'C' } });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    child.once('error', reject);
    child.once('close', (code) => resolve({ code, output }));
  });
}

function lastLines(output: string): string {
  const lines = output.trim().split('\n').map((line) => line.trim()).filter(Boolean);
  const important = lines.filter((line) => /FATAL|ERROR|could not|error/i.test(line));
  return (important.length > 0 ? important : lines).slice(-3).join(' | ');
}
