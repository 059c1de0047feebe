import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createPost } from '../../../../test-support/factories.js';
import { STORED_WIDTH } from '../../thumbnail-store.js';
import { preparePicture, storePicture, storePictures } from './thumbnail-copy.js';
import { useTestOrm } from '../../../../test-support/test-orm.js';

const env = useTestOrm();

function solid(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r, g, b } } }).png().toBuffer();
}

describe('storing pictures for many posts at once', () => {
  it('stores what storePicture stores, shared pictures included, replacing old pictures and hashes', async () => {
    const em = env.orm.em.fork();
    const posts = [await createPost(em), await createPost(em), await createPost(em)];
    const [red, blue] = await Promise.all([preparePicture(await solid(220, 30, 30), 'https://cdn.example/red.png'), preparePicture(await solid(20, 40, 230), null)]);
    // The third post already has a picture, a smaller size made from it and its hashes: all replaced.
    await storePicture(em, posts[2]!.id, red!);
    await em.execute(`insert into post_thumbnails (post_id, width, content_type, bytes) values (?, 80, 'image/webp', ?)`, [posts[2]!.id, red!.bytes]);

    await em.transactional((tx) => storePictures(tx, [red!, blue!], posts.map((post, index) => ({ postId: post.id, picture: index === 0 ? 0 : 1 }))));

    const stored = await em.execute<Array<{ post_id: number; width: number; bytes: Buffer; source_url: string | null; content_type: string }>>(
      'select post_id, width, bytes, source_url, content_type from post_thumbnails where post_id in (?) order by post_id, width',
      [posts.map((post) => post.id)],
    );
    expect(stored.map((row) => [row.post_id, row.width, row.source_url])).toEqual([
      [posts[0]!.id, STORED_WIDTH, 'https://cdn.example/red.png'],
      [posts[1]!.id, STORED_WIDTH, null],
      [posts[2]!.id, STORED_WIDTH, null],
    ]);
    expect(stored[1]!.bytes.equals(blue!.bytes)).toBe(true);
    expect(stored[2]!.bytes.equals(blue!.bytes)).toBe(true);
    const hashes = await em.execute<Array<{ post_id: number; hash: string }>>('select post_id, hash::text from post_image_hashes where post_id in (?) order by post_id, variant', [
      posts.map((post) => post.id),
    ]);
    const expected = (picture: typeof red) => picture!.hashes.map((hash) => BigInt.asIntN(64, hash).toString());
    expect(hashes.filter((row) => row.post_id === posts[2]!.id).map((row) => row.hash)).toEqual(expected(blue));
    expect(hashes.filter((row) => row.post_id === posts[0]!.id).map((row) => row.hash)).toEqual(expected(red));
  });

  it('stores a picture without hashes as one the hash backfill has yet to reach', async () => {
    const em = env.orm.em.fork();
    const post = await createPost(em);
    const picture = await preparePicture(await solid(10, 200, 90), null);
    await storePicture(em, post.id, picture);
    await em.transactional((tx) => storePictures(tx, [{ ...picture, hashes: [] }], [{ postId: post.id, picture: 0 }]));
    const [left] = await em.execute<Array<{ count: string }>>('select count(*) from post_image_hashes where post_id = ?', [post.id]);
    expect(left?.count).toBe('0');
  });
});
