/**
 * Pictures for seeded posts and people, drawn locally (picture-scenes.ts) and handed to the same
 * preparation an imported picture or an uploaded profile picture goes through, so they are
 * stored, hashed and served exactly as those are. Nothing is downloaded.
 */
import { availableParallelism } from 'node:os';
import sharp from 'sharp';
import { PostType } from '../../../domain/enums.js';
import { NetworkId } from '../../../domain/networks.js';
import { preparePicture, STORED_WIDTH, type PreparedPicture } from '../modules/posts/index.js';
import { avatarFromUpload } from '../modules/settings/index.js';
import { avatarSvg, PHOTO_SCENES, sceneSvg } from './picture-scenes.js';
import { Prng } from './prng.js';

/** The frames networks show posts in, by width over height. */
export const PICTURE_KINDS = {
  /** TikTok, reels, stories, Shorts. */
  portrait: 9 / 16,
  /** YouTube, Twitch, most videos elsewhere. */
  wide: 16 / 9,
  /** Instagram's and Facebook's tall photos. */
  tall: 4 / 5,
  square: 1,
  /** A text post's card, in a link preview's frame. */
  card: 1.91,
} as const;
export type PictureKind = keyof typeof PICTURE_KINDS;

/** The frame a post's picture has on its network; `roll` (0–1) picks where a network uses several. */
export function pictureKindFor(networkId: number, type: number, roll: number): PictureKind {
  if (type === PostType.Story) return 'portrait';
  if (type === PostType.Text) return 'card';
  switch (networkId) {
    case NetworkId.TikTok:
      return 'portrait';
    case NetworkId.YouTube:
    case NetworkId.Twitch:
      return 'wide';
    case NetworkId.Instagram:
      return type === PostType.Video ? 'portrait' : roll < 0.6 ? 'tall' : 'square';
    case NetworkId.Facebook:
      return type === PostType.Video ? 'wide' : roll < 0.5 ? 'tall' : 'square';
    case NetworkId.Twitter:
    case NetworkId.LinkedIn:
      return type === PostType.Video || roll < 0.65 ? 'wide' : 'square';
    default:
      return 'square';
  }
}

/** The import's encoding of a re-encoded network picture (posts' thumbnail-copy.ts), at its stored width. */
export const FULL_SIZE = { width: STORED_WIDTH, quality: 80 } as const;

/**
 * A post's picture from its seed: the scene and palette are the seed's, the frame the kind's.
 * Drawn straight into the WebP the import makes of a larger picture (`size` may ask a smaller,
 * lighter one): the import's preparation then keeps it as it keeps any such WebP, and hashes it.
 */
export async function renderPostPicture(seed: number, kind: PictureKind, size: { width: number; quality: number } = FULL_SIZE): Promise<PreparedPicture> {
  const prng = new Prng(seed);
  const height = Math.round(size.width / PICTURE_KINDS[kind]);
  const scene = kind === 'card' ? 'quote' : prng.pick(PHOTO_SCENES);
  const webp = await sharp(Buffer.from(sceneSvg(prng, scene, size.width, height))).webp({ quality: size.quality, effort: 2 }).toBuffer();
  return preparePicture(webp, null);
}

/** The side the seed draws profile pictures at: what an upload is cut down to. */
const AVATAR_SIDE = 512;

/** A profile picture from its seed, made as an upload's is (settings' avatarFromUpload). */
export async function renderAvatar(seed: number, kind: 'person' | 'company'): Promise<Buffer> {
  const png = await sharp(Buffer.from(avatarSvg(new Prng(seed), kind, AVATAR_SIDE))).png({ compressionLevel: 1 }).toBuffer();
  return avatarFromUpload(png);
}

/**
 * `work` over every item, a few at a time: sharp draws and encodes off the main thread, so this
 * keeps each core busy without queueing hundreds of pictures' memory at once.
 */
export async function mapConcurrently<T, R>(items: readonly T[], work: (item: T, index: number) => Promise<R>, limit = availableParallelism()): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
