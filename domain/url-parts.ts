/**
 * Shared groundwork for recognising links: turning pasted text into a parsed http(s) URL
 * and mapping its host to one of our networks. Kept free of any per-network path rules.
 */
import { NetworkId } from './networks.js';

/** A pasted link, reduced to what recognition needs. */
export interface LinkParts {
  /** Lower-case host with `www.`, `m.` and `mobile.` removed, e.g. `youtube.com`. */
  readonly host: string;
  /** Non-empty, percent-decoded path segments: `/a//b/` gives `['a', 'b']`. */
  readonly segments: readonly string[];
  readonly query: URLSearchParams;
}

/** Any `scheme:` at the start, e.g. `https:`, `ftp:`, `javascript:`. */
const SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Parses pasted text as a link. Text without a scheme (`www.tiktok.com/@a/video/1`) is read
 * as https, because people often copy links without it; any scheme other than http and https
 * is refused (docs/product.md §Posts: only http and https urls are valid). Returns null when not a
 * usable link.
 */
export function parseLink(text: string): LinkParts | null {
  const trimmed = text.trim();
  if (trimmed === '' || /\s/.test(trimmed)) return null;
  const withScheme = SCHEME_PATTERN.test(trimmed) ? trimmed : `https://${trimmed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const host = canonicalHost(url.hostname);
  if (host === '') return null;
  return { host, segments: pathSegments(url.pathname), query: url.searchParams };
}

/** Prefixes that only pick a web or mobile edition of the same site, never a different post. */
const EDITION_PREFIXES = ['www.', 'm.', 'mobile.'];

export function canonicalHost(hostname: string): string {
  let host = hostname.toLowerCase().replace(/\.$/, '');
  let stripped = true;
  while (stripped) {
    stripped = false;
    for (const prefix of EDITION_PREFIXES) {
      if (host.startsWith(prefix) && host.length > prefix.length) {
        host = host.slice(prefix.length);
        stripped = true;
      }
    }
  }
  return host;
}

function pathSegments(pathname: string): string[] {
  return pathname
    .split('/')
    .filter((segment) => segment !== '')
    .map(safeDecode);
}

/** A malformed escape such as `%E0%A4%A` must not throw; keep the raw segment instead. */
function safeDecode(segment: string): string {
  return decodePathSegment(segment) ?? segment;
}

/** A path segment decoded, or null where its escapes are malformed (such as `%E0%A4%A`). */
export function decodePathSegment(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** Hosts (after `canonicalHost`) that belong to each network we know. */
const HOSTS_BY_NETWORK: ReadonlyArray<readonly [NetworkId, readonly string[]]> = [
  [NetworkId.Twitter, ['twitter.com', 'x.com']],
  [NetworkId.Instagram, ['instagram.com', 'instagr.am']],
  [NetworkId.Facebook, ['facebook.com', 'fb.com', 'fb.watch', 'web.facebook.com']],
  [NetworkId.YouTube, ['youtube.com', 'youtu.be']],
  [NetworkId.TikTok, ['tiktok.com', 'vm.tiktok.com', 'vt.tiktok.com']],
  [NetworkId.Behance, ['behance.net']],
  [NetworkId.LinkedIn, ['linkedin.com', 'lnkd.in']],
  [NetworkId.Twitch, ['twitch.tv', 'clips.twitch.tv']],
  [NetworkId.Threads, ['threads.net', 'threads.com']],
  [NetworkId.Snapchat, ['snapchat.com']],
];

/**
 * Which network a canonical host belongs to, or null for any other site. The personal
 * website network has no host of its own, so it is never returned here.
 */
export function networkIdForHost(host: string): NetworkId | null {
  for (const [networkId, hosts] of HOSTS_BY_NETWORK) {
    if (hosts.includes(host)) return networkId;
  }
  return null;
}

// In its own module so the client's shell (the search box) can use it without the networks table.
export { isUrlLike } from './url-like.js';
