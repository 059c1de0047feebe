import { ref } from '@mikro-orm/core';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UserType } from '../domain/enums.js';
import { NetworkId } from '../domain/networks.js';
import { createAccount, createPost, createUser } from '../server/src/test-support/factories.js';
import { creditAs, setPostNumbers } from '../server/src/modules/profiles/index.js';
import type { User } from '../server/src/modules/users/index.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { appReady, graphqlOperationName } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Profiles end to end in Chromium against the built app: a signed-out visitor opens a shared
 * portfolio (no sign-up wall), sees the roles with counts, totals, accounts, collaborators and
 * the credited posts, pages and filters the grid, and never sees a private post; the owner's
 * /profile shows their own portfolio, private post included. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const PUBLIC_POSTS = 30;

const app = useTestApp();
let maker: User;
let collaborator: User;

beforeAll(async () => {
  const em = app.orm.em.fork();
  maker = await createUser(em, { name: 'Maya Makes', userType: UserType.Creator, roleFlags: [3] });
  maker.bio = 'Director and photographer in Lisbon.';
  maker.locationName = 'Lisbon, Portugal';
  maker.website = 'https://maya.example';
  collaborator = await createUser(em, { name: 'Cleo Cutter' });
  const account = await createAccount(em, NetworkId.TikTok, `maya_${maker.id}`);
  account.owner = ref(maker);
  account.ownerVerifiedAt = new Date();
  account.followerCount = 12_345;
  await em.flush();
  for (let i = 1; i <= PUBLIC_POSTS; i++) {
    const post = await setPostNumbers(em, await createPost(em, { account: i % 3 === 0 ? await createAccount(em, NetworkId.YouTube) : account, caption: `Portfolio piece ${String(i).padStart(2, '0')}` }), {
      views: i * 100_000,
      likes: i * 1000,
      postedAt: new Date(Date.UTC(2026, 0, i)),
    });
    await creditAs(em, post, maker, i % 5 === 0 ? 2 : 1);
    if (i % 2 === 0) await creditAs(em, post, collaborator, 3);
  }
  const owner = await createUser(em);
  const hidden = await createPost(em, { account, createdBy: owner, isPrivate: true, caption: 'Secret private piece' });
  await creditAs(em, hidden, maker, 1);
});

const cards = (page: Page) => page.getByTestId('portfolio-post');

for (const viewport of VIEWPORTS) {
  describe(`profiles at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('shows a signed-out visitor the portfolio: roles with counts, totals, accounts, collaborators and credited posts', async () => {
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      const operations: string[] = [];
      page.on('request', (request) => {
        const operation = graphqlOperationName(request);
        if (operation) operations.push(operation);
      });
      await page.goto(`${app.url}/${maker.username}`);
      await appReady(page);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Maya Makes');
      expect(new URL(page.url()).pathname).toBe(`/${maker.username}`);
      // The title follows in an effect after the page paints.
      await expect.poll(() => page.title()).toBe(`Maya Makes (@${maker.username}) | Byline`);

      const header = await page.locator('.profile__header').innerText();
      expect(header).toContain('Creator');
      expect(header).toContain('PRO');
      expect(header).toContain('Lisbon, Portugal');
      expect(header).toContain('Director and photographer in Lisbon.');
      expect(await page.getByTestId('profile-accounts').innerText()).toContain('12.3k followers');
      expect(await page.getByRole('link', { name: `@maya_${maker.id} on TikTok` }).getAttribute('href')).toBe(`https://www.tiktok.com/@maya_${maker.id}`);

      const roles = await page.getByTestId('profile-roles').innerText();
      expect(roles).toContain('Director · 24 posts');
      expect(roles).toContain('Photographer · 6 posts');
      // 30 posts; views 100k × (1 + … + 30) = 46.5m; likes 465k.
      const totals = await page.getByTestId('profile-totals').innerText();
      expect(totals).toMatch(/Posts\s+30/);
      expect(totals).toMatch(/Views\s+46\.5m/);
      expect(totals).toMatch(/Likes\s+465k/);
      expect(await page.getByTestId('profile-collaborators').innerText()).toContain('Cleo Cutter · 15 posts together');

      // Newest first, a page at a time; the private post is not there.
      await expect.poll(() => cards(page).count()).toBe(24);
      expect(await cards(page).first().innerText()).toContain('Portfolio piece 30');
      await page.getByRole('button', { name: 'Show more' }).click();
      await expect.poll(() => cards(page).count()).toBe(PUBLIC_POSTS);
      expect(await page.getByTestId('portfolio-grid').innerText()).not.toContain('Secret private piece');
      // The header and the grid's first page came with the server-rendered page; they share the
      // user's portfolio in the cache without overwriting each other (which would send each query
      // again), so only Show more asked for anything.
      expect(operations.filter((name) => name === 'Profile')).toHaveLength(0);
      expect(operations.filter((name) => name === 'ProfilePosts')).toHaveLength(1);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `profile-signed-out-${viewport.width}.png`), fullPage: true });

      // Filters and sort refetch the grid.
      await page.getByLabel('Role', { exact: true }).selectOption({ label: '📷 Photographer' });
      await expect.poll(() => cards(page).count()).toBe(6);
      await page.getByLabel('Role', { exact: true }).selectOption({ label: 'All roles' });
      await page.getByLabel('Network').selectOption({ label: 'YouTube' });
      await expect.poll(() => cards(page).count()).toBe(10);
      await page.getByLabel('Network').selectOption({ label: 'All networks' });
      await page.getByLabel('Sort by').selectOption({ label: 'Most viewed' });
      await expect.poll(() => cards(page).first().innerText()).toContain('Portfolio piece 30');
      await page.getByLabel('Sort by').selectOption({ label: 'Newest' });

      // A card opens its post.
      await cards(page).first().getByRole('link').click();
      await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/posts\/\d+$/);
      await page.close();
    });

    it('shows the not-found page for an unknown username', async () => {
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      await page.goto(`${app.url}/nobody_by_this_name`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');
      await page.close();
    });

    it("shows the signed-in owner their own portfolio at /profile, private post included", async () => {
      const page = await app.openAs(browser, maker, '/profile');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Maya Makes');
      await expect.poll(() => page.getByTestId('profile-totals').innerText()).toMatch(/Posts\s+31/);
      await expect.poll(() => cards(page).count()).toBe(24);
      expect(await page.getByTestId('portfolio-grid').innerText()).toContain('Secret private piece');
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `profile-own-${viewport.width}.png`), fullPage: true });
      await page.close();
    });
  });
}
