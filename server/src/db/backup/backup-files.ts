import { existsSync, mkdirSync, chmodSync } from 'node:fs';
import path from 'node:path';

/** 20260131T101530Z: a UTC moment fit for a file name on every system. */
export function compactTimestamp(date: Date): string {
  return date.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
}

/**
 * `dataDir/backups`, readable by its owner only: a backup holds every account's email address,
 * password hash and session, so it is kept as private as the database itself.
 */
export function backupsFolder(dataDir: string): string {
  const folder = path.join(dataDir, 'backups');
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  return folder;
}

/** A new file name `byline-<UTC time><extension>` in `folder`; a second backup in the same second gets `-2`. */
export function newBackupPath(folder: string, extension: string, now: Date = new Date()): string {
  const stem = `byline-${compactTimestamp(now)}`;
  for (let attempt = 1; ; attempt++) {
    const candidate = path.join(folder, `${stem}${attempt === 1 ? '' : `-${attempt}`}${extension}`);
    if (!existsSync(candidate) && !existsSync(`${candidate}.partial`)) return candidate;
  }
}
