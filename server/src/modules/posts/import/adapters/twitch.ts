/**
 * Twitch: videos (VODs) and clips. Their pages carry Open Graph tags and a schema.org
 * VideoObject with the view count, which is all Twitch shows without an API client id.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { findJsonLd, jsonLdAuthor, jsonLdStats } from './json-ld.js';
import { stringAt, type JsonObject } from './json.js';
import type { PageMetadata } from './open-graph.js';
import { createPageAdapter } from './page-adapter.js';
import { handleFromUrl, ogDescription, ogImage, ogTitle, postedAtOf, requireHandle } from './page-post.js';

const TWITCH_HOSTS = ['twitch.tv'];

function video(page: PageMetadata): JsonObject | null {
  return findJsonLd(page.jsonLd, ['VideoObject', 'Clip']);
}

/** Clip pages name the channel in their og:url (twitch.tv/{channel}/clip/{slug}) when the author is missing. */
function channelFromClipUrl(url: string | null): string | null {
  const segments = url === null ? [] : (URL.parse(url)?.pathname.split('/').filter(Boolean) ?? []);
  return segments[1] === 'clip' ? (segments[0] ?? null) : null;
}

export const twitchAdapter = createPageAdapter({
  networkId: NetworkId.Twitch,
  rules: {
    what: 'Twitch video page',
    markers: {
      deleted: [/unless you've got a time machine/i, /content is unavailable/i, /video (?:has been|was) deleted/i],
      private: [/only available to subscribers/i, /subscriber[- ]only/i],
    },
  },
  read(page, { pageUrl }) {
    const post = video(page);
    const author = jsonLdAuthor(post);
    return {
      caption: stringAt(post, 'name') ?? ogTitle(page) ?? ogDescription(page),
      thumbnailUrl: ogImage(page, pageUrl, post),
      type: PostType.Video,
      postedAt: postedAtOf(page, post),
      author: {
        handle: requireHandle('Twitch video page', handleFromUrl(author?.url, TWITCH_HOSTS), channelFromClipUrl(page.meta('og:url'))),
        displayName: author?.name ?? null,
        avatarUrl: author?.image ?? null,
      },
    };
  },
  stats: (page) => jsonLdStats(video(page)),
});
