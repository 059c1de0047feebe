/**
 * Snapchat: Spotlight and public story pages carry Open Graph tags and a schema.org
 * VideoObject whose creator's alternateName is the Snapchat username, with view, like,
 * comment and share counters.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdAuthor, jsonLdStats } from './json-ld.js';
import type { JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { handleFromUrl, ogDescription, ogImage, ogTitle, postedAtOf, requireHandle } from './page-post.js';

const SNAPCHAT_HOSTS = ['snapchat.com'];

function snap(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, ['VideoObject', 'ImageObject', 'SocialMediaPosting']);
}

export const snapchatAdapter = createPageAdapter({
  networkId: NetworkId.Snapchat,
  rules: {
    what: 'Snapchat page',
    markers: {
      deleted: [/(?:snap|spotlight|story) (?:is no longer available|was removed|has been removed)/i, /no longer available/i],
      private: [/(?:snap|story|content) is private/i],
    },
  },
  read(page, { pageUrl }) {
    const post = snap(page);
    const author = jsonLdAuthor(post);
    return {
      caption: ogDescription(page) ?? ogTitle(page),
      thumbnailUrl: ogImage(page, pageUrl, post),
      type: post?.['@type'] === 'ImageObject' ? PostType.Image : PostType.Video,
      postedAt: postedAtOf(page, post),
      author: {
        handle: requireHandle('Snapchat page', author?.alternateName, handleFromUrl(author?.url, SNAPCHAT_HOSTS, 'add')),
        displayName: author?.name ?? null,
        avatarUrl: author?.image ?? null,
      },
    };
  },
  stats: (page) => jsonLdStats(snap(page)),
});
