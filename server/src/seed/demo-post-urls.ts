/**
 * Handles and post links in each network's real shape, run through the same URL recognition
 * the app uses, so a demo post has exactly the (network, external id, url) a pasted link would.
 */
import { PostType } from '../../../domain/enums.js';
import { NetworkId } from '../../../domain/networks.js';
import { recognizePostUrl, type RecognizedPostUrl } from '../../../domain/url-recognition.js';
import type { Prng } from './prng.js';

const DIGITS = '0123456789';
const CODE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Networks with post links the app can track (docs/product.md §Posts). */
export const POSTING_NETWORKS: readonly NetworkId[] = [
  NetworkId.Twitter,
  NetworkId.Instagram,
  NetworkId.Facebook,
  NetworkId.YouTube,
  NetworkId.TikTok,
  NetworkId.LinkedIn,
  NetworkId.Twitch,
];

/** The handle a person with `username` and `name` would have on a network. */
export function handleFor(networkId: NetworkId, username: string, name: string): string {
  switch (networkId) {
    case NetworkId.Twitter:
    case NetworkId.Twitch:
      return username.replace(/\./g, '_').slice(0, 15);
    case NetworkId.LinkedIn:
      return username.replace(/[._]/g, '-');
    case NetworkId.YouTube:
      return name.normalize('NFD').replace(/[^A-Za-z0-9]/g, '');
    case NetworkId.Behance:
      return username.replace(/\./g, '');
    case NetworkId.Website:
      return `${username.replace(/[._]/g, '')}.com`;
    default:
      return username;
  }
}

/** Which kinds of post a network carries, most common first. */
export function postTypeFor(prng: Prng, networkId: NetworkId): PostType {
  switch (networkId) {
    case NetworkId.YouTube:
    case NetworkId.TikTok:
    case NetworkId.Twitch:
      return PostType.Video;
    case NetworkId.Instagram:
      return prng.pick([PostType.Image, PostType.Image, PostType.Video, PostType.Video, PostType.Image, PostType.Story]);
    case NetworkId.Twitter:
      return prng.pick([PostType.Text, PostType.Text, PostType.Image, PostType.Video, PostType.Gif]);
    case NetworkId.LinkedIn:
      return prng.pick([PostType.Text, PostType.Image, PostType.Video]);
    default:
      return prng.pick([PostType.Image, PostType.Video]);
  }
}

function slugOf(text: string, words: number): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9 ]/g, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, words)
    .join('-');
}

/** A link as someone would paste it (not yet normalised). */
function rawPostUrl(prng: Prng, networkId: NetworkId, handle: string, type: PostType, caption: string): string {
  switch (networkId) {
    case NetworkId.Twitter:
      return `https://x.com/${handle}/status/18${prng.chars(DIGITS, 17)}`;
    case NetworkId.Instagram:
      return `https://www.instagram.com/${type === PostType.Video ? 'reel' : 'p'}/${prng.pick(['C', 'D'])}${prng.chars(CODE, 10)}/`;
    case NetworkId.Facebook:
      return type === PostType.Video
        ? `https://www.facebook.com/watch/?v=10${prng.chars(DIGITS, 14)}`
        : `https://www.facebook.com/${handle}/posts/pfbid0${prng.chars(ALNUM, 30)}`;
    case NetworkId.YouTube:
      return `https://www.youtube.com/watch?v=${prng.chars(CODE, 11)}`;
    case NetworkId.TikTok:
      return `https://www.tiktok.com/@${handle}/video/74${prng.chars(DIGITS, 17)}`;
    case NetworkId.LinkedIn:
      return `https://www.linkedin.com/posts/${handle}_${slugOf(caption, 5)}-activity-72${prng.chars(DIGITS, 17)}-${prng.chars(ALNUM, 4)}`;
    case NetworkId.Twitch:
      return `https://www.twitch.tv/videos/2${prng.chars(DIGITS, 9)}`;
    default:
      throw new Error(`network ${networkId} has no post links`);
  }
}

/** A recognised post link on `networkId`, with an external id not in `taken` (which it joins). */
export function demoPostUrl(prng: Prng, networkId: NetworkId, handle: string, type: PostType, caption: string, taken: Set<string>): RecognizedPostUrl {
  for (;;) {
    const recognized = recognizePostUrl(rawPostUrl(prng, networkId, handle, type, caption));
    if (!recognized.ok) throw new Error(`demo link for network ${networkId} is not recognised: ${recognized.error.message}`);
    const key = `${networkId}:${recognized.value.externalId}`;
    if (!taken.has(key)) {
      taken.add(key);
      return recognized.value;
    }
  }
}
