import type { EntityManager } from '@mikro-orm/postgresql';
import sharp from 'sharp';
import { STORED_WIDTH } from '../../thumbnail-store.js';
import { storePostHashes } from '../../../visualmatch/hash-index.js';
import { imageHashes } from '../../../visualmatch/perceptual-hash.js';
import type { OutboundHttp } from '../scraped-post.js';

const MAX_SOURCE_BYTES = 8 * 1024 * 1024;

/**
 * Copies a network picture into our storage at import (network URLs expire). It is kept in
 * PostgreSQL so every server process can serve it; smaller widths are made on first request.
 */
export async function copyThumbnail(em: EntityManager, http: OutboundHttp, postId: number, sourceUrl: string): Promise<void> {
  const response = await http.get(sourceUrl, { accept: 'image/*', maxBytes: MAX_SOURCE_BYTES });
  if (response.status !== 200) throw new Error(`thumbnail answered ${response.status}`);
  const webp = await sharp(await response.bytes()).rotate().resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  // Visual Match's perceptual hashes of the stored picture, written with it: a post's hashes always describe its current picture.
  const hashes = await imageHashes(webp);
  await em.transactional(async (tx) => {
    await tx.execute(
      `insert into post_thumbnails (post_id, width, content_type, bytes, source_url) values (?, ?, 'image/webp', ?, ?)
       on conflict (post_id, width) do update set bytes = excluded.bytes, source_url = excluded.source_url, created_at = now()`,
      [postId, STORED_WIDTH, webp, sourceUrl],
    );
    // Sizes made from the old picture are stale now.
    await tx.execute('delete from post_thumbnails where post_id = ? and width <> ?', [postId, STORED_WIDTH]);
    await tx.execute('update posts set thumbnail_stored_at = now() where id = ?', [postId]);
    await storePostHashes(tx, postId, hashes);
  });
}
