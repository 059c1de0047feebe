/**
 * LinkedIn: public posts are served logged out with Open Graph tags and a schema.org
 * posting (author profile, date, reactions and comments). Posts that are not public send
 * visitors to the "authwall".
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdAuthor, jsonLdStats } from './json-ld.js';
import { stringAt, type JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { handleFromUrl, mediaType, ogDescription, ogImage, ogTitle, postedAtOf, requireHandle } from './page-post.js';

const LINKEDIN_HOSTS = ['linkedin.com'];
const POSTING_TYPES = ['SocialMediaPosting', 'DiscussionForumPosting', 'Article', 'VideoObject'];

function posting(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, POSTING_TYPES);
}

/** Profiles are /in/{handle}, company pages /company/{handle}. */
function profileHandle(url: string | null | undefined): string | null {
  return handleFromUrl(url, LINKEDIN_HOSTS, 'in') ?? handleFromUrl(url, LINKEDIN_HOSTS, 'company');
}

export const linkedinAdapter = createPageAdapter({
  networkId: NetworkId.LinkedIn,
  rules: {
    what: 'LinkedIn post page',
    loginWall: /^\/(?:authwall|login|uas\/login|checkpoint)(?:\/|$)/,
    markers: {
      deleted: [/this post (?:has been|was) (?:removed|deleted)/i, /this post cannot be displayed/i, /no longer available/i],
      private: [/sign in to (?:view|see) this post/i],
    },
  },
  read(page, { pageUrl }) {
    const post = posting(page);
    const author = jsonLdAuthor(post);
    const type = mediaType(page, post);
    return {
      caption: stringAt(post, 'articleBody') ?? stringAt(post, 'text') ?? ogDescription(page),
      // A text post's preview picture is its author's avatar, not a picture of the post.
      thumbnailUrl: type === PostType.Text ? null : ogImage(page, pageUrl, post),
      type,
      postedAt: postedAtOf(page, post),
      author: {
        handle: requireHandle('LinkedIn post page', profileHandle(author?.url)),
        displayName: author?.name ?? ogTitle(page),
        avatarUrl: author?.image ?? null,
      },
    };
  },
  stats: (page) => jsonLdStats(posting(page)),
});
