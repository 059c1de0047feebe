import sharp, { type Sharp } from 'sharp';
import { MAX_PICTURE_PIXELS } from '../../../http/uploaded-picture.js';

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

/** Pictures are shrunk to this before cropping: enough detail for a 32×32 sample of a 70 % crop. */
const WORKING_SIDE = 256;

/** A grey picture, one byte per pixel, row by row. */
export interface GreyPicture {
  data: Uint8Array;
  width: number;
  height: number;
}

export async function imageHashes(bytes: Buffer): Promise<bigint[]> {
  return hashesOfGrey(await greyWorkingPicture(sharp(bytes, { limitInputPixels: MAX_PICTURE_PIXELS }).rotate()));
}

/**
 * The picture shrunk to fit WORKING_SIDE, in grey: all the hash needs. Takes the caller's
 * pipeline (the import passes a clone of the one that makes the stored picture) and only adds
 * the steps after decoding; the shrink lets JPEG decode at 1/2–1/8 scale.
 */
export async function greyWorkingPicture(picture: Sharp): Promise<GreyPicture> {
  const { data, info } = await picture
    .flatten({ background: '#ffffff' })
    .resize({ width: WORKING_SIDE, height: WORKING_SIDE, fit: 'inside' })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: info.channels === 1 ? data : firstChannel(data, info.channels), width: info.width, height: info.height };
}

/**
 * One hash per HASH_VARIANT_SIDES crop, each averaged down to 32×32 here rather than by four more
 * sharp pipelines: each pipeline has a fixed cost (a few ms of CPU) far above the arithmetic.
 * Area averaging is what libvips does for these shrink factors (about 8× for the whole picture).
 */
export function hashesOfGrey(grey: GreyPicture): bigint[] {
  return HASH_VARIANT_SIDES.map((side) => {
    const width = Math.max(1, Math.round(grey.width * side));
    const height = Math.max(1, Math.round(grey.height * side));
    return hashGreyPixels(areaAverage(grey, { left: Math.floor((grey.width - width) / 2), top: Math.floor((grey.height - height) / 2), width, height }));
  });
}

/** The crop resampled to HASH_SAMPLE_SIDE² by area averaging (each output pixel is the mean of the input area it covers). */
function areaAverage(grey: GreyPicture, crop: { left: number; top: number; width: number; height: number }): Float64Array {
  const side = HASH_SAMPLE_SIDE;
  const columns = coverage(crop.width, side);
  const rows = coverage(crop.height, side);
  // Horizontal pass: every crop row shrunk to `side` values. Plain indexed loops over typed
  // arrays: this runs for every import, and iterating tuples cost ten times as much.
  const narrow = new Float64Array(crop.height * side);
  for (let y = 0; y < crop.height; y++) {
    const rowStart = (crop.top + y) * grey.width + crop.left;
    for (let x = 0; x < side; x++) {
      let sum = 0;
      for (let k = columns.offsets[x]!; k < columns.offsets[x + 1]!; k++) sum += grey.data[rowStart + columns.indexes[k]!]! * columns.weights[k]!;
      narrow[y * side + x] = sum;
    }
  }
  // Vertical pass.
  const sample = new Float64Array(side * side);
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      let sum = 0;
      for (let k = rows.offsets[y]!; k < rows.offsets[y + 1]!; k++) sum += narrow[rows.indexes[k]! * side + x]! * rows.weights[k]!;
      sample[y * side + x] = sum;
    }
  }
  return sample;
}

/**
 * For each of `out` cells over `size` input pixels, the input pixels it covers and their weights
 * (summing to 1): cell c's are entries offsets[c] to offsets[c + 1] - 1.
 */
function coverage(size: number, out: number): { offsets: Int32Array; indexes: Int32Array; weights: Float64Array } {
  const scale = size / out;
  const offsets = new Int32Array(out + 1);
  const indexes: number[] = [];
  const weights: number[] = [];
  for (let cell = 0; cell < out; cell++) {
    const start = cell * scale;
    const end = start + scale;
    for (let index = Math.floor(start); index < Math.min(size, Math.ceil(end)); index++) {
      indexes.push(index);
      weights.push((Math.min(end, index + 1) - Math.max(start, index)) / scale);
    }
    offsets[cell + 1] = indexes.length;
  }
  return { offsets, indexes: Int32Array.from(indexes), weights: Float64Array.from(weights) };
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
