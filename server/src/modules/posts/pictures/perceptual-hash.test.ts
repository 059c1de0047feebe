import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { BAND_PROBE_RADIUS, MATCH_RADIUS, bandNeighbours, bandsOf } from './hash-index.js';
import { hammingDistance, imageHashes } from './perceptual-hash.js';
import { croppedReencodedCopy, syntheticPicture } from '../../visualmatch/index.js';

/** The closest pair between two pictures' hash sets: what the index compares. */
async function distance(a: Buffer, b: Buffer): Promise<number> {
  const [hashesA, hashesB] = await Promise.all([imageHashes(a), imageHashes(b)]);
  return Math.min(...hashesA.flatMap((x) => hashesB.map((y) => hammingDistance(x, y))));
}

describe('perceptual hash', () => {
  it('keeps re-encoded, resized and cropped copies within the match radius', async () => {
    for (const seed of [11, 12, 13, 14, 15, 16, 17, 18]) {
      const original = await syntheticPicture(seed);
      const reencoded = await sharp(original).jpeg({ quality: 40 }).toBuffer();
      const resized = await sharp(original).resize({ width: 200 }).webp({ quality: 60 }).toBuffer();
      const cropped = await croppedReencodedCopy(original);
      const tightCrop = await croppedReencodedCopy(original, { left: 0.14, top: 0.13, right: 0.15, bottom: 0.14 });
      const bordered = await sharp(original).extend({ top: 40, bottom: 40, left: 30, right: 30, background: '#000' }).jpeg().toBuffer();
      expect(await distance(original, reencoded), `re-encoded ${seed}`).toBeLessThanOrEqual(3);
      expect(await distance(original, resized), `resized ${seed}`).toBeLessThanOrEqual(4);
      expect(await distance(original, cropped), `cropped ${seed}`).toBeLessThanOrEqual(MATCH_RADIUS);
      expect(await distance(original, tightCrop), `tightly cropped ${seed}`).toBeLessThanOrEqual(MATCH_RADIUS);
      expect(await distance(original, bordered), `with borders ${seed}`).toBeLessThanOrEqual(MATCH_RADIUS);
    }
  });

  it('keeps different pictures far apart', async () => {
    const pictures = await Promise.all([21, 22, 23, 24, 25, 26].map((seed) => syntheticPicture(seed)));
    for (let a = 0; a < pictures.length; a++) {
      for (let b = a + 1; b < pictures.length; b++) {
        expect(await distance(pictures[a]!, pictures[b]!)).toBeGreaterThan(MATCH_RADIUS + 4);
      }
    }
  });

  it('hashes a flat picture and odd formats without failing', async () => {
    const flat = await sharp({ create: { width: 50, height: 3, channels: 4, background: { r: 10, g: 200, b: 10, alpha: 0.5 } } }).png().toBuffer();
    expect(await imageHashes(flat)).toHaveLength(4);
  });
});

describe('band probes', () => {
  it('lists every 16-bit value within the probe radius once (1 + 16 + 120 for radius 2)', () => {
    expect(BAND_PROBE_RADIUS).toBe(2);
    const neighbours = bandNeighbours(0b1010_0000_1111_0001);
    expect(neighbours).toHaveLength(137);
    expect(new Set(neighbours).size).toBe(137);
    for (const value of neighbours) expect(hammingDistance(BigInt(value), 0b1010_0000_1111_0001n)).toBeLessThanOrEqual(2);
  });

  it('finds a shared band for any two hashes within the match radius (pigeonhole)', () => {
    const base = 0x0123_4567_89ab_cdefn;
    // The worst case spreads the differing bits evenly: 10 bits as 3 + 3 + 2 + 2.
    const spread = base ^ 0b111n ^ (0b111n << 16n) ^ (0b11n << 32n) ^ (0b11n << 48n);
    expect(hammingDistance(base, spread)).toBe(MATCH_RADIUS);
    const probed = bandsOf(base).map((band) => new Set(bandNeighbours(band)));
    expect(bandsOf(spread).some((band, index) => probed[index]!.has(band))).toBe(true);
  });
});
