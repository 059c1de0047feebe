import { describe, expect, it } from 'vitest';
import { useFixtureNetworks } from '../../test-support/fixture-networks/use-fixture-networks.js';
import { bioContainsCode, newBioCode } from './bio-code.js';
import { fetchProfilePage } from './profile-page.fetch.js';

describe('bio codes', () => {
  it('are short, typable and found as a word of their own in any case', () => {
    const code = newBioCode();
    expect(code).toMatch(/^byline-[A-HJ-NP-Z2-9]{4}$/);
    expect(bioContainsCode(`Potter ✨ ${code.toLowerCase()}.`, code)).toBe(true);
    expect(bioContainsCode(`${code}X`, code)).toBe(false);
    expect(bioContainsCode(`x${code}`, code)).toBe(false);
    expect(bioContainsCode('byline-', code)).toBe(false);
  });
});

describe('fetching a profile page', () => {
  const env = useFixtureNetworks();

  it('reads TikTok’s app data: bio and followers', async () => {
    const page = await fetchProfilePage(env.http, 'https://www.tiktok.com/@maya.makes');
    expect(page.bioTexts[0]).toBe('Maker of things. tiktok home of maya.makes.');
    expect(page.followerCount).toBeGreaterThan(0);
    expect(page.displayName).toBe('Maya Makes');
  });

  it('turns a slow network into the spec’s timeout message', async () => {
    await expect(fetchProfilePage(env.http, 'https://x.com/slow_maker', 300)).rejects.toMatchObject({ code: 'TIMEOUT', message: 'Timeout: Timeout accessing the product. Try again later.' });
  });

  it.each([
    ['a 404', 'https://www.instagram.com/missing_maker'],
    ['TikTok’s “user not exist” status', 'https://www.tiktok.com/@missing.maker'],
    ['a page without a profile on it', 'https://www.facebook.com/brokenpage'],
  ])('says “Could not find a channel for that username” for %s', async (_, url) => {
    await expect(fetchProfilePage(env.http, url)).rejects.toMatchObject({ code: 'NOT_FOUND', message: 'Could not find a channel for that username' });
  });

  it('asks to try again later when the network is rate limiting', async () => {
    await expect(fetchProfilePage(env.http, 'https://x.com/blocked_maker')).rejects.toMatchObject({ code: 'UNPROCESSABLE' });
  });
});
