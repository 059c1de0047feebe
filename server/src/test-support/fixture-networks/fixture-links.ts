/**
 * Links to fixture posts, recognised the way the importer sees them. Behance, Threads,
 * Snapchat and personal websites have no post-link rules in domain/ (docs/product.md §Posts), so
 * their adapters are reached with a recognition made here: the id is the page's own id segment.
 */
import { NetworkId } from '../../../../domain/networks.js';
import { recognizePostUrl, type RecognizedPostUrl } from '../../../../domain/url-recognition.js';

const ID_AFTER: Readonly<Partial<Record<NetworkId, string>>> = {
  [NetworkId.Behance]: 'gallery',
  [NetworkId.Threads]: 'post',
  [NetworkId.Snapchat]: 'spotlight',
};

export function fixtureLink(url: string, networkId?: NetworkId): RecognizedPostUrl {
  const result = recognizePostUrl(url);
  if (result.ok) return result.value;
  if (networkId === undefined) throw new Error(`${url} is not a recognised post link; name its network`);
  const segments = new URL(url).pathname.split('/').filter(Boolean);
  const marker = ID_AFTER[networkId];
  const externalId = marker === undefined ? (segments.at(-1) ?? url) : segments[segments.indexOf(marker) + 1];
  if (externalId === undefined) throw new Error(`${url} has no post id`);
  return { networkId, kind: 'post', externalId, normalizedUrl: url };
}

/** One link shape per network whose id the failure scenarios can be put into. */
export const SCENARIO_LINKS: Readonly<Record<NetworkId, (id: string) => string>> = {
  [NetworkId.YouTube]: (id) => `https://www.youtube.com/watch?v=${id}`,
  [NetworkId.TikTok]: (id) => `https://www.tiktok.com/@someone/video/${id}`,
  [NetworkId.Twitter]: (id) => `https://x.com/someone/status/${id}`,
  [NetworkId.Instagram]: (id) => `https://www.instagram.com/p/${id}/`,
  [NetworkId.Facebook]: (id) => `https://www.facebook.com/watch/?v=${id}`,
  [NetworkId.LinkedIn]: (id) => `https://www.linkedin.com/feed/update/urn:li:activity:${id}/`,
  [NetworkId.Twitch]: (id) => `https://www.twitch.tv/videos/${id}`,
  [NetworkId.Behance]: (id) => `https://www.behance.net/gallery/${id}/Project`,
  [NetworkId.Threads]: (id) => `https://www.threads.net/@someone/post/${id}`,
  [NetworkId.Snapchat]: (id) => `https://www.snapchat.com/spotlight/${id}`,
  [NetworkId.Website]: (id) => `https://janedoe.studio/work/${id}`,
};
