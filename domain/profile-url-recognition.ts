/**
 * Recognises links to a person's profile rather than to a post. docs/product.md §Search: profile
 * links are treated as searches, so the search box searches for the handle instead of tracking.
 */
import { NetworkId } from './networks.js';
import { parseLink, networkIdForHost, type LinkParts } from './url-parts.js';

export interface RecognizedProfile {
  readonly networkId: NetworkId;
  /** The handle without any leading @, ready to search for or pass to `profileUrl`. */
  readonly handle: string;
}

/** Letters (any script), digits, _, . and - : what the networks allow in handles. */
const HANDLE = /^[\p{L}\p{N}_.-]{1,100}$/u;

/** First path segments that are site pages, not people, on networks with /{handle} profiles. */
const RESERVED_FIRST_SEGMENTS: Readonly<Partial<Record<NetworkId, ReadonlySet<string>>>> = {
  [NetworkId.Twitter]: new Set(['home', 'explore', 'search', 'settings', 'notifications', 'messages', 'i', 'intent', 'share', 'hashtag', 'login', 'signup', 'tos', 'privacy', 'compose']),
  [NetworkId.Instagram]: new Set(['p', 'reel', 'reels', 'tv', 'explore', 'stories', 'accounts', 'direct', 'share', 'about', 'developer', 'legal']),
  [NetworkId.Facebook]: new Set(['watch', 'groups', 'reel', 'reels', 'share', 'photo', 'photo.php', 'permalink.php', 'story.php', 'events', 'pages', 'marketplace', 'gaming', 'login', 'help', 'home.php', 'stories', 'friends', 'bookmarks', 'notifications', 'messages', 'settings', 'search', 'hashtag']),
  [NetworkId.Twitch]: new Set(['videos', 'directory', 'settings', 'search', 'downloads', 'jobs', 'turbo', 'subscriptions', 'inventory', 'wallet', 'drops', 'friends', 'login', 'signup', 'clip', 'p']),
  [NetworkId.Behance]: new Set(['gallery', 'galleries', 'search', 'joblist', 'live', 'blog', 'assets', 'hire', 'for_you', 'onboarding', 'features', 'about', 'pro']),
};

function handleIfValid(candidate: string | undefined): string | null {
  if (candidate === undefined) return null;
  const handle = candidate.replace(/^@/, '');
  return HANDLE.test(handle) ? handle : null;
}

/** `/{handle}` and nothing else, where the first segment is not a site page. */
function singleSegmentHandle(networkId: NetworkId, segments: readonly string[]): string | null {
  const [first] = segments;
  if (segments.length !== 1 || first === undefined || first.startsWith('@')) return null;
  if (RESERVED_FIRST_SEGMENTS[networkId]?.has(first.toLowerCase())) return null;
  return handleIfValid(first);
}

/** `/@handle` as the whole path. */
function atHandleOnly(segments: readonly string[]): string | null {
  const [first] = segments;
  return segments.length === 1 && first?.startsWith('@') ? handleIfValid(first) : null;
}

function handleFor(networkId: NetworkId, { host, segments, query }: LinkParts): string | null {
  const [first, second] = segments;
  switch (networkId) {
    case NetworkId.Twitter:
    case NetworkId.Instagram:
    case NetworkId.Behance:
      return singleSegmentHandle(networkId, segments);
    case NetworkId.Twitch:
      // clips.twitch.tv/{slug} is a clip, never a channel.
      return host === 'twitch.tv' ? singleSegmentHandle(networkId, segments) : null;
    case NetworkId.Facebook:
      if (host === 'fb.watch') return null;
      if (first === 'profile.php') return handleIfValid(query.get('id') ?? undefined);
      return singleSegmentHandle(networkId, segments);
    case NetworkId.YouTube:
      // /@handle and its tabs (/@handle/videos) are all the channel page; posts live under /watch and /shorts.
      if (host !== 'youtube.com') return null;
      if (first?.startsWith('@')) return handleIfValid(first);
      return first === 'c' || first === 'user' ? handleIfValid(second) : null;
    case NetworkId.TikTok:
    case NetworkId.Threads:
      // /@user/video/… and /@user/post/… are posts, so only the bare /@user is a profile.
      return host === 'tiktok.com' || networkId === NetworkId.Threads ? atHandleOnly(segments) : null;
    case NetworkId.Snapchat:
      return first === 'add' ? handleIfValid(second) : atHandleOnly(segments);
    case NetworkId.LinkedIn:
      return first === 'in' || first === 'company' ? handleIfValid(second) : null;
    case NetworkId.Website:
      return null;
  }
}

/** The network and handle of a profile link, or null when the text is not one. */
export function recognizeProfileUrl(url: string): RecognizedProfile | null {
  const link = parseLink(url);
  if (link === null) return null;
  const networkId = networkIdForHost(link.host);
  if (networkId === null) return null;
  const handle = handleFor(networkId, link);
  return handle === null ? null : { networkId, handle };
}
