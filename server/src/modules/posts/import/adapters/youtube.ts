/**
 * YouTube: oEmbed for title, channel and thumbnail; the watch page for the upload date and
 * view count (schema.org itemprop metas), fetched alongside. oEmbed answers 401 for private
 * videos and 404 for both missing and removed ones; the watch page tells those two apart.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import type { NetworkAdapter, ScrapedStats } from '../scraped-post.js';
import { NO_STATS, statsOrNull } from './counts.js';
import { explainMissing } from './failures.js';
import { findJsonLd, jsonLdStats } from './json-ld.js';
import { fetchOEmbed } from './oembed.js';
import type { PageMetadata } from './open-graph.js';
import { fetchPostPage, type PageRules } from './page-fetch.js';
import { handleFromUrl, postedAtOf, requireHandle } from './page-post.js';

const OEMBED_ENDPOINT = 'https://www.youtube.com/oembed';
const YOUTUBE_HOSTS = ['youtube.com'];

const WATCH_PAGE: PageRules = {
  what: 'YouTube watch page',
  loginWall: /^\/(?:signin|ServiceLogin)/,
  markers: {
    deleted: [/removed by the uploader/i, /has been removed/i, /account associated with this video has been terminated/i, /no longer available/i],
    private: [/this video is private/i, /private video/i],
    // YouTube answers 200 for ids that never existed.
    notFound: [/video unavailable/i],
  },
  hasPost: (page) => page.meta('og:title') !== null || page.meta('name') !== null,
};

function watchStats(page: PageMetadata): ScrapedStats | null {
  const fromJsonLd = jsonLdStats(findJsonLd(page.jsonLd, ['VideoObject']));
  const views = page.meta('interactionCount');
  return statsOrNull({
    ...NO_STATS,
    ...fromJsonLd,
    views: fromJsonLd?.views ?? (views !== null && /^\d+$/.test(views) ? Number(views) : null),
  });
}

/** Channel handles look like /@name; older channels are /user/name or /channel/UC…. */
function channelHandle(authorUrl: string | null): string | null {
  const segments = authorUrl === null ? [] : (URL.parse(authorUrl)?.pathname.split('/').filter(Boolean) ?? []);
  if (segments[0] === 'user' || segments[0] === 'channel' || segments[0] === 'c') return segments[1] ?? null;
  return handleFromUrl(authorUrl, YOUTUBE_HOSTS);
}

export const youtubeAdapter: NetworkAdapter = {
  networkId: NetworkId.YouTube,
  async scrape(recognized, http) {
    const [embed, watch] = await Promise.allSettled([
      fetchOEmbed(http, OEMBED_ENDPOINT, recognized.normalizedUrl, { format: 'json' }),
      fetchPostPage(http, recognized.normalizedUrl, WATCH_PAGE),
    ]);
    if (embed.status === 'rejected') throw explainMissing(embed.reason, watch);
    const page = watch.status === 'fulfilled' ? watch.value.page : null;
    const { title, authorName, authorUrl, thumbnailUrl } = embed.value;
    return {
      networkId: NetworkId.YouTube,
      externalId: recognized.externalId,
      url: recognized.normalizedUrl,
      caption: title,
      thumbnailUrl: thumbnailUrl ?? page?.meta('og:image') ?? null,
      type: PostType.Video,
      postedAt: page === null ? null : postedAtOf(page),
      author: { handle: requireHandle('YouTube oEmbed', channelHandle(authorUrl), authorName), displayName: authorName, avatarUrl: null },
      stats: page === null ? null : watchStats(page),
    };
  },
  async fetchStats(post, http) {
    const { page } = await fetchPostPage(http, post.url, WATCH_PAGE);
    return watchStats(page);
  },
};
