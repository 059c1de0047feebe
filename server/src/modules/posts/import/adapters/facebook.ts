/**
 * Facebook: the post page's Open Graph tags and the schema.org posting Facebook publishes
 * for search engines (author, date, reactions). Support is limited (docs/product.md §Posts): much
 * of Facebook sits behind its login page, which we report as private.
 */
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdAuthor, jsonLdStats } from './json-ld.js';
import { stringAt, type JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { handleFromUrl, mediaType, ogDescription, ogImage, ogTitle, postedAtOf, requireHandle } from './page-post.js';

const FACEBOOK_HOSTS = ['facebook.com', 'web.facebook.com'];
const POSTING_TYPES = ['SocialMediaPosting', 'VideoObject', 'ImageObject', 'Article'];
/** First path segments that are Facebook's own routes, not a page's handle. */
const NOT_HANDLES = new Set(['watch', 'photo', 'photo.php', 'permalink.php', 'story.php', 'reel', 'share', 'groups', 'profile.php']);

function posting(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, POSTING_TYPES);
}

export const facebookAdapter = createPageAdapter({
  networkId: NetworkId.Facebook,
  rules: {
    what: 'Facebook post page',
    loginWall: /^\/(?:login|login\.php|checkpoint)(?:\/|$)/,
    markers: {
      deleted: [/may have been removed/i, /this page isn't available/i],
      private: [/this content isn't available/i, /only shared it with a small group/i, /you must log in/i],
    },
  },
  read(page, { pageUrl }) {
    const post = posting(page);
    const author = jsonLdAuthor(post);
    const pageHandle = handleFromUrl(page.meta('og:url') ?? pageUrl, FACEBOOK_HOSTS);
    return {
      caption: stringAt(post, 'articleBody') ?? ogDescription(page),
      thumbnailUrl: ogImage(page, pageUrl, post),
      type: mediaType(page, post),
      postedAt: postedAtOf(page, post),
      author: {
        handle: requireHandle('Facebook post page', handleFromUrl(author?.url, FACEBOOK_HOSTS), pageHandle !== null && !NOT_HANDLES.has(pageHandle) ? pageHandle : null),
        displayName: author?.name ?? ogTitle(page),
        avatarUrl: author?.image ?? null,
      },
    };
  },
  stats: (page) => jsonLdStats(posting(page)),
});
