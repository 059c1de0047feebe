/**
 * Threads: the post page's Open Graph tags (og:title is `Name (@handle) on Threads`, the
 * description is the post) and the schema.org posting where Threads gives counts.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdStats } from './json-ld.js';
import type { JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { blankToNull, handleFromUrl, mediaType, ogDescription, ogImage, ogTitle, postedAtOf, requireHandle } from './page-post.js';

const THREADS_HOSTS = ['threads.net', 'threads.com'];

function posting(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, ['SocialMediaPosting', 'DiscussionForumPosting']);
}

export const threadsAdapter = createPageAdapter({
  networkId: NetworkId.Threads,
  rules: {
    what: 'Threads post page',
    loginWall: /^\/login(?:\/|$)/,
    markers: {
      deleted: [/(?:post|thread) (?:was|has been) deleted/i, /no longer available/i, /may have been removed/i],
      private: [/this profile is private/i, /account is private/i],
    },
  },
  read(page, { pageUrl }) {
    const post = posting(page);
    const titled = /^(.*?)\s*\(@([A-Za-z0-9._]+)\)/.exec(ogTitle(page) ?? '');
    const type = mediaType(page, post);
    return {
      caption: ogDescription(page),
      // A text post's preview picture is its author's avatar, not a picture of the post.
      thumbnailUrl: type === PostType.Text ? null : ogImage(page, pageUrl, post),
      type,
      postedAt: postedAtOf(page, post),
      author: {
        handle: requireHandle('Threads post page', titled?.[2], handleFromUrl(pageUrl, THREADS_HOSTS)),
        displayName: blankToNull(titled?.[1]),
        avatarUrl: null,
      },
    };
  },
  stats: (page) => jsonLdStats(posting(page)),
});
