/**
 * X/Twitter: oEmbed (publish.twitter.com) for the text and author, which works for any
 * public post without keys; the syndication JSON alongside for numbers, media and the exact
 * time. oEmbed answers 403 for protected accounts and 404 for missing and deleted posts;
 * the syndication tombstone tells deleted apart.
 */
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import type { NetworkAdapter } from '../scraped-post.js';
import { explainMissing } from './failures.js';
import { textOf } from './html-text.js';
import { fetchOEmbed } from './oembed.js';
import { handleFromUrl, parseDate, requireHandle } from './page-post.js';
import { fetchSyndicatedTweet } from './twitter-syndication.js';

const OEMBED_ENDPOINT = 'https://publish.twitter.com/oembed';
const TWITTER_HOSTS = ['twitter.com', 'x.com'];

/** The post's text is the <p> of the embed blockquote; the date is the last link's text. */
function readEmbedHtml(html: string | null): { text: string | null; date: Date | null; hasMedia: boolean } {
  const paragraph = html === null ? undefined : /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1];
  const links = html === null ? [] : [...html.matchAll(/<a\b[^>]*>([^<]*)<\/a>/gi)];
  return {
    // The embed ends media posts with their pic.twitter.com link, which is not part of the text.
    text: paragraph === undefined ? null : textOf(paragraph).replace(/\s*pic\.(?:twitter|x)\.com\/\S+$/i, '') || null,
    date: parseDate(links.at(-1)?.[1] ? `${links.at(-1)?.[1]} UTC` : null),
    hasMedia: /pic\.(?:twitter|x)\.com\//i.test(html ?? ''),
  };
}

/** publish.twitter.com knows posts by their twitter.com address. */
function oembedPostUrl(normalizedUrl: string): string {
  const url = new URL(normalizedUrl);
  url.hostname = 'twitter.com';
  return url.href;
}

export const twitterAdapter: NetworkAdapter = {
  networkId: NetworkId.Twitter,
  async scrape(recognized, http) {
    const [embed, syndicated] = await Promise.allSettled([
      fetchOEmbed(http, OEMBED_ENDPOINT, oembedPostUrl(recognized.normalizedUrl), { omit_script: '1', dnt: 'true' }),
      fetchSyndicatedTweet(http, recognized.externalId),
    ]);
    if (embed.status === 'rejected') throw explainMissing(embed.reason, syndicated);
    const tweet = syndicated.status === 'fulfilled' ? syndicated.value : null;
    const { authorName, authorUrl, html } = embed.value;
    const fromHtml = readEmbedHtml(html);
    return {
      networkId: NetworkId.Twitter,
      externalId: recognized.externalId,
      url: recognized.normalizedUrl,
      caption: fromHtml.text ?? tweet?.text ?? null,
      thumbnailUrl: tweet?.mediaUrl ?? null,
      type: tweet?.mediaType ?? (fromHtml.hasMedia ? PostType.Image : PostType.Text),
      postedAt: parseDate(tweet?.createdAt) ?? fromHtml.date,
      author: {
        handle: requireHandle('X oEmbed', handleFromUrl(authorUrl, TWITTER_HOSTS), tweet?.handle),
        displayName: authorName,
        avatarUrl: tweet?.avatarUrl ?? null,
      },
      stats: tweet?.stats ?? null,
    };
  },
  async fetchStats(post, http) {
    return (await fetchSyndicatedTweet(http, post.externalId)).stats;
  },
};
