import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';

// Serves the pictures the import copied into PostgreSQL (import/tracking/thumbnail-copy.ts).

/** Widths we serve; a request for another width gets the next larger one. 80 is the list thumbnail (docs/product.md §Constants). */
export const THUMBNAIL_WIDTHS = [80, 160, 320, 640] as const;
/** The width the import stores; smaller ones are made from it on first request. */
export const STORED_WIDTH = 640;

export function thumbnailPath(postId: number, width: number): string {
  return `/media/posts/${postId}/thumbnail?w=${width}`;
}

/**
 * The address a client is given for a post's picture: Byline's own copy, or null when the import
 * could not copy it. The network's address kept in `posts.thumbnail_url` is never handed out: the
 * page's Content-Security-Policy and the networks' hotlink rules break it, and its signed links
 * expire, so clients show their "no picture" tile instead (docs/product.md §Posts).
 */
export function servedThumbnailUrl(post: { id: number; thumbnailStoredAt: Date | null }, width: number): string | null {
  return post.thumbnailStoredAt ? thumbnailPath(post.id, servedWidth(width)) : null;
}

export function servedWidth(requested: number): number {
  return THUMBNAIL_WIDTHS.find((width) => width >= requested) ?? STORED_WIDTH;
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
