/**
 * X's syndication endpoint, the keyless JSON behind its embedded tweets: counts, media and
 * the exact time, and a tombstone for deleted posts, none of which oEmbed gives.
 */
import { PostType } from '../../../../../../domain/enums.js';
import type { OutboundHttp, ScrapedStats } from '../scraped-post.js';
import { statsOrNull } from './counts.js';
import { failOnStatus, failure } from './failures.js';
import { isJsonObject, numberAt, parseJson, stringAt, valueAt, type JsonObject } from './json.js';

const ENDPOINT = 'https://cdn.syndication.twimg.com/tweet-result';
const WHAT = 'X syndication';

export interface SyndicatedTweet {
  text: string | null;
  createdAt: string | null;
  handle: string | null;
  avatarUrl: string | null;
  mediaType: PostType | null;
  mediaUrl: string | null;
  stats: ScrapedStats | null;
}

/** The token the embed widget sends with each request, derived from the id (as react-tweet does). */
export function syndicationToken(id: string): string {
  return ((Number(id) / 1e15) * Math.PI).toString(36).replace(/(0+|\.)/g, '');
}

const MEDIA_TYPES: Readonly<Record<string, PostType>> = { photo: PostType.Image, video: PostType.Video, animated_gif: PostType.Gif };

export async function fetchSyndicatedTweet(http: OutboundHttp, id: string): Promise<SyndicatedTweet> {
  const query = new URLSearchParams({ id, lang: 'en', token: syndicationToken(id) });
  const response = await http.get(`${ENDPOINT}?${query}`, { accept: 'application/json' });
  failOnStatus(response, WHAT);
  const tweet = parseJson(await response.text());
  if (!isJsonObject(tweet)) throw failure('malformed', WHAT);
  if (tweet['__typename'] === 'TweetTombstone') throw failure('deleted', WHAT);
  const media = firstMedia(tweet);
  return {
    text: stringAt(tweet, 'text'),
    createdAt: stringAt(tweet, 'created_at'),
    handle: stringAt(tweet, 'user', 'screen_name'),
    avatarUrl: stringAt(tweet, 'user', 'profile_image_url_https'),
    mediaType: media === null ? null : (MEDIA_TYPES[stringAt(media, 'type') ?? ''] ?? PostType.Image),
    mediaUrl: stringAt(media, 'media_url_https'),
    stats: statsOrNull({
      // X shows views only to signed-in clients.
      views: null,
      likes: numberAt(tweet, 'favorite_count'),
      comments: numberAt(tweet, 'conversation_count'),
      shares: numberAt(tweet, 'retweet_count'),
    }),
  };
}

function firstMedia(tweet: JsonObject): JsonObject | null {
  const media = valueAt(tweet, 'mediaDetails');
  const first: unknown = Array.isArray(media) ? media[0] : undefined;
  return isJsonObject(first) ? first : null;
}
