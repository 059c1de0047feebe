import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../server/src/test-support/factories.js';
import { matchesPattern, routePatterns } from './support/axe-routes.js';
import { useBrowser, useTestApp, VIEWPORTS, type TestApp } from './support/test-app.js';

/**
 * Every link of the shell goes somewhere (docs/product.md §Shell): the top bar, the open account
 * menu and the footer, read in the browser signed out and signed in. With none of the outside
 * addresses set, each link is one of the app's own pages (a route of the route table, not the
 * not-found catch-all) and none is a placeholder; with all of them set, each appears with its
 * address. One tab per state at 1280 px; the 375 px menu is covered by the shell's own tests.
 */

const desktop = VIEWPORTS.find((viewport) => viewport.name === 'desktop')!;

const OUTSIDE = {
  MERCH_URL: 'https://shop.byline.test/',
  SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/byline.test/',
  SOCIAL_TIKTOK_URL: 'https://www.tiktok.com/@byline.test',
  SOCIAL_X_URL: 'https://x.com/byline_test',
  SOCIAL_LINKEDIN_URL: 'https://www.linkedin.com/company/byline-test',
  SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@byline.test',
  APP_STORE_URL: 'https://apps.apple.com/app/byline/id000000001',
  PLAY_STORE_URL: 'https://play.google.com/store/apps/details?id=test.byline',
};

/** One link as written in the page: its text (or accessible label) and its raw href. */
interface ShellLink {
  name: string;
  href: string | null;
}

/** Every link of the top bar, the account menu (opened first when signed in) and the footer. */
async function shellLinks(page: Page, signedIn: boolean): Promise<ShellLink[]> {
  await page.getByRole('contentinfo').waitFor();
  if (signedIn) {
    await page.getByRole('button', { name: /^Menu/ }).click();
    await page.getByRole('navigation', { name: 'Account' }).waitFor();
  }
  return page
    // One selector list, so a link inside two of them (the menu sits in the top bar) counts once.
    .locator('header[role=banner] a, footer:not(main footer) a, nav[aria-label="Account"] a')
    .evaluateAll((links) => links.map((link) => ({ name: (link.getAttribute('aria-label') ?? link.textContent ?? '').trim(), href: link.getAttribute('href') })));
}

/** Whether `href` (relative to `appUrl`) is one of the app's own pages: a route other than the not-found catch-all. */
function isOwnPage(href: string, appUrl: string): boolean {
  const url = new URL(href, appUrl);
  if (url.origin !== new URL(appUrl).origin) return false;
  return routePatterns().some((pattern) => pattern !== '*' && matchesPattern(pattern, url.pathname));
}

/** Each state's shell links, read on /about: signed out, then signed in. */
async function linksSignedOutAndIn(app: TestApp, browser: Parameters<TestApp['openAs']>[0]): Promise<ShellLink[][]> {
  const found: ShellLink[][] = [];
  const user = await createUser(app.orm.em.fork());
  for (const person of [null, user]) {
    const page = await app.openAs(browser, person, '/about');
    try {
      found.push(await shellLinks(page, person !== null));
    } finally {
      await page.close();
    }
  }
  return found;
}

describe('shell links with no outside address set', () => {
  const app = useTestApp();
  const browser = useBrowser(desktop);

  it('points every link of the top bar, menu and footer at one of the app’s own pages, signed out and in', async () => {
    for (const links of await linksSignedOutAndIn(app, browser)) {
      expect(links.length).toBeGreaterThan(15);
      for (const link of links) {
        // A path of this site: not another origin, not an empty or `#` placeholder.
        expect(link.href, link.name).toMatch(/^\/(?!\/)/);
        expect(link.href, link.name).not.toMatch(/#$/);
        expect(isOwnPage(link.href ?? '', app.url), `${link.name}: ${link.href}`).toBe(true);
      }
      expect(links.map((link) => link.name)).not.toContain('Merch');
    }
  });
});

describe('shell links with every outside address set', () => {
  const app = useTestApp({ env: OUTSIDE });
  const browser = useBrowser(desktop);

  it('shows each outside address where it belongs, and every other link is one of the app’s own pages', async () => {
    const [signedOut, signedIn] = (await linksSignedOutAndIn(app, browser)) as [ShellLink[], ShellLink[]];
    const social = [OUTSIDE.SOCIAL_INSTAGRAM_URL, OUTSIDE.SOCIAL_TIKTOK_URL, OUTSIDE.SOCIAL_X_URL, OUTSIDE.SOCIAL_LINKEDIN_URL, OUTSIDE.SOCIAL_YOUTUBE_URL];
    for (const links of [signedOut, signedIn]) {
      const outside = links.filter((link) => !isOwnPage(link.href ?? '', app.url)).map((link) => link.href);
      // The footer's social links and its Merch; signed in, the menu's Merch too.
      expect(outside.filter((href) => href !== OUTSIDE.MERCH_URL).sort()).toEqual([...social].sort());
      expect(outside.filter((href) => href === OUTSIDE.MERCH_URL)).toHaveLength(links === signedIn ? 2 : 1);
    }
    // The store pages live on the downloads page, with their addresses.
    const page = await app.openAs(browser, null, '/downloads');
    try {
      expect(await page.getByRole('link', { name: 'Download on the App Store' }).getAttribute('href')).toBe(OUTSIDE.APP_STORE_URL);
      expect(await page.getByRole('link', { name: 'Get it on Google Play' }).getAttribute('href')).toBe(OUTSIDE.PLAY_STORE_URL);
    } finally {
      await page.close();
    }
  });
});
