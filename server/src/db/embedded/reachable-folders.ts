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
 * A folder outside the checkout that the `postgres` user can reach, under `/var/tmp` (kept across
 * reboots, unlike `/tmp` on many systems). It is ours only if we own it and nobody else can write
 * to it; a folder of that name planted by someone else is never used (we pick another name).
 */
export function privateCacheFolder(name: string): string {
  const base = existsSync('/var/tmp') ? '/var/tmp' : tmpdir();
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
