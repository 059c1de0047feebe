import type { EntityManager } from '@mikro-orm/postgresql';
import { STORED_WIDTH } from '../posts/index.js';
import { indexPostPicture } from './visualmatch.service.js';

const BATCH_SIZE = 50;

/**
 * Hashes every stored post picture that has no hashes yet (pictures stored before Visual Match,
 * or whose hashing failed), in batches by post id so memory stays flat and a stopped run picks
 * up where it was. Each post's hashes are written in their own statement pair; the import keeps
 * new pictures hashed. Returns how many posts were hashed.
 */
export async function backfillImageHashes(em: EntityManager, onProgress: (hashed: number) => void = () => {}): Promise<number> {
  let hashed = 0;
  let afterPostId = 0;
  for (;;) {
    const batch = await em.execute<Array<{ post_id: number; bytes: Buffer }>>(
      `select t.post_id, t.bytes from post_thumbnails t
        where t.width = ? and t.post_id > ?
          and not exists (select 1 from post_image_hashes h where h.post_id = t.post_id)
        order by t.post_id limit ?`,
      [STORED_WIDTH, afterPostId, BATCH_SIZE],
    );
    if (batch.length === 0) return hashed;
    for (const { post_id: postId, bytes } of batch) {
      // One unreadable picture must not stop the rest: it stays unhashed and is tried again next run.
      const done = await em.transactional((tx) => indexPostPicture(tx, postId, bytes)).then(
        () => true,
        () => false,
      );
      if (done) hashed++;
      afterPostId = postId;
    }
    onProgress(hashed);
  }
}
