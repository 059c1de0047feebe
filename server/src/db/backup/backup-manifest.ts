/**
 * The first entry of every data-folder backup: what it holds, read before anything is restored so
 * a backup that cannot work here is refused with a reason instead of failing half way.
 */
export interface BackupManifest {
  format: typeof MANIFEST_FORMAT;
  /** `server_version_num` of the PostgreSQL that wrote the files (180004 for 18.4). */
  postgresVersionNum: number;
  takenAt: string;
  /**
   * The cluster's superuser password (random per checkout, kept in `.data/postgres-password`):
   * the restored files answer to it, so a restore into another checkout must know it. The
   * archive holds the whole database anyway, and is readable by its owner alone.
   */
  superuserPassword?: string;
}

export const MANIFEST_FORMAT = 'byline-postgres-data-folder/1';
export const MANIFEST_NAME = 'byline-backup.json';
/** The folder in the archive that is the PostgreSQL data folder, beside the manifest. */
export const DATA_FOLDER = 'postgres';
export const DATA_FOLDER_PREFIX = `${DATA_FOLDER}/`;

export function postgresMajor(versionNum: number): number {
  return Math.floor(versionNum / 10_000);
}

export function parseManifest(text: string): BackupManifest {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`The backup's ${MANIFEST_NAME} is not JSON`);
  }
  const manifest = parsed as Partial<BackupManifest> | null;
  if (
    manifest?.format !== MANIFEST_FORMAT ||
    typeof manifest.postgresVersionNum !== 'number' ||
    typeof manifest.takenAt !== 'string' ||
    (manifest.superuserPassword !== undefined && typeof manifest.superuserPassword !== 'string')
  ) {
    throw new Error(`The backup's ${MANIFEST_NAME} is not one this version of Byline reads (format ${String(manifest?.format)})`);
  }
  return manifest as BackupManifest;
}
