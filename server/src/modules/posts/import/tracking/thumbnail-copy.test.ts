import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { hammingDistance, imageHashes } from '../../pictures/perceptual-hash.js';
import { syntheticPicture } from '../../../visualmatch/index.js';
import { STORED_WIDTH } from '../../thumbnail-store.js';
import type { OutboundHttp } from '../scraped-post.js';
import { fetchPicture } from './thumbnail-copy.js';

/** The network's picture, as the import's outbound HTTP would fetch it. */
function serving(bytes: Buffer): OutboundHttp {
  return { get: async (url) => ({ status: 200, url, headers: new Headers(), text: async () => '', bytes: async () => new Uint8Array(bytes) }) };
}

describe('preparing a network picture for storage', () => {
  it('keeps a small JPEG without metadata byte for byte, hashed as Visual Match hashes it', async () => {
    const jpeg = await sharp(await syntheticPicture(31, 320, 400)).jpeg({ quality: 80 }).toBuffer();
    const picture = await fetchPicture(serving(jpeg), 'https://cdn.example/a.jpg');
    expect(picture.contentType).toBe('image/jpeg');
    expect(picture.bytes.equals(jpeg)).toBe(true);
    expect(picture.hashes).toEqual(await imageHashes(jpeg));
  });

  it('re-encodes a large picture, a PNG and a JPEG with EXIF as one WebP at most the stored width', async () => {
    const large = await sharp(await syntheticPicture(32, 1080, 1350)).jpeg({ quality: 90 }).toBuffer();
    const png = await syntheticPicture(33, 300, 300);
    const withExif = await sharp(await syntheticPicture(34, 300, 200)).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    for (const source of [large, png, withExif]) {
      const picture = await fetchPicture(serving(source), 'https://cdn.example/b');
      expect(picture.contentType).toBe('image/webp');
      const metadata = await sharp(picture.bytes).metadata();
      expect(metadata.format).toBe('webp');
      expect(metadata.width).toBeLessThanOrEqual(STORED_WIDTH);
      expect(metadata.exif).toBeUndefined();
      // The hashes come from the source's decode; the stored copy hashes within a few bits of them.
      const stored = await imageHashes(picture.bytes);
      expect(Math.max(...stored.map((hash, variant) => hammingDistance(hash, picture.hashes[variant]!)))).toBeLessThanOrEqual(4);
    }
    // EXIF orientation 6: the stored copy is turned upright (200 wide, 300 high).
    const upright = await sharp((await fetchPicture(serving(withExif), 'https://cdn.example/c')).bytes).metadata();
    expect([upright.width, upright.height]).toEqual([200, 300]);
  });

  it('refuses what is not a picture', async () => {
    await expect(fetchPicture(serving(Buffer.from('<html>not a picture</html>')), 'https://cdn.example/d')).rejects.toThrow();
  });
});
