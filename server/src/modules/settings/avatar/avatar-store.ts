import type { EntityManager } from '@mikro-orm/postgresql';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { SETTINGS_MESSAGES } from '../../../../../domain/profile-settings.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import { MAX_PICTURE_PIXELS, uploadedPictureMetadata } from '../../../http/uploaded-picture.js';

// Uploaded profile pictures, kept in PostgreSQL like post thumbnails (posts/thumbnail-store.ts),
// so every server process can serve them: one stored width, smaller ones made on first request.

/** Widths we serve; a request for another width gets the next larger one. */
export const AVATAR_WIDTHS = [40, 80, 160, 320, 512] as const;
/** The width kept from an upload: twice the largest avatar the pages show, for sharp high-density screens. */
export const AVATAR_STORED_WIDTH = 512;

export function servedAvatarWidth(requested: number): number {
  return AVATAR_WIDTHS.find((width) => width >= requested) ?? AVATAR_STORED_WIDTH;
}

/** The picture's address; the version changes with every upload, so each version may be cached for good. */
export function avatarPath(userId: number, version: string): string {
  return `/media/users/${userId}/avatar?v=${version}`;
}

/**
 * An uploaded file as the square WebP we keep. The bytes decide what it is, not the declared
 * type: anything sharp does not read as JPEG, PNG, WebP or GIF is refused. EXIF rotation is
 * applied (phone photos), the centre square kept, metadata (GPS position) dropped.
 */
export async function avatarFromUpload(bytes: Buffer): Promise<Buffer> {
  const metadata = await uploadedPictureMetadata(bytes, { type: SETTINGS_MESSAGES.avatarType, unreadable: SETTINGS_MESSAGES.avatarUnreadable });
  // The shorter side, capped at the stored width, is the square kept (rotation does not change it).
  const side = Math.max(1, Math.min(AVATAR_STORED_WIDTH, metadata.width ?? 0, metadata.height ?? 0));
  try {
    return await sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS }).rotate().resize({ width: side, height: side, fit: 'cover' }).webp({ quality: 82 }).toBuffer();
  } catch {
    throw new InvalidInput(SETTINGS_MESSAGES.avatarUnreadable, { field: 'file' });
  }
}

/**
 * Replaces the user's picture: the old one's sizes go, the new one is stored, and the user's
 * avatarUrl points at the new version, in one transaction. Returns the new avatarUrl.
 */
export async function saveAvatar(em: EntityManager, userId: number, webp: Buffer): Promise<string> {
  const version = randomBytes(4).toString('hex');
  const avatarUrl = avatarPath(userId, version);
  await em.transactional(async (tx) => {
    await tx.execute('delete from user_avatars where user_id = ?', [userId]);
    await tx.execute(`insert into user_avatars (user_id, width, version, content_type, bytes) values (?, ?, ?, 'image/webp', ?)`, [
      userId,
      AVATAR_STORED_WIDTH,
      version,
      webp,
    ]);
    await tx.execute('update users set avatar_url = ?, updated_at = now() where id = ?', [avatarUrl, userId]);
  });
  return avatarUrl;
}

/** Users per statement in saveAvatars. */
const SAVE_CHUNK = 5_000;

/**
 * saveAvatar for many users at once, users sharing pictures (the synthetic seed reuses a few
 * over thousands of people): each user's old sizes go, the assigned picture is stored under a
 * new version and avatarUrl points at it, as saveAvatar does for one. One statement per
 * SAVE_CHUNK users, inside the caller's transaction.
 */
export async function saveAvatars(em: EntityManager, webps: readonly Buffer[], assignments: ReadonlyArray<{ userId: number; picture: number }>): Promise<void> {
  if (webps.length === 0 || assignments.length === 0) return;
  const pool = webps.map(() => '(?::int, ?::bytea)').join(', ');
  const poolParams = webps.flatMap((webp, index) => [index, webp]);
  for (let start = 0; start < assignments.length; start += SAVE_CHUNK) {
    const chunk = assignments.slice(start, start + SAVE_CHUNK);
    const versions = chunk.map(() => randomBytes(4).toString('hex'));
    // Versions are hex and addresses plain paths, so the array literals need no quoting.
    await em.execute(
      `with pool (picture, bytes) as (values ${pool}),
       given as (select * from unnest(?::int[], ?::int[], ?::text[], ?::text[]) as g(user_id, picture, version, avatar_url)),
       old_sizes as (delete from user_avatars a using given g where a.user_id = g.user_id and a.width <> ${AVATAR_STORED_WIDTH}),
       stored as (
         insert into user_avatars (user_id, width, version, content_type, bytes)
         select g.user_id, ${AVATAR_STORED_WIDTH}, g.version, 'image/webp', pool.bytes from given g join pool using (picture)
         on conflict (user_id, width) do update
           set version = excluded.version, content_type = excluded.content_type, bytes = excluded.bytes, created_at = now())
       update users u set avatar_url = g.avatar_url, updated_at = now() from given g where u.id = g.user_id`,
      [
        ...poolParams,
        `{${chunk.map((row) => row.userId).join(',')}}`,
        `{${chunk.map((row) => row.picture).join(',')}}`,
        `{${versions.join(',')}}`,
        `{${chunk.map((row, index) => avatarPath(row.userId, versions[index]!)).join(',')}}`,
      ],
    );
  }
}

export interface StoredAvatar {
  version: string;
  contentType: string;
  bytes: Buffer;
}

/** The user's picture at one of AVATAR_WIDTHS, resized from the stored one and kept on first use. */
export async function readAvatar(em: EntityManager, userId: number, width: number): Promise<StoredAvatar | null> {
  const rows = await em.execute<Array<{ width: number; version: string; content_type: string; bytes: Buffer }>>(
    'select width, version, content_type, bytes from user_avatars where user_id = ? and width in (?, ?) order by width',
    [userId, width, AVATAR_STORED_WIDTH],
  );
  const stored = rows.find((row) => row.width === AVATAR_STORED_WIDTH);
  if (!stored) return null;
  const exact = rows.find((row) => row.width === width && row.version === stored.version);
  if (exact) return { version: exact.version, contentType: exact.content_type, bytes: exact.bytes };
  const resized = await sharp(stored.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  // A new upload may have replaced the picture meanwhile: the size is only kept for the version it was made from.
  await em.execute(
    `insert into user_avatars (user_id, width, version, content_type, bytes)
     select ?, ?, ?, 'image/webp', ? where exists (select 1 from user_avatars where user_id = ? and width = ? and version = ?)
     on conflict do nothing`,
    [userId, width, stored.version, resized, userId, AVATAR_STORED_WIDTH, stored.version],
  );
  return { version: stored.version, contentType: 'image/webp', bytes: resized };
}
