/**
 * Profile pages of the fixture networks, for connecting accounts: each network shows the bio
 * (where a person puts their Byline code) and the follower count the way the real one does
 * for a logged-out visitor:
 * - X, LinkedIn, Behance, Snapchat: schema.org ProfilePage JSON-LD (description, FollowAction);
 * - TikTok: its app data (`__UNIVERSAL_DATA_FOR_REHYDRATION__`, user-detail: signature, followerCount),
 *   and for an unknown user a 200 page whose status code says so;
 * - YouTube: `var ytInitialData = …` with the channel description and "1.2K subscribers";
 * - Instagram, Threads, Facebook: meta descriptions ("12K Followers, … - See Instagram photos …");
 * - Twitch: the bio only (its page shows no follower count to visitors), so the count is null.
 * Scenarios are chosen by handle, like posts by id (scenarios.ts): `missing…` and `deleted…`
 * are accounts that do not exist, `slow…`, `error…`, `blocked…` misbehave in transport.
 * Tests set a profile's bio and followers with `setProfile` on the fixture server.
 */
import { NetworkId, type NetworkName } from '../../../../domain/networks.js';
import { recognizeProfileUrl } from '../../../../domain/profile-url-recognition.js';
import { brokenPage, htmlPage, json, noticePage, type FixtureResponse, type FixtureRouter } from './fixture-http.js';
import { hashOf, shortCount } from './fixture-posts.js';
import type { PostScenario } from './scenarios.js';

export interface FixtureProfile {
  displayName: string;
  bio: string;
  /** null: the page shows no follower count. */
  followers: number | null;
}

/** What `setProfile` changes, keyed by `${network}:${handle lowercased}`. */
export type FixtureProfiles = Map<string, Partial<FixtureProfile>>;

export function profileKey(network: NetworkName, handle: string): string {
  return `${network}:${handle.toLowerCase()}`;
}

/** Any handle is an account: a made-up name, a plain bio and a stable follower count. */
function defaultProfile(network: NetworkName, handle: string): FixtureProfile {
  const displayName = handle
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join(' ');
  return { displayName: displayName || handle, bio: `Maker of things. ${network} home of ${handle}.`, followers: 1_000 + (hashOf(`${network}:${handle}`) % 90_000) };
}

function personJsonLd(profileUrl: string, handle: string, profile: FixtureProfile): unknown {
  return {
    '@context': 'https://schema.org',
    '@type': 'ProfilePage',
    url: profileUrl,
    mainEntity: {
      '@type': 'Person',
      name: profile.displayName,
      alternateName: `@${handle}`,
      description: profile.bio,
      url: profileUrl,
      ...(profile.followers === null
        ? {}
        : { interactionStatistic: [{ '@type': 'InteractionCounter', interactionType: 'https://schema.org/FollowAction', userInteractionCount: profile.followers }] }),
    },
  };
}

function jsonLdPage(site: string, profileUrl: string, handle: string, profile: FixtureProfile): FixtureResponse {
  return htmlPage({
    title: `${profile.displayName} (@${handle}) / ${site}`,
    metas: [
      ['og:title', `${profile.displayName} (@${handle})`],
      ['og:description', profile.bio],
      ['og:url', profileUrl],
    ],
    jsonLd: personJsonLd(profileUrl, handle, profile),
  });
}

function tiktokPage(handle: string, profile: FixtureProfile | null): FixtureResponse {
  const detail =
    profile === null
      ? { statusCode: 10221, statusMsg: 'user not exist' }
      : {
          statusCode: 0,
          userInfo: {
            user: { uniqueId: handle, nickname: profile.displayName, signature: profile.bio },
            stats: { followerCount: profile.followers ?? 0, followingCount: 12, heartCount: 4_000 },
          },
        };
  return htmlPage({
    title: profile === null ? 'TikTok - Make Your Day' : `${profile.displayName} (@${handle}) | TikTok`,
    metas: [['og:title', 'TikTok - Make Your Day']],
    scripts: { __UNIVERSAL_DATA_FOR_REHYDRATION__: { __DEFAULT_SCOPE__: { 'webapp.user-detail': detail } } },
  });
}

function youtubePage(handle: string, profile: FixtureProfile): FixtureResponse {
  const data = {
    metadata: { channelMetadataRenderer: { title: profile.displayName, description: profile.bio, vanityChannelUrl: `http://www.youtube.com/@${handle}` } },
    header: {
      pageHeaderRenderer: {
        content: { metadata: { subscriberCountText: profile.followers === null ? undefined : { simpleText: `${shortCount(profile.followers)} subscribers` } } },
      },
    },
  };
  const script = `<script nonce="x">var ytInitialData = ${JSON.stringify(data).replace(/</g, '\\u003c')};</script>`;
  return htmlPage({
    title: `${profile.displayName} - YouTube`,
    metas: [
      ['og:title', profile.displayName],
      ['og:description', profile.bio],
      ['og:url', `https://www.youtube.com/@${handle}`],
    ],
    body: `<div id="content"></div>${script}`,
  });
}

function countLine(profile: FixtureProfile, words: string): string {
  return profile.followers === null ? '' : `${shortCount(profile.followers)} ${words}`;
}

function metaPage(network: 'instagram' | 'threads' | 'facebook', handle: string, profile: FixtureProfile): FixtureResponse {
  if (network === 'instagram') {
    return htmlPage({
      title: `${profile.displayName} (@${handle}) • Instagram photos and videos`,
      metas: [
        ['og:title', `${profile.displayName} (@${handle}) • Instagram photos and videos`],
        ['og:description', `${countLine(profile, 'Followers')}, 180 Following, 96 Posts - See Instagram photos and videos from ${profile.displayName} (@${handle})`],
        ['description', `${countLine(profile, 'Followers')}, 180 Following, 96 Posts - ${profile.displayName} (@${handle}) on Instagram: "${profile.bio}"`],
      ],
    });
  }
  if (network === 'threads') {
    return htmlPage({
      title: `${profile.displayName} (@${handle}) • Threads, Say more`,
      metas: [
        ['og:title', `${profile.displayName} (@${handle}) on Threads`],
        ['og:description', `${countLine(profile, 'Followers')} • 40 Threads • ${profile.bio}. See the latest conversations with @${handle}.`],
      ],
    });
  }
  return htmlPage({
    title: `${profile.displayName} | Facebook`,
    metas: [
      ['og:title', profile.displayName],
      ['og:description', profile.bio],
      ['description', `${profile.displayName}. 2,100 likes · ${countLine(profile, 'followers')}. ${profile.bio}`],
    ],
  });
}

function twitchPage(handle: string, profile: FixtureProfile): FixtureResponse {
  return htmlPage({
    title: `${profile.displayName} - Twitch`,
    metas: [
      ['og:site_name', 'Twitch'],
      ['og:title', profile.displayName],
      ['og:description', profile.bio],
      ['og:url', `https://www.twitch.tv/${handle}`],
    ],
  });
}

const NOT_FOUND: Readonly<Record<NetworkName, () => FixtureResponse>> = {
  twitter: () => noticePage('Profile / X', 'This account doesn’t exist', 404),
  instagram: () => noticePage('Page not found • Instagram', "Sorry, this page isn't available.", 404),
  facebook: () => noticePage('Facebook', "This content isn't available right now", 404),
  youtube: () => noticePage('404 Not Found', 'This page isn’t available. Sorry about that.', 404),
  tiktok: () => tiktokPage('', null),
  behance: () => noticePage('Behance', 'Oops! We can’t find that page.', 404),
  website: () => noticePage('Not found', 'Page not found', 404),
  linkedin: () => noticePage('LinkedIn', 'This page doesn’t exist', 404),
  twitch: () => noticePage('Twitch', 'Sorry. Unless you’ve got a time machine, that content is unavailable.', 404),
  threads: () => noticePage('Threads', 'Sorry, this page isn’t available', 404),
  snapchat: () => noticePage('Snapchat', 'This content was not found', 404),
};

function profilePage(network: NetworkName, handle: string, profile: FixtureProfile, url: URL): FixtureResponse {
  switch (network) {
    case 'tiktok':
      return tiktokPage(handle, profile);
    case 'youtube':
      return youtubePage(handle, profile);
    case 'instagram':
    case 'threads':
    case 'facebook':
      return metaPage(network, handle, profile);
    case 'twitch':
      return twitchPage(handle, profile);
    case 'twitter':
      return jsonLdPage('X', url.href, handle, profile);
    case 'linkedin':
      return jsonLdPage('LinkedIn', url.href, handle, profile);
    case 'behance':
      return jsonLdPage('Behance', url.href, handle, profile);
    case 'snapchat':
      return jsonLdPage('Snapchat', url.href, handle, profile);
    case 'website':
      return json(404, {});
  }
}

const NETWORK_NAMES: Readonly<Record<NetworkId, NetworkName>> = {
  [NetworkId.Twitter]: 'twitter',
  [NetworkId.Instagram]: 'instagram',
  [NetworkId.Facebook]: 'facebook',
  [NetworkId.YouTube]: 'youtube',
  [NetworkId.TikTok]: 'tiktok',
  [NetworkId.Behance]: 'behance',
  [NetworkId.Website]: 'website',
  [NetworkId.LinkedIn]: 'linkedin',
  [NetworkId.Twitch]: 'twitch',
  [NetworkId.Threads]: 'threads',
  [NetworkId.Snapchat]: 'snapchat',
};

/**
 * Profile links of every network (as Byline recognises them). Tried after the networks' post
 * routers, so a post, login or short link keeps its own answer; the handle plays the part of a
 * post id, so transport scenarios (slow, error, blocked…) come from the fixture server itself.
 */
export function profileRouter(profiles: FixtureProfiles): FixtureRouter {
  return ({ url }) => {
    const recognized = recognizeProfileUrl(url.href);
    if (recognized === null) return null;
    const network = NETWORK_NAMES[recognized.networkId];
    const { handle } = recognized;
    return {
      network,
      postId: handle,
      render: (scenario: PostScenario) => {
        if (scenario === 'missing' || scenario === 'deleted') return NOT_FOUND[network]();
        if (scenario === 'broken') return brokenPage();
        const profile = { ...defaultProfile(network, handle), ...profiles.get(profileKey(network, handle)) };
        return profilePage(network, handle, profile, url);
      },
    };
  };
}
