import { describe, expect, it } from 'vitest';
import { PostType } from '../../../../../../domain/enums.js';
import { NetworkId } from '../../../../../../domain/networks.js';
import { fixtureLink } from '../../../../test-support/fixture-networks/fixture-links.js';
import { ScrapeFailure, type OutboundHttp } from '../scraped-post.js';
import { useFixtureNetworks } from '../../../../test-support/fixture-networks/use-fixture-networks.js';
import { adapterFor } from './index.js';
import { syndicationToken } from './twitter-syndication.js';

const fixtures = useFixtureNetworks();

function scrape(url: string) {
  const link = fixtureLink(url);
  return adapterFor(link.networkId).scrape(link, fixtures.http);
}

describe('YouTube', () => {
  it('imports a video from oEmbed, with date and views from the watch page', async () => {
    const post = await scrape('https://youtu.be/bylineVid01?si=share');
    expect(post).toEqual({
      networkId: NetworkId.YouTube,
      externalId: 'bylineVid01',
      url: 'https://www.youtube.com/watch?v=bylineVid01',
      caption: 'Behind the lens: shooting "Night Market" & more',
      thumbnailUrl: 'https://i.ytimg.com/vi/bylineVid01/hqdefault.jpg',
      type: PostType.Video,
      postedAt: new Date('2024-03-05T17:00:00.000Z'),
      author: { handle: 'lumenstudio', displayName: 'Lumen Studio', avatarUrl: null },
      stats: { views: 1_234_567, likes: null, comments: null, shares: null },
    });
    expect(fixtures.networks.requests.sort()).toEqual([
      '/www.youtube.com/oembed?url=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3DbylineVid01&format=json',
      '/www.youtube.com/watch?v=bylineVid01',
    ]);
  });

  it('refreshes numbers from the watch page alone', async () => {
    fixtures.networks.setStats('bylineVid01', { views: 2_000_000 });
    const stats = await adapterFor(NetworkId.YouTube).fetchStats({ externalId: 'bylineVid01', url: 'https://www.youtube.com/watch?v=bylineVid01' }, fixtures.http);
    expect(stats).toEqual({ views: 2_000_000, likes: null, comments: null, shares: null });
    expect(fixtures.networks.requests).toEqual(['/www.youtube.com/watch?v=bylineVid01']);
    fixtures.networks.setStats('bylineVid01', { views: 1_234_567 });
  });
});

describe('TikTok', () => {
  it('imports a video from oEmbed, with numbers and date from the page data', async () => {
    const post = await scrape('https://www.tiktok.com/@maya.makes/video/7301234567890123456?is_from_webapp=1');
    expect(post).toEqual({
      networkId: NetworkId.TikTok,
      externalId: '7301234567890123456',
      url: 'https://www.tiktok.com/@maya.makes/video/7301234567890123456',
      caption: 'Clay mug in 60 seconds #pottery',
      thumbnailUrl: 'https://p16-sign.tiktokcdn-us.com/obj/tos-useast5-p-0068-tx/cover-7301234567890123456.jpeg',
      type: PostType.Video,
      postedAt: new Date('2024-02-10T09:30:00.000Z'),
      author: { handle: 'maya.makes', displayName: 'Maya Makes', avatarUrl: 'https://p16-sign.tiktokcdn-us.com/avatar/maya.makes.jpeg' },
      stats: { views: 987_654, likes: 54_321, comments: 1_234, shares: 567 },
    });
  });

  it('imports a photo post (slideshow) as an image', async () => {
    const post = await scrape('https://www.tiktok.com/@maya.makes/photo/7309876543210987654');
    expect(post.type).toBe(PostType.Image);
    expect(post.caption).toBe('Studio tour in 8 photos');
  });

  it('follows a short link to the video, whose id becomes the post id', async () => {
    const post = await scrape('https://vm.tiktok.com/ZMabc1234/');
    expect(post.externalId).toBe('7301234567890123456');
    expect(post.url).toBe('https://www.tiktok.com/@maya.makes/video/7301234567890123456');
    expect(post.stats?.likes).toBe(54_321);
    expect(fixtures.networks.requests[0]).toBe('/vm.tiktok.com/ZMabc1234/');
  });

  it('reports a short link that leads nowhere as not found', async () => {
    await expect(scrape('https://www.tiktok.com/t/missingLink1/')).rejects.toMatchObject({ reason: 'not_found' });
  });

  it('refreshes numbers from the video page alone', async () => {
    const stats = await adapterFor(NetworkId.TikTok).fetchStats(
      { externalId: '7301234567890123456', url: 'https://www.tiktok.com/@maya.makes/video/7301234567890123456' },
      fixtures.http,
    );
    expect(stats).toEqual({ views: 987_654, likes: 54_321, comments: 1_234, shares: 567 });
    expect(fixtures.networks.requests).toEqual(['/www.tiktok.com/@maya.makes/video/7301234567890123456']);
  });
});

describe('X / Twitter', () => {
  it('imports a text post from oEmbed, with numbers from syndication', async () => {
    const post = await scrape('https://twitter.com/janedoe/status/1790000000000000001?s=20');
    expect(post).toEqual({
      networkId: NetworkId.Twitter,
      externalId: '1790000000000000001',
      url: 'https://x.com/janedoe/status/1790000000000000001',
      caption: 'Directed my first music video. Credits in the thread!',
      thumbnailUrl: null,
      type: PostType.Text,
      postedAt: new Date('2024-05-01T12:00:00.000Z'),
      author: { handle: 'janedoe', displayName: 'Jane Doe', avatarUrl: 'https://pbs.twimg.com/profile_images/1/janedoe_normal.jpg' },
      stats: { views: null, likes: 1_500, comments: 42, shares: 300 },
    });
    expect(fixtures.networks.requests).toContain(
      '/publish.twitter.com/oembed?url=https%3A%2F%2Ftwitter.com%2Fjanedoe%2Fstatus%2F1790000000000000001&omit_script=1&dnt=true',
    );
    expect(fixtures.networks.requests).toContain(`/cdn.syndication.twimg.com/tweet-result?id=1790000000000000001&lang=en&token=${syndicationToken('1790000000000000001')}`);
  });

  it('types posts by their media and drops the picture link from the text', async () => {
    const photo = await scrape('https://x.com/janedoe/status/1790000000000000002');
    expect(photo.type).toBe(PostType.Image);
    expect(photo.caption).toBe('Stills from the set');
    expect(photo.thumbnailUrl).toBe('https://pbs.twimg.com/media/1790000000000000002.jpg');
    expect((await scrape('https://x.com/janedoe/status/1790000000000000003')).type).toBe(PostType.Video);
  });

  it('still imports from oEmbed alone when syndication fails, dating the post from the embed', async () => {
    const withoutSyndication: OutboundHttp = {
      get: (url, options) => (url.includes('syndication') ? Promise.reject(new ScrapeFailure('timeout', 'no answer')) : fixtures.http.get(url, options)),
    };
    const link = fixtureLink('https://x.com/janedoe/status/1790000000000000002');
    const post = await adapterFor(NetworkId.Twitter).scrape(link, withoutSyndication);
    expect(post.caption).toBe('Stills from the set');
    // The embed shows a picture link but not what kind of media it is.
    expect(post.type).toBe(PostType.Image);
    expect(post.postedAt).toEqual(new Date('2024-05-02T00:00:00.000Z'));
    expect(post.stats).toBeNull();
  });

  it('refreshes numbers from syndication alone', async () => {
    const stats = await adapterFor(NetworkId.Twitter).fetchStats({ externalId: '1790000000000000001', url: 'https://x.com/janedoe/status/1790000000000000001' }, fixtures.http);
    expect(stats).toEqual({ views: null, likes: 1_500, comments: 42, shares: 300 });
    expect(fixtures.networks.requests).toHaveLength(1);
    expect(fixtures.networks.requests[0]).toMatch(/^\/cdn\.syndication\.twimg\.com\/tweet-result\?id=1790000000000000001&/);
  });
});
