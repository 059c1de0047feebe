import { describe, expect, it } from 'vitest';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { siteLinksFrom } from './site-links.js';

const NONE = { merch: null, instagram: null, tiktok: null, x: null, linkedin: null, youtube: null, appStore: null, playStore: null };

describe('siteLinksFrom (docs/product.md §Shell: links that go somewhere)', () => {
  it('keeps only the addresses that are set, in the footer order', () => {
    expect(siteLinksFrom(NONE)).toEqual({ merch: null, appStore: null, playStore: null, socialProfiles: [] });
    expect(siteLinksFrom({ ...NONE, youtube: 'https://www.youtube.com/@byline', instagram: 'https://www.instagram.com/byline/' })).toEqual({
      merch: null,
      appStore: null,
      playStore: null,
      socialProfiles: [
        { network: 'Instagram', url: 'https://www.instagram.com/byline/' },
        { network: 'YouTube', url: 'https://www.youtube.com/@byline' },
      ],
    });
  });
});

describe('Query.siteLinks', () => {
  const env = useTestServer({ siteLinks: { ...NONE, merch: 'https://shop.byline.test/', x: 'https://x.com/byline', playStore: 'https://play.google.com/store/apps/details?id=example.byline' } });

  it('answers a signed-out visitor with what the operator set', async () => {
    const { body } = await graphql<{ siteLinks: unknown }>(env.server, '{ siteLinks { merch appStore playStore socialProfiles { network url } } }');
    expect(body.errors).toBeUndefined();
    expect(body.data?.siteLinks).toEqual({
      merch: 'https://shop.byline.test/',
      appStore: null,
      playStore: 'https://play.google.com/store/apps/details?id=example.byline',
      socialProfiles: [{ network: 'X', url: 'https://x.com/byline' }],
    });
  });
});
