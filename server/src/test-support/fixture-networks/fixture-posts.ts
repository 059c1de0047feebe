/**
 * What the fixture networks know about their posts: a few named posts per network (small
 * tables, so tests can assert exact fields) and a generated post for any other id (so a
 * benchmark can import thousands of distinct posts).
 */
import type { NetworkName } from '../../../../domain/networks.js';

export type FixtureMedia = 'video' | 'image' | 'gif' | 'text';

export interface FixtureStats {
  views: number;
  likes: number;
  comments: number;
  shares: number;
}

export interface FixturePost {
  id: string;
  handle: string;
  displayName: string;
  caption: string;
  media: FixtureMedia;
  /** ISO time with seconds, always UTC. */
  postedAt: string;
  stats: FixtureStats;
}

type FixtureSeed = Omit<FixturePost, 'id'>;

const LUMEN = { handle: 'lumenstudio', displayName: 'Lumen Studio' };
const MAYA = { handle: 'maya.makes', displayName: 'Maya Makes' };
const JANE = { handle: 'janedoe', displayName: 'Jane Doe' };

export const FIXTURE_POSTS: Readonly<Partial<Record<NetworkName, Readonly<Record<string, FixtureSeed>>>>> = {
  youtube: {
    bylineVid01: { ...LUMEN, caption: 'Behind the lens: shooting "Night Market" & more', media: 'video', postedAt: '2024-03-05T17:00:00.000Z', stats: { views: 1_234_567, likes: 45_678, comments: 0, shares: 0 } },
  },
  tiktok: {
    '7301234567890123456': { ...MAYA, caption: 'Clay mug in 60 seconds #pottery', media: 'video', postedAt: '2024-02-10T09:30:00.000Z', stats: { views: 987_654, likes: 54_321, comments: 1_234, shares: 567 } },
    '7309876543210987654': { ...MAYA, caption: 'Studio tour in 8 photos', media: 'image', postedAt: '2024-02-12T09:30:00.000Z', stats: { views: 45_000, likes: 3_200, comments: 150, shares: 40 } },
  },
  twitter: {
    '1790000000000000001': { ...JANE, caption: 'Directed my first music video. Credits in the thread!', media: 'text', postedAt: '2024-05-01T12:00:00.000Z', stats: { views: 0, likes: 1_500, comments: 42, shares: 300 } },
    '1790000000000000002': { ...JANE, caption: 'Stills from the set', media: 'image', postedAt: '2024-05-02T12:00:00.000Z', stats: { views: 0, likes: 2_500, comments: 80, shares: 410 } },
    '1790000000000000003': { ...JANE, caption: 'Teaser', media: 'video', postedAt: '2024-05-03T12:00:00.000Z', stats: { views: 0, likes: 9_000, comments: 120, shares: 800 } },
  },
  instagram: {
    C1a2b3c4d5E: { ...LUMEN, caption: 'Golden hour on the "Night Market" set', media: 'image', postedAt: '2024-03-03T00:00:00.000Z', stats: { views: 0, likes: 1_234, comments: 56, shares: 0 } },
    C9reelCode01: { ...LUMEN, caption: 'Making of, in 30 seconds', media: 'video', postedAt: '2024-03-04T00:00:00.000Z', stats: { views: 0, likes: 12_000, comments: 345, shares: 0 } },
  },
  facebook: {
    '1234567890': { ...LUMEN, caption: 'Our showreel 2024', media: 'video', postedAt: '2024-01-15T10:00:00.000Z', stats: { views: 0, likes: 640, comments: 32, shares: 12 } },
  },
  linkedin: {
    '7123456789012345678': { ...JANE, caption: 'Proud to share the campaign we shot for Acme.', media: 'text', postedAt: '2024-04-02T08:00:00.000Z', stats: { views: 0, likes: 321, comments: 21, shares: 0 } },
  },
  twitch: {
    '2012345678': { handle: 'lumenlive', displayName: 'LumenLive', caption: 'Live colour grading session', media: 'video', postedAt: '2024-02-01T20:00:00.000Z', stats: { views: 4_321, likes: 0, comments: 0, shares: 0 } },
  },
  behance: {
    '123456789': { ...JANE, caption: 'Acme Rebrand', media: 'image', postedAt: '2023-11-20T00:00:00.000Z', stats: { views: 5_400, likes: 320, comments: 18, shares: 0 } },
  },
  threads: {
    C3thread001: { ...MAYA, caption: 'New glaze test, thoughts?', media: 'text', postedAt: '2024-06-01T15:00:00.000Z', stats: { views: 0, likes: 210, comments: 14, shares: 3 } },
  },
  snapchat: {
    spotlightSnap01: { handle: 'mayasnaps', displayName: 'Maya', caption: 'Kiln opening!', media: 'video', postedAt: '2024-06-02T18:00:00.000Z', stats: { views: 76_000, likes: 4_100, comments: 90, shares: 230 } },
  },
  website: {
    'brand-refresh': { handle: 'janedoe.studio', displayName: 'Jane Doe Studio', caption: 'Brand refresh for Acme', media: 'image', postedAt: '2024-01-20T09:00:00.000Z', stats: { views: 0, likes: 0, comments: 0, shares: 0 } },
  },
};

/** What a network's posts are when nothing else is known. */
const DEFAULT_MEDIA: Readonly<Record<NetworkName, FixtureMedia>> = {
  youtube: 'video',
  tiktok: 'video',
  twitter: 'text',
  instagram: 'image',
  facebook: 'image',
  linkedin: 'text',
  twitch: 'video',
  behance: 'image',
  threads: 'text',
  snapchat: 'video',
  website: 'text',
};

/** A stable small number from a string, so generated posts are the same on every run. */
export function hashOf(text: string): number {
  let hash = 2166136261;
  for (const char of text) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return hash;
}

export function fixturePost(network: NetworkName, id: string, stats: Partial<FixtureStats> = {}): FixturePost {
  const seed = FIXTURE_POSTS[network]?.[id];
  if (seed !== undefined) return { id, ...seed, stats: { ...seed.stats, ...stats } };
  const hash = hashOf(`${network}:${id}`);
  const views = 1_000 + (hash % 90_000);
  return {
    id,
    handle: 'fixture_creator',
    displayName: 'Fixture Creator',
    caption: `Fixture post ${id}`,
    media: DEFAULT_MEDIA[network],
    postedAt: new Date(Date.UTC(2024, 0, 1) + (hash % 365) * 86_400_000).toISOString(),
    stats: { views, likes: Math.floor(views / 10), comments: Math.floor(views / 100), shares: Math.floor(views / 200), ...stats },
  };
}

/** "March 3, 2024", as Instagram and X print dates. */
export function longDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/** "1,234" below ten thousand, "12K" / "1.2M" above, as Instagram prints counts. */
export function shortCount(count: number): string {
  if (count < 10_000) return count.toLocaleString('en-US');
  if (count < 1_000_000) return `${Number((count / 1_000).toFixed(1))}K`;
  return `${Number((count / 1_000_000).toFixed(1))}M`;
}
