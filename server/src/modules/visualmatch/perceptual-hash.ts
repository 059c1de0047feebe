import sharp from 'sharp';

/**
 * A 64-bit DCT perceptual hash (pHash): the picture shrunk to 32×32 grey, its 2-D DCT, and one
 * bit per low-frequency coefficient saying whether it is above their median. Re-encoding,
 * resizing and mild colour changes move few coefficients across the median, so copies land a
 * few bits apart; unrelated pictures land about 32 bits apart (half the bits differ).
 *
 * The 64 coefficients are the lowest by u + v (a triangle, as JPEG's zigzag reads them), not
 * the usual 8×8 square: the square's far corner (u = v = 8) turns half a cycle for a shift of
 * 1/16 of the picture, so an off-centre crop of a few per cent flipped many of its bits. The DC
 * coefficient (overall brightness) is left out.
 */
export const HASH_SAMPLE_SIDE = 32;

const FREQUENCIES: Array<[u: number, v: number]> = [];
for (let sum = 1; FREQUENCIES.length < 64; sum++) {
  for (let u = 0; u <= sum && FREQUENCIES.length < 64; u++) FREQUENCIES.push([u, sum - u]);
}
const HIGHEST_FREQUENCY = Math.max(...FREQUENCIES.flat());

/** cos((2x+1)uπ/2N) for u = 0..HIGHEST_FREQUENCY and x = 0..31: the only DCT rows the hash needs. */
const COSINES: Float64Array[] = Array.from({ length: HIGHEST_FREQUENCY + 1 }, (_, u) =>
  Float64Array.from({ length: HASH_SAMPLE_SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * HASH_SAMPLE_SIDE))),
);

/** The hash of 32×32 grey values (row by row, any scale). Exposed so tests can hash synthetic pixels without encoding them. */
export function hashGreyPixels(pixels: ArrayLike<number>): bigint {
  if (pixels.length !== HASH_SAMPLE_SIDE * HASH_SAMPLE_SIDE) throw new Error(`expected ${HASH_SAMPLE_SIDE}² grey values`);
  // Separable DCT: first along each row for every needed horizontal frequency, then down the columns.
  const rowPass = COSINES.map((cosines) => {
    const byRow = new Float64Array(HASH_SAMPLE_SIDE);
    for (let y = 0; y < HASH_SAMPLE_SIDE; y++) {
      let sum = 0;
      for (let x = 0; x < HASH_SAMPLE_SIDE; x++) sum += pixels[y * HASH_SAMPLE_SIDE + x]! * cosines[x]!;
      byRow[y] = sum;
    }
    return byRow;
  });
  const coefficients = FREQUENCIES.map(([u, v]) => {
    const byRow = rowPass[u]!;
    const cosines = COSINES[v]!;
    let sum = 0;
    for (let y = 0; y < HASH_SAMPLE_SIDE; y++) sum += byRow[y]! * cosines[y]!;
    return sum;
  });
  const sorted = [...coefficients].sort((a, b) => a - b);
  const median = (sorted[31]! + sorted[32]!) / 2;
  let hash = 0n;
  for (let bit = 0; bit < 64; bit++) if (coefficients[bit]! > median) hash |= 1n << BigInt(bit);
  return hash;
}

/**
 * The picture's hashes, one per variant: the whole picture and centred crops keeping 90, 80 and
 * 70 % of each side. A plain pHash of a cropped copy is far from the original's (everything moved
 * and grew), but close to the original's crop of about the same size, so storing a few crops
 * lets a cropped repost match one of them. A query is hashed the same way, which also covers the
 * reverse (a copy with borders added matches the stored whole picture by one of its own crops).
 */
export const HASH_VARIANT_SIDES = [1, 0.9, 0.8, 0.7] as const;

/** Larger pictures are refused before decoding (a small file can claim billions of pixels). */
const MAX_INPUT_PIXELS = 50_000_000;

/** Pictures are shrunk to this before cropping: enough detail for a 32×32 sample of a 70 % crop. */
const WORKING_SIDE = 256;

export async function imageHashes(bytes: Buffer): Promise<bigint[]> {
  const { data, info } = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .flatten({ background: '#ffffff' })
    .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  const grey = info.channels === 1 ? data : firstChannel(data, info.channels);
  return Promise.all(
    HASH_VARIANT_SIDES.map(async (side) => {
      const width = Math.max(1, Math.round(info.width * side));
      const height = Math.max(1, Math.round(info.height * side));
      const sample = await sharp(grey, { raw: { width: info.width, height: info.height, channels: 1 } })
        .extract({ left: Math.floor((info.width - width) / 2), top: Math.floor((info.height - height) / 2), width, height })
        .resize({ width: HASH_SAMPLE_SIDE, height: HASH_SAMPLE_SIDE, fit: 'fill' })
        .toColourspace('b-w')
        .raw()
        .toBuffer({ resolveWithObject: true });
      return hashGreyPixels(sample.info.channels === 1 ? sample.data : firstChannel(sample.data, sample.info.channels));
    }),
  );
}

function firstChannel(data: Buffer, channels: number): Buffer {
  const grey = Buffer.alloc(data.length / channels);
  for (let index = 0; index < grey.length; index++) grey[index] = data[index * channels]!;
  return grey;
}

export function hammingDistance(a: bigint, b: bigint): number {
  let difference = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (difference) {
    difference &= difference - 1n;
    count++;
  }
  return count;
}
