import { spawn } from 'node:child_process';
import { rename, rm, writeFile } from 'node:fs/promises';

// With DATABASE_URL, Byline's database lives on a PostgreSQL server someone runs; its own client
// programs make and load the backup (pg_dump's custom format), found on PATH. They must be of the
// server's major version or newer: pg_dump refuses an older one with a message saying so.

export const PG_DUMP_EXTENSION = '.dump';

/** A consistent dump of the database at `databaseUrl` (pg_dump works in one snapshot), mode 0600. */
export async function dumpWithPgDump(databaseUrl: string, file: string): Promise<void> {
  const partial = `${file}.partial`;
  // Made first, so pg_dump writes into a file only its owner can read.
  await writeFile(partial, '', { mode: 0o600 });
  try {
    await runClientProgram('pg_dump', ['--format=custom', `--file=${partial}`], databaseUrl);
    await rename(partial, file);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** Replaces the contents of the database at `databaseUrl` with the dump's, in one transaction. */
export async function restoreWithPgRestore(databaseUrl: string, file: string): Promise<void> {
  await runClientProgram('pg_restore', ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--single-transaction', file], databaseUrl);
}

/** Runs a PostgreSQL client program on the database, its password in the environment rather than on a command line others can see. */
function runClientProgram(program: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  const env = { ...process.env, PGPASSWORD: password || process.env.PGPASSWORD, LC_MESSAGES: 'C' };
  return new Promise((resolve, reject) => {
    const child = spawn(program, [...args, `--dbname=${url.toString()}`], { stdio: ['ignore', 'inherit', 'pipe'], env });
    let said = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => (said += chunk));
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new Error(
              `${program} was not found on PATH. DATABASE_URL names your own PostgreSQL server: install its client programs (the server's major version or newer), or back it up where the server runs`,
            )
          : error,
      );
    });
    child.once('close', (code) => (code === 0 ? resolve() : reject(new Error(`${program} failed (exit ${code}): ${said.trim()}`))));
  });
}
