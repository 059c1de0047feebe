import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NetworkId } from '../domain/networks.js';
import { createAccount, createPost, createUser } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * No broken pictures and no empty boxes, in Chromium against the built app: a post whose picture
 * Byline has no copy of, or whose picture fails to load (before or after the page hydrates),
 * shows a tile naming its network; an account picture the page's policy blocks shows initials; a
 * chart with nothing to draw is one line; and a disabled button on /plans (billing is not
 * configured here) looks disabled. docs/product.md §Posts, §Analytics and milestones.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

/** A public Instagram post with no readings, its picture as `picture` says, its account's picture on another origin (refused by the page's img-src). */
async function postWith(picture: 'none' | 'missing copy'): Promise<number> {
  const em = app.orm.em.fork();
  const account = await createAccount(em, NetworkId.Instagram);
  const post = await createPost(em, { account, caption: 'Behind the scenes' });
  await em.execute(`update social_accounts set avatar_url = 'http://127.0.0.1:9/avatar.jpg' where id = ?`, [account.id]);
  // The import kept the network's address but could not copy the picture…
  await em.execute(`update posts set thumbnail_url = 'http://127.0.0.1:9/cover.jpg' where id = ?`, [post.id]);
  // …or Byline says it has a copy that is not there: the picture's address answers 404.
  if (picture === 'missing copy') await em.execute('update posts set thumbnail_stored_at = now() where id = ?', [post.id]);
  return post.id;
}

/** Whether any picture on the page is broken: finished loading with nothing to show. */
function brokenPictures(page: Page): Promise<number> {
  return page.locator('img').evaluateAll((images: Array<{ complete: boolean; naturalWidth: number }>) => images.filter((image) => image.complete && image.naturalWidth === 0).length);
}

/** The page's window as far as this file needs it, typed by hand: the e2e files are type-checked without the DOM library. */
type StyledWindow = { getComputedStyle(element: unknown): { getPropertyValue(name: string): string } };

function computed(locator: Locator, property: 'cursor' | 'background-color' | 'color'): Promise<string> {
  // Runs in the page: only what the function names itself is there.
  return locator.evaluate((element, name) => (globalThis as unknown as StyledWindow).getComputedStyle(element).getPropertyValue(name), property);
}

for (const viewport of VIEWPORTS) {
  describe(`empty states at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it.each(['none', 'missing copy'] as const)('shows the network’s tile, not a broken image, for a post picture (%s), and one line for a chart with nothing in it', async (picture) => {
      const postId = await postWith(picture);
      // Signed out, the post page is server-rendered: a failed picture may fail before the app hydrates.
      const page = await app.openAs(browser, null, `/posts/${postId}`);
      openPages.push(page);

      const tile = page.getByRole('img', { name: 'Instagram post (picture not available)' });
      await expect.poll(() => tile.isVisible()).toBe(true);
      expect(await tile.textContent()).toBe('IGInstagram');
      expect(await page.locator('img.post__picture').count()).toBe(0);
      // The account's picture is refused by the page's policy: its initials instead.
      await expect.poll(() => page.locator('.post__account .avatar--initials').isVisible()).toBe(true);
      await expect.poll(() => brokenPictures(page)).toBe(0);

      const chart = page.getByTestId('stats-chart');
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(() => chart.getByTestId('stats-empty').textContent()).toBe('No readings in this range yet.');
      expect(await chart.locator('.stats-chart, svg, canvas').count()).toBe(0);

      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `empty-states-post-${picture.replace(' ', '-')}-${viewport.width}.png`), fullPage: true });
    });

    it('shows a disabled upgrade button as disabled: not-allowed pointer, grey, no hover', async () => {
      const user = await createUser(app.orm.em.fork(), { termsAcknowledgedAt: new Date() });
      const page = await app.openAs(browser, user, '/plans');
      openPages.push(page);
      const upgrade = page.getByRole('region', { name: 'Plans' }).getByRole('button', { name: 'Upgrade to PRO' });
      await expect.poll(() => upgrade.isDisabled()).toBe(true);

      expect(await computed(upgrade, 'cursor')).toBe('not-allowed');
      expect(await computed(upgrade, 'color')).toBe('rgb(85, 82, 92)');
      const resting = await computed(upgrade, 'background-color');
      expect(resting).toBe('rgb(228, 226, 232)');
      await upgrade.hover({ force: true });
      expect(await computed(upgrade, 'background-color')).toBe(resting);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `plans-disabled-${viewport.width}.png`), fullPage: true });
    });
  });
}
