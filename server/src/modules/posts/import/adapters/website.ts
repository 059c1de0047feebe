/**
 * Personal websites: any page, read through the metadata sites publish for link previews.
 * The site's host is the account's handle: a website has no usernames, and one site is one
 * author. The URL is user-given, which is why the client refuses private addresses.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdAuthor, jsonLdStats } from './json-ld.js';
import type { JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { unavailableReason } from './failures.js';
import { createPageAdapter } from './page-adapter.js';
import { hasPreviewMetadata } from './page-fetch.js';
import { hasVideo, ogDescription, ogImage, ogTitle, postedAtOf } from './page-post.js';

const MARKERS = {
  deleted: [/this (?:post|page) (?:has been|was) (?:removed|deleted)/i],
  private: [/password protected/i, /members only/i, /log in to (?:view|continue)/i],
};

const CONTENT_TYPES = ['BlogPosting', 'Article', 'NewsArticle', 'SocialMediaPosting', 'CreativeWork', 'VideoObject', 'ImageObject', 'WebPage'];

function content(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, CONTENT_TYPES);
}

/** On a portfolio site a page's picture is the work itself, not an avatar as on social networks. */
function websiteType(page: PageMetadata, post: JsonObject | null, pageUrl: string): PostType {
  if (hasVideo(page, post)) return PostType.Video;
  return ogImage(page, pageUrl, post) === null ? PostType.Text : PostType.Image;
}

export const websiteAdapter = createPageAdapter({
  networkId: NetworkId.Website,
  rules: {
    what: 'web page',
    markers: MARKERS,
    // Any page with preview tags is a post; a bare <title> only when the page does not say it is gone.
    hasPost: (page) =>
      hasPreviewMetadata(page) || (ogTitle(page) !== null && unavailableReason(`${page.title ?? ''}\n${page.text}`, MARKERS) === null),
  },
  read(page, { pageUrl }) {
    const post = content(page);
    const author = jsonLdAuthor(post);
    const host = new URL(pageUrl).hostname.replace(/^www\./, '');
    return {
      caption: ogTitle(page) ?? ogDescription(page),
      thumbnailUrl: ogImage(page, pageUrl, post),
      type: websiteType(page, post, pageUrl),
      postedAt: postedAtOf(page, post),
      author: { handle: host, displayName: page.meta('og:site_name') ?? author?.name ?? page.meta('author') ?? host, avatarUrl: author?.image ?? null },
    };
  },
  stats: (page) => jsonLdStats(content(page)),
});
