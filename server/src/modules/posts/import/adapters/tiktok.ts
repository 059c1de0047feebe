/**
 * TikTok: oEmbed for caption, author and cover; the video page for numbers and the date,
 * from the JSON TikTok embeds for its own app (`__UNIVERSAL_DATA_FOR_REHYDRATION__`).
 * Short links (vm.tiktok.com/…, /t/…) are followed to the video first, whose id is the post's.
 * oEmbed answers one error for missing, removed and private videos; the page says which.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import type { RecognizedPostUrl } from '../../../../../../domain/url-recognition.js';
import type { NetworkAdapter, OutboundHttp, OutboundResponse, ScrapedStats } from '../scraped-post.js';
import { statsOrNull } from './counts.js';
import { explainMissing, failOnStatus, failure, unavailableReason } from './failures.js';
import { canonicalIdentity, type PostIdentity } from './identity.js';
import { numberAt, stringAt, valueAt } from './json.js';
import { fetchOEmbed } from './oembed.js';
import { parsePageMetadata } from './open-graph.js';
import { handleFromUrl, parseDate, requireHandle } from './page-post.js';

const OEMBED_ENDPOINT = 'https://www.tiktok.com/oembed';
const WHAT = 'TikTok video page';
const STATUS_MARKERS = { deleted: [/removed/i, /deleted/i], private: [/private/i] };

/** The video's entry in TikTok's page data, once TikTok says it is shown. */
interface VideoDetail {
  item: unknown;
}

/** Reads the page TikTok serves for a video; throws when its status says the video is not shown. */
async function fetchVideoDetail(http: OutboundHttp, url: string): Promise<VideoDetail> {
  return readVideoDetail(await http.get(url, { accept: 'text/html' }));
}

async function readVideoDetail(response: OutboundResponse): Promise<VideoDetail> {
  failOnStatus(response, WHAT);
  const data = parsePageMetadata(await response.text()).scriptJson('__UNIVERSAL_DATA_FOR_REHYDRATION__');
  const scope = valueAt(data, '__DEFAULT_SCOPE__', 'webapp.video-detail');
  const statusCode = numberAt(scope, 'statusCode');
  if (statusCode === null) throw failure('malformed', WHAT);
  if (statusCode !== 0) throw failure(unavailableReason(stringAt(scope, 'statusMsg') ?? '', STATUS_MARKERS) ?? 'not_found', WHAT);
  return { item: valueAt(scope, 'itemInfo', 'itemStruct') };
}

function detailStats({ item }: VideoDetail): ScrapedStats | null {
  return statsOrNull({
    views: numberAt(item, 'stats', 'playCount'),
    likes: numberAt(item, 'stats', 'diggCount'),
    comments: numberAt(item, 'stats', 'commentCount'),
    shares: numberAt(item, 'stats', 'shareCount'),
  });
}

/** A short link is only a pointer: follow it, and the video page it lands on is the post. */
async function followShortLink(http: OutboundHttp, recognized: RecognizedPostUrl): Promise<{ identity: PostIdentity; detail: VideoDetail }> {
  const response = await http.get(recognized.normalizedUrl, { accept: 'text/html' });
  const identity = canonicalIdentity(recognized, [response.url]);
  // TikTok sends short links that point nowhere to its home page.
  if (identity.externalId === recognized.externalId) throw failure('not_found', 'TikTok short link');
  return { identity, detail: await readVideoDetail(response) };
}

export const tiktokAdapter: NetworkAdapter = {
  networkId: NetworkId.TikTok,
  async scrape(recognized, http) {
    const landed = recognized.kind === 'short_link' ? await followShortLink(http, recognized) : null;
    const identity = landed?.identity ?? canonicalIdentity(recognized, []);
    const [embed, page] = await Promise.allSettled([
      fetchOEmbed(http, OEMBED_ENDPOINT, identity.url),
      landed ? Promise.resolve(landed.detail) : fetchVideoDetail(http, identity.url),
    ]);
    if (embed.status === 'rejected') throw explainMissing(embed.reason, page);
    const item = page.status === 'fulfilled' ? page.value.item : undefined;
    const { title, authorName, authorUrl, thumbnailUrl, raw } = embed.value;
    const isPhoto = identity.url.includes('/photo/') || valueAt(item, 'imagePost') !== undefined;
    return {
      networkId: NetworkId.TikTok,
      ...identity,
      caption: title ?? stringAt(item, 'desc'),
      thumbnailUrl,
      type: isPhoto ? PostType.Image : PostType.Video,
      postedAt: parseDate(String(numberAt(item, 'createTime') ?? '')),
      author: {
        handle: requireHandle('TikTok oEmbed', stringAt(raw, 'author_unique_id'), handleFromUrl(authorUrl, ['tiktok.com']), stringAt(item, 'author', 'uniqueId')),
        displayName: authorName,
        avatarUrl: stringAt(item, 'author', 'avatarThumb'),
      },
      stats: page.status === 'fulfilled' ? detailStats(page.value) : null,
    };
  },
  async fetchStats(post, http) {
    return detailStats(await fetchVideoDetail(http, post.url));
  },
};
