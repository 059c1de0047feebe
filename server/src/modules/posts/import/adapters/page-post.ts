/** Post fields read from page metadata the same way on every network that publishes it. */
import { PostType } from '../../../../../../domain/enums.js';
import { ScrapeFailure } from '../scraped-post.js';
import { jsonLdDate, jsonLdImage } from './json-ld.js';
import type { JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';

export function ogTitle(page: PageMetadata): string | null {
  return page.meta('og:title') ?? page.meta('twitter:title') ?? page.title;
}

export function ogDescription(page: PageMetadata): string | null {
  return page.meta('og:description') ?? page.meta('twitter:description') ?? page.meta('description');
}

/** The preview picture as an absolute http(s) URL (sites often write og:image relative to the page). */
export function ogImage(page: PageMetadata, pageUrl: string, post: JsonObject | null = null): string | null {
  const candidate = page.meta('og:image:secure_url') ?? page.meta('og:image') ?? page.meta('twitter:image') ?? jsonLdImage(post);
  return candidate === null ? null : absoluteHttpUrl(candidate, pageUrl);
}

export function absoluteHttpUrl(candidate: string, base: string): string | null {
  try {
    const url = new URL(candidate, base);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

export function hasVideo(page: PageMetadata, post: JsonObject | null = null): boolean {
  const ogType = page.meta('og:type') ?? '';
  return (
    page.meta('og:video') !== null ||
    page.meta('og:video:url') !== null ||
    page.meta('og:video:secure_url') !== null ||
    ogType.startsWith('video') ||
    page.meta('twitter:card') === 'player' ||
    post?.['@type'] === 'VideoObject'
  );
}

/**
 * Video when the page has a video; Image when its picture is the post's own (a large card or
 * a schema.org image), not just the author's avatar that text posts show; otherwise Text.
 */
export function mediaType(page: PageMetadata, post: JsonObject | null = null): PostType {
  if (hasVideo(page, post)) return PostType.Video;
  if (page.meta('twitter:card') === 'summary_large_image' || jsonLdImage(post) !== null) return PostType.Image;
  return PostType.Text;
}

export function postedAtOf(page: PageMetadata, post: JsonObject | null = null): Date | null {
  return parseDate(
    page.meta('article:published_time') ??
      page.meta('og:published_time') ??
      jsonLdDate(post) ??
      page.meta('datePublished') ??
      page.meta('uploadDate'),
  );
}

export function parseDate(text: string | null | undefined): Date | null {
  if (!text) return null;
  const date = new Date(/^\d+$/.test(text) ? Number(text) * 1000 : text);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** The segment after `marker` in a profile URL (or the first segment), without a leading @. */
export function handleFromUrl(url: string | null | undefined, hosts: readonly string[], marker?: string): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (!hosts.includes(parsed.hostname.replace(/^(www|m)\./, ''))) return null;
  const segments = parsed.pathname.split('/').filter(Boolean);
  const index = marker === undefined ? 0 : segments.indexOf(marker) + 1;
  const handle = marker !== undefined && index === 0 ? undefined : segments[index];
  return handle ? decodeURIComponent(handle).replace(/^@/, '') : null;
}

/** Every post belongs to an account; a post whose author we cannot tell is not usable. */
export function requireHandle(what: string, ...candidates: ReadonlyArray<string | null | undefined>): string {
  const handle = candidates.find((candidate): candidate is string => typeof candidate === 'string' && candidate.trim() !== '');
  if (handle === undefined) throw new ScrapeFailure('malformed', `${what}: no author found`);
  return handle.trim().replace(/^@/, '');
}

export function blankToNull(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? trimmed : null;
}
