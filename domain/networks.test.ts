import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NETWORK_LIST, NETWORKS, NetworkId, networkById, networkByName, profileUrl } from './networks.js';

/** The rows the first migration seeds; a change here must come with a migration. */
const SEEDED_ROWS = [
  [1, 'twitter', 'Twitter', 'twitterUrl', false, true, 'https://x.com/'],
  [2, 'instagram', 'Instagram', 'instagramUrl', false, true, 'https://www.instagram.com/'],
  [3, 'facebook', 'Facebook', 'facebookUrl', false, true, 'https://www.facebook.com/'],
  [4, 'youtube', 'YouTube', 'youtubeUrl', true, true, 'https://www.youtube.com/'],
  [5, 'tiktok', 'TikTok', 'tiktokUrl', true, true, 'https://www.tiktok.com/'],
  [6, 'behance', 'Behance', 'behanceUrl', false, false, 'https://www.behance.net/'],
  [7, 'website', 'Personal website', 'websiteUrl', false, false, null],
  [8, 'linkedin', 'LinkedIn', 'linkedinUrl', false, false, 'https://www.linkedin.com/in/'],
  [9, 'twitch', 'Twitch', 'twitchUrl', false, false, 'https://www.twitch.tv/'],
  [10, 'threads', 'Threads', 'threadsUrl', true, false, 'https://www.threads.net/'],
  [11, 'snapchat', 'Snapchat', 'snapchatUrl', true, true, 'https://www.snapchat.com/'],
] as const;

describe('NETWORKS', () => {
  it('matches the seeded rows exactly, in id order', () => {
    expect(NETWORK_LIST.map((n) => [n.id, n.name, n.title, n.userUrlField, n.usesAtHandle, n.showOnDashboard, n.profileBaseUrl])).toEqual(SEEDED_ROWS);
    expect(Object.keys(NETWORKS)).toHaveLength(11);
  });

  it('keys every row by its own id', () => {
    for (const network of NETWORK_LIST) expect(NETWORKS[network.id]).toBe(network);
  });

  it('uses @ handles on exactly YouTube, TikTok, Threads and Snapchat', () => {
    expect(NETWORK_LIST.filter((n) => n.usesAtHandle).map((n) => n.title)).toEqual(['YouTube', 'TikTok', 'Threads', 'Snapchat']);
  });

  it('shows exactly Twitter, Instagram, Facebook, YouTube, TikTok and Snapchat on the dashboard', () => {
    expect(NETWORK_LIST.filter((n) => n.showOnDashboard).map((n) => n.title)).toEqual(['Twitter', 'Instagram', 'Facebook', 'YouTube', 'TikTok', 'Snapchat']);
  });

  it('names ids as constants', () => {
    expect(NetworkId.TikTok).toBe(5);
    expect(NetworkId.Website).toBe(7);
    expect(NetworkId.Snapchat).toBe(11);
  });
});

describe('lookups', () => {
  it('finds networks by id and by name', () => {
    expect(networkById(4)?.title).toBe('YouTube');
    expect(networkById(0)).toBeUndefined();
    expect(networkById(12)).toBeUndefined();
    expect(networkById(1.5)).toBeUndefined();
    expect(networkByName('tiktok')?.id).toBe(NetworkId.TikTok);
    expect(networkByName(' LinkedIn ')?.id).toBe(NetworkId.LinkedIn);
    expect(networkByName('myspace')).toBeUndefined();
    expect(networkByName('constructor')).toBeUndefined();
  });

  it('every name finds its network again', () => {
    for (const network of NETWORK_LIST) expect(networkByName(network.name)).toBe(network);
  });
});

describe('profileUrl', () => {
  it.each([
    [NetworkId.Twitter, 'byline', 'https://x.com/byline'],
    [NetworkId.YouTube, 'byline', 'https://www.youtube.com/@byline'],
    [NetworkId.TikTok, '@byline', 'https://www.tiktok.com/@byline'],
    [NetworkId.Instagram, '@byline.studio', 'https://www.instagram.com/byline.studio'],
    [NetworkId.LinkedIn, 'byline-hq', 'https://www.linkedin.com/in/byline-hq'],
    [NetworkId.Snapchat, 'byline', 'https://www.snapchat.com/@byline'],
    [NetworkId.Threads, 'byline', 'https://www.threads.net/@byline'],
    [NetworkId.Website, 'byline', null],
    [NetworkId.Twitter, '  ', null],
    [NetworkId.Twitter, 'a b/c', 'https://x.com/a%20b%2Fc'],
  ])('network %s, handle %j → %s', (networkId, handle, expected) => {
    expect(profileUrl(networkId, handle)).toBe(expected);
  });

  it('accepts a network object as well as an id', () => {
    expect(profileUrl(NETWORKS[NetworkId.Twitch], 'byline')).toBe('https://www.twitch.tv/byline');
  });

  it('never doubles the @, whether or not the user typed one', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NETWORK_LIST.filter((n) => n.profileBaseUrl !== null)), fc.stringMatching(/^[a-z0-9_.]{1,20}$/), fc.boolean(), (network, handle, typedAt) => {
        const url = profileUrl(network, typedAt ? `@${handle}` : handle);
        expect(url).toBe(`${network.profileBaseUrl}${network.usesAtHandle ? '@' : ''}${handle}`);
      }),
      { numRuns: 50 },
    );
  });
});
