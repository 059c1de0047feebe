/**
 * Behance: a project (gallery) page, with Open Graph tags and a schema.org CreativeWork
 * carrying the owner, the date, views and appreciations (counted as likes).
 */
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdAuthor, jsonLdStats } from './json-ld.js';
import type { JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { handleFromUrl, mediaType, ogDescription, ogImage, ogTitle, postedAtOf, requireHandle } from './page-post.js';

const BEHANCE_HOSTS = ['behance.net'];

function project(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, ['CreativeWork', 'VisualArtwork', 'ImageObject', 'VideoObject']);
}

export const behanceAdapter = createPageAdapter({
  networkId: NetworkId.Behance,
  rules: {
    what: 'Behance project page',
    markers: {
      deleted: [/project (?:has been|was) (?:removed|deleted)/i, /no longer available/i],
      private: [/project is private/i, /not available to the public/i],
    },
  },
  read(page, { pageUrl }) {
    const post = project(page);
    const author = jsonLdAuthor(post);
    return {
      // A project's name is what people call it; its description is often boilerplate.
      caption: ogTitle(page) ?? ogDescription(page),
      thumbnailUrl: ogImage(page, pageUrl, post),
      type: mediaType(page, post),
      postedAt: postedAtOf(page, post),
      author: {
        handle: requireHandle('Behance project page', handleFromUrl(author?.url, BEHANCE_HOSTS), page.meta('behance:owner')),
        displayName: author?.name ?? null,
        avatarUrl: author?.image ?? null,
      },
    };
  },
  stats: (page) => jsonLdStats(project(page)),
});
