import { describe, expect, it } from 'vitest';
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { fixtureLink } from '../../../../test-support/fixture-networks/fixture-links.js';
import { useFixtureNetworks } from '../../../../test-support/fixture-networks/use-fixture-networks.js';
import { adapterFor } from './index.js';

const fixtures = useFixtureNetworks();

function scrape(url: string, networkId?: NetworkId) {
  const link = fixtureLink(url, networkId);
  return adapterFor(link.networkId).scrape(link, fixtures.http);
}

/** fetchStats must read one page: the cheapest source these networks have. */
async function refreshedStats(networkId: NetworkId, externalId: string, url: string) {
  const stats = await adapterFor(networkId).fetchStats({ externalId, url }, fixtures.http);
  expect(fixtures.networks.requests).toHaveLength(1);
  return stats;
}

describe('Instagram', () => {
  it('imports a photo post from its Open Graph description', async () => {
    expect(await scrape('https://www.instagram.com/lumenstudio/p/C1a2b3c4d5E/?igsh=abc')).toEqual({
      networkId: NetworkId.Instagram,
      externalId: 'C1a2b3c4d5E',
      url: 'https://www.instagram.com/p/C1a2b3c4d5E/',
      caption: 'Golden hour on the "Night Market" set',
      thumbnailUrl: 'https://scontent.cdninstagram.com/v/t51.29350-15/C1a2b3c4d5E_n.jpg?stp=dst-jpg&_nc_ht=scontent.cdninstagram.com',
      type: PostType.Image,
      postedAt: new Date('2024-03-03T00:00:00.000Z'),
      author: { handle: 'lumenstudio', displayName: 'Lumen Studio', avatarUrl: null },
      stats: { views: null, likes: 1_234, comments: 56, shares: null },
    });
  });

  it('imports a reel as a video, reading "12K likes"', async () => {
    const post = await scrape('https://www.instagram.com/reel/C9reelCode01/');
    expect(post.type).toBe(PostType.Video);
    expect(post.stats).toEqual({ views: null, likes: 12_000, comments: 345, shares: null });
  });

  it('follows a share link to the post it shares', async () => {
    const post = await scrape('https://www.instagram.com/share/BAabcdefgh12/');
    expect(post.externalId).toMatch(/^Cs\d{10}$/);
    expect(post.url).toBe(`https://www.instagram.com/p/${post.externalId}/`);
  });

  it('refreshes numbers from the post page', async () => {
    fixtures.networks.setStats('C1a2b3c4d5E', { likes: 1_300 });
    expect(await refreshedStats(NetworkId.Instagram, 'C1a2b3c4d5E', 'https://www.instagram.com/p/C1a2b3c4d5E/')).toEqual({
      views: null,
      likes: 1_300,
      comments: 56,
      shares: null,
    });
    fixtures.networks.setStats('C1a2b3c4d5E', { likes: 1_234 });
  });
});

describe('Facebook', () => {
  it('imports a video from Open Graph and the schema.org posting', async () => {
    expect(await scrape('https://www.facebook.com/lumenstudio/videos/our-showreel/1234567890/')).toEqual({
      networkId: NetworkId.Facebook,
      externalId: '1234567890',
      url: 'https://www.facebook.com/watch/?v=1234567890',
      caption: 'Our showreel 2024',
      thumbnailUrl: 'https://scontent.xx.fbcdn.net/v/t39.30808-6/1234567890_n.jpg',
      type: PostType.Video,
      postedAt: new Date('2024-01-15T10:00:00.000Z'),
      author: { handle: 'lumenstudio', displayName: 'Lumen Studio', avatarUrl: null },
      stats: { views: null, likes: 640, comments: 32, shares: 12 },
    });
  });

  it('imports a photo post as an image', async () => {
    const post = await scrape('https://www.facebook.com/somepage/posts/pfbid0abcdef');
    expect(post.type).toBe(PostType.Image);
    expect(post.author.handle).toBe('fixture_creator');
  });

  it('follows fb.watch links to the video, whose id becomes the post id', async () => {
    const post = await scrape('https://fb.watch/abcDEF123/');
    expect(post.externalId).toMatch(/^\d{10}$/);
    expect(post.url).toBe(`https://www.facebook.com/watch/?v=${post.externalId}`);
  });

  it('refreshes numbers from the post page', async () => {
    expect(await refreshedStats(NetworkId.Facebook, '1234567890', 'https://www.facebook.com/watch/?v=1234567890')).toEqual({
      views: null,
      likes: 640,
      comments: 32,
      shares: 12,
    });
  });
});

describe('LinkedIn', () => {
  it('imports a text post, without taking the author photo for its picture', async () => {
    expect(await scrape('https://www.linkedin.com/posts/janedoe_campaign-activity-7123456789012345678-AbCd')).toEqual({
      networkId: NetworkId.LinkedIn,
      externalId: '7123456789012345678',
      url: 'https://www.linkedin.com/posts/janedoe_campaign-activity-7123456789012345678-AbCd/',
      caption: 'Proud to share the campaign we shot for Acme.',
      thumbnailUrl: null,
      type: PostType.Text,
      postedAt: new Date('2024-04-02T08:00:00.000Z'),
      author: { handle: 'janedoe', displayName: 'Jane Doe', avatarUrl: null },
      stats: { views: null, likes: 321, comments: 21, shares: null },
    });
  });

  it('refreshes numbers from the post page', async () => {
    const url = 'https://www.linkedin.com/feed/update/urn:li:activity:7123456789012345678/';
    expect((await refreshedStats(NetworkId.LinkedIn, '7123456789012345678', url))?.likes).toBe(321);
  });
});

describe('Twitch', () => {
  it('imports a video (VOD) with its view count', async () => {
    expect(await scrape('https://www.twitch.tv/videos/2012345678')).toEqual({
      networkId: NetworkId.Twitch,
      externalId: '2012345678',
      url: 'https://www.twitch.tv/videos/2012345678',
      caption: 'Live colour grading session',
      thumbnailUrl: 'https://static-cdn.jtvnw.net/cf_vods/2012345678/thumb/thumb0-640x360.jpg',
      type: PostType.Video,
      postedAt: new Date('2024-02-01T20:00:00.000Z'),
      author: { handle: 'lumenlive', displayName: 'LumenLive', avatarUrl: null },
      stats: { views: 4_321, likes: null, comments: null, shares: null },
    });
  });

  it('imports a clip, taking the channel from its address', async () => {
    const post = await scrape('https://clips.twitch.tv/BraveSmallOtterKappa');
    expect(post.type).toBe(PostType.Video);
    expect(post.author.handle).toBe('fixture_creator');
    expect(post.externalId).toBe('BraveSmallOtterKappa');
  });

  it('refreshes numbers from the video page', async () => {
    expect((await refreshedStats(NetworkId.Twitch, '2012345678', 'https://www.twitch.tv/videos/2012345678'))?.views).toBe(4_321);
  });
});

describe('Behance', () => {
  it('imports a project, counting appreciations as likes', async () => {
    expect(await scrape('https://www.behance.net/gallery/123456789/Acme-Rebrand', NetworkId.Behance)).toEqual({
      networkId: NetworkId.Behance,
      externalId: '123456789',
      url: 'https://www.behance.net/gallery/123456789/Acme-Rebrand',
      caption: 'Acme Rebrand',
      thumbnailUrl: 'https://mir-s3-cdn-cf.behance.net/projects/404/123456789.jpg',
      type: PostType.Image,
      postedAt: new Date('2023-11-20T00:00:00.000Z'),
      author: { handle: 'janedoe', displayName: 'Jane Doe', avatarUrl: null },
      stats: { views: 5_400, likes: 320, comments: 18, shares: null },
    });
  });

  it('refreshes numbers from the project page', async () => {
    const url = 'https://www.behance.net/gallery/123456789/Acme-Rebrand';
    expect((await refreshedStats(NetworkId.Behance, '123456789', url))?.views).toBe(5_400);
  });
});

describe('Threads', () => {
  it('imports a text post, reading the author from og:title', async () => {
    expect(await scrape('https://www.threads.net/@maya.makes/post/C3thread001', NetworkId.Threads)).toEqual({
      networkId: NetworkId.Threads,
      externalId: 'C3thread001',
      url: 'https://www.threads.net/@maya.makes/post/C3thread001',
      caption: 'New glaze test, thoughts?',
      thumbnailUrl: null,
      type: PostType.Text,
      postedAt: new Date('2024-06-01T15:00:00.000Z'),
      author: { handle: 'maya.makes', displayName: 'Maya Makes', avatarUrl: null },
      stats: { views: null, likes: 210, comments: 14, shares: 3 },
    });
  });

  it('refreshes numbers from the post page', async () => {
    const url = 'https://www.threads.net/@maya.makes/post/C3thread001';
    expect((await refreshedStats(NetworkId.Threads, 'C3thread001', url))?.likes).toBe(210);
  });
});

describe('Snapchat', () => {
  it('imports a Spotlight video, with the username from the creator', async () => {
    expect(await scrape('https://www.snapchat.com/spotlight/spotlightSnap01', NetworkId.Snapchat)).toEqual({
      networkId: NetworkId.Snapchat,
      externalId: 'spotlightSnap01',
      url: 'https://www.snapchat.com/spotlight/spotlightSnap01',
      caption: 'Kiln opening!',
      thumbnailUrl: 'https://cf-st.sc-cdn.net/d/spotlightSnap01.jpg',
      type: PostType.Video,
      postedAt: new Date('2024-06-02T18:00:00.000Z'),
      author: { handle: 'mayasnaps', displayName: 'Maya', avatarUrl: null },
      stats: { views: 76_000, likes: 4_100, comments: 90, shares: 230 },
    });
  });

  it('refreshes numbers from the Spotlight page', async () => {
    const url = 'https://www.snapchat.com/spotlight/spotlightSnap01';
    expect((await refreshedStats(NetworkId.Snapchat, 'spotlightSnap01', url))?.views).toBe(76_000);
  });
});

describe('personal website', () => {
  it('imports a page, resolving its relative picture and naming the account after the host', async () => {
    expect(await scrape('https://janedoe.studio/work/brand-refresh', NetworkId.Website)).toEqual({
      networkId: NetworkId.Website,
      externalId: 'brand-refresh',
      url: 'https://janedoe.studio/work/brand-refresh',
      caption: 'Brand refresh for Acme',
      thumbnailUrl: 'https://janedoe.studio/images/brand-refresh.jpg',
      type: PostType.Image,
      postedAt: new Date('2024-01-20T09:00:00.000Z'),
      author: { handle: 'janedoe.studio', displayName: 'Jane Doe Studio', avatarUrl: null },
      stats: null,
    });
  });

  it('imports a page without a picture as text', async () => {
    const post = await scrape('https://www.example-blog.com/2024/notes-on-lighting', NetworkId.Website);
    expect(post.type).toBe(PostType.Text);
    expect(post.author.handle).toBe('example-blog.com');
    expect(post.thumbnailUrl).toBeNull();
  });

  it('has no numbers to refresh', async () => {
    expect(await refreshedStats(NetworkId.Website, 'brand-refresh', 'https://janedoe.studio/work/brand-refresh')).toBeNull();
  });
});

it('serves every thumbnail as a picture the importer can copy', async () => {
  const post = await scrape('https://www.instagram.com/p/C1a2b3c4d5E/');
  const picture = await fixtures.http.get(post.thumbnailUrl ?? '', { accept: 'image/*' });
  expect(picture.status).toBe(200);
  expect(picture.headers.get('content-type')).toBe('image/jpeg');
  expect((await picture.bytes()).slice(0, 2)).toEqual(new Uint8Array([0xff, 0xd8]));
});
