import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Lists end to end in Chromium against the built app (docs/product.md §Lists): a buyer adds a
 * creator to Prospects from the creator's profile (Add to list), another by searching on the list
 * page, and a post to a new list from the post page ("New list…"); the list page then shows each
 * person with their roles, place and totals; and a post from the explore results. At phone and
 * desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** A creator with public, accepted credits: two posts as Director (one also as Editor). */
async function creator(suffix: string, name: string, location: string | null) {
  const em = app.orm.em.fork();
  const user = await createUser(em, { username: `${name.toLowerCase()}_${suffix}`, name: `${name} ${suffix}` });
  user.locationName = location;
  const first = await createPost(em, { caption: `${name} film one ${suffix}` });
  first.views = 1_200_000;
  first.likes = 3_400;
  const second = await createPost(em, { caption: `${name} film two ${suffix}` });
  second.views = 800_000;
  second.likes = 600;
  await em.flush();
  for (const credit of [await creditUser(em, first, user, 1), await creditUser(em, second, user, 1), await creditUser(em, first, user, 3)]) credit.status = 'accepted';
  await em.flush();
  return { user, first };
}

for (const viewport of VIEWPORTS) {
  describe(`lists at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('adds people from a profile and from the list page, a post to a new list, and shows roles and totals', async () => {
      const suffix = uniqueSuffix();
      const buyer = await createUser(app.orm.em.fork(), { username: `buyer_${suffix}`, name: `Buyer ${suffix}` });
      const ana = await creator(suffix, 'Ana', 'Lisbon, Portugal');
      await creator(suffix, 'Ben', null);

      // 1. From Ana's profile: Add to list → Prospects (a checkmark shows it is in).
      const page = await app.openAs(browser, buyer, `/${ana.user.username}`);
      await page.getByRole('button', { name: 'Add to list' }).click();
      const menu = page.getByRole('group', { name: 'Your lists' });
      const prospects = menu.getByRole('checkbox', { name: 'Prospects' });
      await expect.poll(() => prospects.isEnabled()).toBe(true);
      expect(await menu.getByRole('checkbox', { name: 'Favorites' }).isChecked()).toBe(false);
      await prospects.check();
      await expect.poll(() => prospects.isChecked()).toBe(true);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `lists-menu-${viewport.width}.png`) });

      // 2. The lists page: Favorites and Prospects, Prospects holding one person.
      await page.goto(`${app.url}/lists`);
      const lists = page.getByRole('list', { name: 'Your lists' });
      await expect.poll(() => lists.getByRole('listitem').allInnerTexts()).toEqual([expect.stringMatching(/^Favorites\s+0 people · 0 posts/), expect.stringMatching(/^Prospects\s+1 person · 0 posts/)]);
      await lists.getByRole('link', { name: 'Prospects' }).click();
      await page.getByRole('heading', { level: 1, name: 'Prospects' }).waitFor();

      // 3. Ben, found by name on the list page itself.
      await page.getByRole('searchbox', { name: 'Add a person' }).fill(`Ben ${suffix}`);
      await page.getByRole('button', { name: `Add Ben ${suffix}` }).click();
      const people = page.getByTestId('list-person');
      await expect.poll(() => people.count()).toBe(2);

      // 4. Each person with roles (with counts), place and totals; newest first.
      const benRow = people.nth(0);
      const anaRow = people.nth(1);
      await expect.poll(() => benRow.innerText()).toContain(`Ben ${suffix}`);
      expect(await anaRow.innerText()).toContain('Lisbon, Portugal');
      expect(await benRow.innerText()).toContain('Location not given');
      const roles = await anaRow.getByRole('list', { name: `Roles of Ana ${suffix}` }).getByRole('listitem').allInnerTexts();
      expect(roles).toHaveLength(2);
      expect(roles[0]).toMatch(/\(2\)$/);
      expect(roles[1]).toMatch(/\(1\)$/);
      const totals = (await anaRow.getByRole('definition').allInnerTexts()).map((text) => text.trim());
      expect(totals).toEqual(['2', '2m', '4k']);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `lists-page-${viewport.width}.png`), fullPage: true });

      // 5. A post into a new list from the post page ("New list…").
      await page.goto(`${app.url}/posts/${ana.first.id}`);
      await page.getByRole('button', { name: 'Add to list' }).click();
      await page.getByRole('button', { name: 'New list…' }).click();
      await page.getByRole('textbox', { name: 'List name' }).fill(`Moodboard ${suffix}`);
      await page.getByRole('button', { name: 'Create', exact: true }).click();
      const moodboard = page.getByRole('group', { name: 'Your lists' }).getByRole('checkbox', { name: `Moodboard ${suffix}` });
      await expect.poll(() => moodboard.isChecked()).toBe(true);

      await page.goto(`${app.url}/lists`);
      await page.getByRole('link', { name: `Moodboard ${suffix}` }).click();
      await page.getByRole('heading', { level: 1, name: `Moodboard ${suffix}` }).waitFor();
      await expect.poll(() => page.getByRole('link', { name: `Ana film one ${suffix}` }).count()).toBe(1);
    });

    it('adds a post to a list from the explore results, the menu opening inside the card', async () => {
      const suffix = uniqueSuffix();
      const buyer = await createUser(app.orm.em.fork(), { username: `scout_${suffix}`, name: `Scout ${suffix}` });
      const ana = await creator(suffix, 'Ana', null);
      const page = await app.openAs(browser, buyer, `/explore?users=${encodeURIComponent(`${ana.user.name}~${ana.user.id}`)}`);
      const cards = page.getByRole('list', { name: 'Posts' }).locator(':scope > li');
      await expect.poll(() => cards.count()).toBe(2);
      // The second card sits in the right-hand column on a phone: its menu must stay on screen.
      const card = cards.nth(1);
      await card.getByRole('button', { name: 'Add to list' }).click();
      const favorites = card.getByRole('group', { name: 'Your lists' }).getByRole('checkbox', { name: 'Favorites' });
      await expect.poll(() => favorites.isEnabled()).toBe(true);
      await favorites.check();
      await expect.poll(() => favorites.isChecked()).toBe(true);
      await expectNoSidewaysScroll(page, viewport.width);
      const box = (await card.getByRole('group', { name: 'Your lists' }).boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `lists-explore-${viewport.width}.png`) });

      await page.goto(`${app.url}/lists`);
      await expect.poll(() => page.getByRole('list', { name: 'Your lists' }).getByRole('listitem').first().innerText()).toMatch(/^Favorites\s+0 people · 1 post/);
    });
  });
}
