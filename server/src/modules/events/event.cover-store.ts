import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { AVATAR_STORED_WIDTH, servedAvatarWidth } from '../settings/index.js';

// Covers are stored and resized exactly as profile pictures are (settings/avatar): the upload
// becomes the avatar's square WebP (avatarFromUpload), kept in PostgreSQL so every server process
// serves it, at the same widths, smaller ones made on first request (docs/product.md §Events).

export const EVENT_COVER_STORED_WIDTH = AVATAR_STORED_WIDTH;
export const servedEventCoverWidth = servedAvatarWidth;

/** The cover's address; the version changes with every cover stored, so each may be cached for good. */
export function eventCoverPath(eventId: number, version: string, width?: number): string {
  return `/media/events/${eventId}/cover?v=${version}${width === undefined ? '' : `&w=${servedAvatarWidth(width)}`}`;
}

/** Stores an event's cover, inside the caller's transaction. */
export async function storeEventCover(em: EntityManager, eventId: number, version: string, webp: Buffer): Promise<void> {
  await em.execute('delete from event_covers where event_id = ?', [eventId]);
  await em.execute(`insert into event_covers (event_id, width, version, content_type, bytes) values (?, ?, ?, 'image/webp', ?)`, [eventId, EVENT_COVER_STORED_WIDTH, version, webp]);
  await em.execute('update events set cover_version = ?, updated_at = now() where id = ?', [version, eventId]);
}

export interface StoredEventCover {
  version: string;
  contentType: string;
  bytes: Buffer;
}

/** An event's cover at one of the served widths, resized from the stored one and kept on first use. */
export async function readEventCover(em: EntityManager, eventId: number, width: number): Promise<StoredEventCover | null> {
  const rows = await em.execute<Array<{ width: number; version: string; content_type: string; bytes: Buffer }>>(
    'select width, version, content_type, bytes from event_covers where event_id = ? and width in (?, ?) order by width',
    [eventId, width, EVENT_COVER_STORED_WIDTH],
  );
  const stored = rows.find((row) => row.width === EVENT_COVER_STORED_WIDTH);
  if (!stored) return null;
  const exact = rows.find((row) => row.width === width && row.version === stored.version);
  if (exact) return { version: exact.version, contentType: exact.content_type, bytes: exact.bytes };
  const resized = await sharp(stored.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
  // A new cover may have come meanwhile: the size is only kept for the version it was made from.
  await em.execute(
    `insert into event_covers (event_id, width, version, content_type, bytes)
     select ?, ?, ?, 'image/webp', ? where exists (select 1 from event_covers where event_id = ? and width = ? and version = ?)
     on conflict do nothing`,
    [eventId, width, stored.version, resized, eventId, EVENT_COVER_STORED_WIDTH, stored.version],
  );
  return { version: stored.version, contentType: 'image/webp', bytes: resized };
}
