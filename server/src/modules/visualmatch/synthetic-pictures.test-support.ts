import sharp from 'sharp';

/** A small deterministic random source, so a failing picture can be made again from its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x1_0000_0000;
  };
}

/** A picture of random shapes over a gradient, like no other seed's: stands in for a post's photo. */
export function syntheticSvg(seed: number, width = 640, height = 800): string {
  const random = seededRandom(seed);
  const colour = () => `rgb(${Math.floor(random() * 256)},${Math.floor(random() * 256)},${Math.floor(random() * 256)})`;
  const shapes: string[] = [];
  for (let index = 0; index < 14; index++) {
    const x = Math.floor(random() * width);
    const y = Math.floor(random() * height);
    const size = 30 + Math.floor(random() * 220);
    shapes.push(
      random() < 0.5
        ? `<circle cx="${x}" cy="${y}" r="${size / 2}" fill="${colour()}"/>`
        : `<rect x="${x - size / 2}" y="${y - size / 2}" width="${size}" height="${Math.floor(size * (0.4 + random()))}" fill="${colour()}" transform="rotate(${Math.floor(random() * 90)} ${x} ${y})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="${random().toFixed(2)}" y2="1"><stop offset="0" stop-color="${colour()}"/><stop offset="1" stop-color="${colour()}"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${shapes.join('')}</svg>`;
}

export function syntheticPicture(seed: number, width = 640, height = 800): Promise<Buffer> {
  return sharp(Buffer.from(syntheticSvg(seed, width, height))).png().toBuffer();
}

/** What a repost does to a picture: crop a little off each side (not evenly), shrink, re-encode as a lower-quality JPEG. */
export async function croppedReencodedCopy(picture: Buffer, crop = { left: 0.08, top: 0.05, right: 0.1, bottom: 0.09 }): Promise<Buffer> {
  const { width = 0, height = 0 } = await sharp(picture).metadata();
  const left = Math.round(width * crop.left);
  const top = Math.round(height * crop.top);
  return sharp(picture)
    .extract({ left, top, width: width - left - Math.round(width * crop.right), height: height - top - Math.round(height * crop.bottom) })
    .resize({ width: 480 })
    .jpeg({ quality: 55 })
    .toBuffer();
}

const GREY_SIDE = 64;

/**
 * The hashes of a synthetic picture drawn straight into grey pixels (a gradient and random
 * rectangles and discs, no encoding): thousands per second, with the structure of real pictures'
 * hashes, unlike random bits. Variants are the same centred crops the index stores.
 */
export function syntheticPictureHashes(seed: number, variantSides: readonly number[], hashGreyPixels: (pixels: ArrayLike<number>) => bigint): bigint[] {
  const random = seededRandom(seed);
  const pixels = new Float64Array(GREY_SIDE * GREY_SIDE);
  const [from, to, slant] = [random() * 255, random() * 255, random()];
  for (let y = 0; y < GREY_SIDE; y++) {
    for (let x = 0; x < GREY_SIDE; x++) pixels[y * GREY_SIDE + x] = from + ((to - from) * (y + slant * x)) / (GREY_SIDE * (1 + slant));
  }
  for (let shape = 0; shape < 10; shape++) {
    const [cx, cy, size, shade, round] = [random() * GREY_SIDE, random() * GREY_SIDE, 3 + random() * 20, random() * 255, random() < 0.5];
    for (let y = Math.max(0, Math.floor(cy - size)); y < Math.min(GREY_SIDE, cy + size); y++) {
      for (let x = Math.max(0, Math.floor(cx - size)); x < Math.min(GREY_SIDE, cx + size); x++) {
        if (!round || (x - cx) ** 2 + (y - cy) ** 2 <= size * size) pixels[y * GREY_SIDE + x] = shade;
      }
    }
  }
  return variantSides.map((side) => {
    const span = GREY_SIDE * side;
    const offset = (GREY_SIDE - span) / 2;
    const sample = new Float64Array(32 * 32);
    for (let y = 0; y < 32; y++) {
      for (let x = 0; x < 32; x++) {
        sample[y * 32 + x] = pixels[Math.floor(offset + ((y + 0.5) * span) / 32) * GREY_SIDE + Math.floor(offset + ((x + 0.5) * span) / 32)]!;
      }
    }
    return hashGreyPixels(sample);
  });
}
