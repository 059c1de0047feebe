import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import type { OutboundHttp } from './import/scraped-post.js';

/** Widths we serve; a request for another width gets the next larger one. 80 is the list thumbnail (spec 9). */
export const THUMBNAIL_WIDTHS = [80, 160, 320, 640] as const;
const STORED_WIDTH = 640;
const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

export function thumbnailPath(postId: number, width: number): string {
  return `/media/posts/${postId}/thumbnail?w=${width}`;
}

export function servedWidth(requested: number): number {
  return THUMBNAIL_WIDTHS.find((width) => width >= requested) ?? STORED_WIDTH;
}

/**
 * Copies a network picture into our storage at import (network URLs expire). It is kept in
 * PostgreSQL so every server process can serve it; smaller widths are made on first request.
 */
export async function copyThumbnail(em: EntityManager, http: OutboundHttp, postId: number, sourceUrl: string): Promise<void> {
  const response = await http.get(sourceUrl, { accept: 'image/*', maxBytes: MAX_SOURCE_BYTES });
  if (response.status !== 200) throw new Error(`thumbnail answered ${response.status}`);
  const webp = await sharp(await response.bytes()).rotate().resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  await em.execute(
    `insert into post_thumbnails (post_id, width, content_type, bytes, source_url) values (?, ?, 'image/webp', ?, ?)
     on conflict (post_id, width) do update set bytes = excluded.bytes, source_url = excluded.source_url, created_at = now()`,
    [postId, STORED_WIDTH, webp, sourceUrl],
  );
  // Sizes made from the old picture are stale now.
  await em.execute('delete from post_thumbnails where post_id = ? and width <> ?', [postId, STORED_WIDTH]);
  await em.execute('update posts set thumbnail_stored_at = now() where id = ?', [postId]);
}

/** The picture at one of THUMBNAIL_WIDTHS, resized from the stored one and cached on first use. */
export async function readThumbnail(em: EntityManager, postId: number, width: number): Promise<{ contentType: string; bytes: Buffer } | null> {
  const rows = await em.execute<Array<{ width: number; content_type: string; bytes: Buffer }>>(
    'select width, content_type, bytes from post_thumbnails where post_id = ? and width in (?, ?) order by width',
    [postId, width, STORED_WIDTH],
  );
  const exact = rows.find((row) => row.width === width);
  if (exact) return { contentType: exact.content_type, bytes: exact.bytes };
  const stored = rows.find((row) => row.width === STORED_WIDTH);
  if (!stored) return null;
  const resized = await sharp(stored.bytes).resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  await em.execute(
    `insert into post_thumbnails (post_id, width, content_type, bytes) values (?, ?, 'image/webp', ?) on conflict do nothing`,
    [postId, width, resized],
  );
  return { contentType: 'image/webp', bytes: resized };
}
