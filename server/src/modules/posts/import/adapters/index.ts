/** The adapter for each of the 11 networks; the importer and the stats refresh look them up here. */
import { NetworkId } from '../../../../../../domain/networks.js';
import type { NetworkAdapter } from '../scraped-post.js';
import { behanceAdapter } from './behance.js';
import { facebookAdapter } from './facebook.js';
import { instagramAdapter } from './instagram.js';
import { linkedinAdapter } from './linkedin.js';
import { snapchatAdapter } from './snapchat.js';
import { threadsAdapter } from './threads.js';
import { tiktokAdapter } from './tiktok.js';
import { twitchAdapter } from './twitch.js';
import { twitterAdapter } from './twitter.js';
import { websiteAdapter } from './website.js';
import { youtubeAdapter } from './youtube.js';

const ADAPTERS: Readonly<Record<NetworkId, NetworkAdapter>> = {
  [NetworkId.Twitter]: twitterAdapter,
  [NetworkId.Instagram]: instagramAdapter,
  [NetworkId.Facebook]: facebookAdapter,
  [NetworkId.YouTube]: youtubeAdapter,
  [NetworkId.TikTok]: tiktokAdapter,
  [NetworkId.Behance]: behanceAdapter,
  [NetworkId.Website]: websiteAdapter,
  [NetworkId.LinkedIn]: linkedinAdapter,
  [NetworkId.Twitch]: twitchAdapter,
  [NetworkId.Threads]: threadsAdapter,
  [NetworkId.Snapchat]: snapchatAdapter,
};

export function adapterFor(networkId: NetworkId): NetworkAdapter {
  return ADAPTERS[networkId];
}
