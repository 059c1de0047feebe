import { describe, expect, it } from 'vitest';
import { appReady } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The blog, the help centre and the downloads page (docs/product.md §Blog and help, §Downloads)
 * in Chromium against the built app and the repository's own content, signed out, at a phone's
 * width and a desktop's: a post reached from the index, the feed it links to, an article found
 * by searching its title by keyboard, and the store links the operator set (only the App Store
 * here, so Google Play must be missing).
 */

const APP_STORE_URL = 'https://apps.apple.com/app/byline/id000000001';
const app = useTestApp({ env: { APP_STORE_URL } });

for (const viewport of VIEWPORTS) {
  describe(`content pages at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('opens a blog post from the index, with its social card, and the feed the index links to', async () => {
      const page = await browser.context.newPage();
      try {
        await page.goto(`${app.url}/blog`);
        await appReady(page);
        expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Blog');
        const feedHref = await page.locator('head link[rel="alternate"][type="application/atom+xml"]').first().getAttribute('href');
        expect(new URL(feedHref ?? '', app.url).pathname).toBe('/blog/feed.xml');
        await expectNoSidewaysScroll(page, viewport.width);

        await page.getByRole('link', { name: 'How crediting works on Byline' }).click();
        await expect.poll(() => new URL(page.url()).pathname).toBe('/blog/how-crediting-works');
        await page.getByRole('heading', { level: 1, name: 'How crediting works on Byline' }).waitFor();
        await page.getByRole('heading', { level: 2, name: 'Consent: pending, accepted, declined' }).waitFor();
        expect(await page.getByRole('img', { name: 'Three name cards on a post, one marked with a check' }).evaluate((image: { naturalWidth: number }) => image.naturalWidth)).toBeGreaterThan(0);
        expect(await page.title()).toBe('How crediting works on Byline | Byline');
        await expectNoSidewaysScroll(page, viewport.width);

        // The post's own address, as a link preview fetches it: its social card is in the HTML.
        const shared = await page.request.get(`${app.url}/blog/how-crediting-works`, { headers: { accept: 'text/html' } });
        expect(shared.status()).toBe(200);
        expect(await shared.text()).toContain('<meta property="og:title" content="How crediting works on Byline | Byline" />');

        const feed = await page.request.get(`${app.url}/blog/feed.xml`);
        expect(feed.status()).toBe(200);
        expect(feed.headers()['content-type']).toBe('application/atom+xml; charset=utf-8');
        const xml = await feed.text();
        expect(xml).toContain('<feed xmlns="http://www.w3.org/2005/Atom"');
        expect([...xml.matchAll(/<entry>\s*<title>([^<]+)<\/title>/g)].map((match) => match[1])).toEqual(['Building on Byline: the public API', 'How crediting works on Byline']);

        const unknown = await page.request.get(`${app.url}/blog/no-such-post`, { headers: { accept: 'text/html' } });
        expect(unknown.status()).toBe(404);
      } finally {
        await page.close();
      }
    });

    it('finds a help article by searching its title, by keyboard', async () => {
      const page = await browser.context.newPage();
      try {
        await page.goto(`${app.url}/help`);
        await appReady(page);
        const search = page.getByRole('searchbox', { name: 'Search help articles by title' });
        await search.focus();
        await page.keyboard.type('token');
        await expect.poll(() => new URL(page.url()).search).toBe('?q=token');
        const results = page.getByRole('list', { name: 'Articles' }).getByRole('link');
        await expect.poll(() => results.allInnerTexts()).toEqual(['API tokens']);
        await page.keyboard.press('Tab');
        expect(await page.evaluate('document.activeElement && document.activeElement.textContent')).toBe('API tokens');
        await page.keyboard.press('Enter');
        await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/help/api-tokens');
        await page.getByRole('heading', { level: 2, name: 'Creating a token' }).waitFor();
        await expectNoSidewaysScroll(page, viewport.width);
      } finally {
        await page.close();
      }
    });

    it('links to the App Store, which is set, and not to Google Play, which is not', async () => {
      const page = await browser.context.newPage();
      try {
        await page.goto(`${app.url}/downloads`);
        await appReady(page);
        const appStore = page.getByRole('link', { name: 'Download on the App Store' });
        await appStore.waitFor();
        expect(await appStore.getAttribute('href')).toBe(APP_STORE_URL);
        expect(await page.getByRole('link', { name: 'Get it on Google Play' }).count()).toBe(0);
        expect(await page.getByRole('contentinfo').getByRole('link', { name: 'Help Centre' }).getAttribute('href')).toBe('/help');
        await expectNoSidewaysScroll(page, viewport.width);
      } finally {
        await page.close();
      }
    });
  });
}
