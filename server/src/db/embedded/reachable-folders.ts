import { chmodSync, existsSync, lstatSync, mkdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Whether another (unprivileged) user can walk down to `target`: every folder above it must
 * grant "execute" to others. A checkout under `/root` or in a `mktemp -d` folder does not.
 */
export function everyParentIsTraversable(target: string): boolean {
  let current = path.dirname(path.resolve(target));
  for (;;) {
    if (existsSync(current) && (statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * Where a root-run Byline keeps what the `postgres` user must reach when the checkout is private:
 * a persistent system folder, never a temp one (systemd-tmpfiles ages `/var/tmp` out after 30
 * days, and a database must not vanish). Anyone else uses the system's temp folder, for the
 * short-lived files only they need.
 */
export const SERVER_FOLDERS_BASE = '/var/lib/byline';

/**
 * A folder outside the checkout that the `postgres` user can reach, under `SERVER_FOLDERS_BASE`
 * as root. It is ours only if we own it and nobody else can write to it; a folder of that name
 * planted by someone else is never used (we pick another name).
 */
export function serverReachableFolder(name: string): string {
  const base = process.getuid?.() === 0 ? SERVER_FOLDERS_BASE : tmpdir();
  mkdirSync(base, { recursive: true, mode: 0o755 });
  const uid = process.getuid?.() ?? 0;
  for (let attempt = 0; ; attempt++) {
    const folder = path.join(base, attempt === 0 ? name : `${name}-${attempt}`);
    if (!existsSync(folder)) {
      mkdirSync(folder, { recursive: true, mode: 0o755 });
      chmodSync(folder, 0o755);
      return folder;
    }
    const stat = lstatSync(folder);
    if (stat.isDirectory() && !stat.isSymbolicLink() && stat.uid === uid && (stat.mode & 0o022) === 0) return folder;
    if (attempt > 20) throw new Error(`No safe folder for ${name} under ${base}`);
  }
}
