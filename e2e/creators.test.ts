import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { encodeGeohash } from '../domain/geohash.js';
import { PLACES } from '../domain/place-list.js';
import { placeLabel } from '../domain/places.js';
import { CRITERIA_PLACE_GEOHASH_PRECISION } from '../domain/search-criteria.js';
import { createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The creator search end to end (docs/product.md §Search), in Chromium against the built app at
 * phone and desktop widths: a search filtered through the URL (role and place) finds only the
 * creator who matches both, the same link in a new tab shows the same people, removing a chip
 * widens the search and the back button narrows it again, and a result is added to a list from its
 * card.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** Each width searches its own city, so the two runs never see each other's people. */
const CITY_BY_WIDTH: Record<number, string> = { 375: 'Nairobi', 1280: 'Santiago' };

async function creatorIn(city: string | null, name: string, roleId: number) {
  const em = app.orm.em.fork();
  const person = await createUser(em, { name });
  const place = city === null ? null : PLACES.find((candidate) => candidate.city === city)!;
  if (place) {
    person.locationGeohash = place.geohash;
    person.locationName = placeLabel(place);
  }
  await em.flush();
  await creditUser(em, await createPost(em), person, roleId);
  return person;
}

for (const viewport of VIEWPORTS) {
  describe(`creators at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('filters through the URL, shares the link, removes a chip and goes back, and adds a result to a list', async () => {
      const suffix = uniqueSuffix();
      const city = CITY_BY_WIDTH[viewport.width]!;
      const place = PLACES.find((candidate) => candidate.city === city)!;
      const buyer = await createUser(app.orm.em.fork(), { name: `Buyer ${suffix}` });
      await creatorIn(city, `Photographer ${suffix}`, 2);
      await creatorIn(city, `Editor ${suffix}`, 3);
      await creatorIn(null, `Elsewhere ${suffix}`, 2);

      const geo = `${city}~${encodeGeohash(place.lat, place.lon, CRITERIA_PLACE_GEOHASH_PRECISION)}`;
      const link = `/creators?role=${encodeURIComponent('Photographer~2')}&geo=${encodeURIComponent(geo)}`;
      const page = await app.openAs(browser, buyer, link);
      const results = page.getByRole('list', { name: 'Creators' });
      const card = results.locator('.creator-card');
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.innerText()).toContain(`Photographer ${suffix}`);
      expect(await card.innerText()).toContain(placeLabel(place));
      expect(await page.getByRole('list', { name: 'Filters' }).innerText()).toContain(`Near ${city}`);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `creators-${viewport.width}.png`) });

      // The same link in a new tab: the same filters and people.
      const tab = await page.context().newPage();
      await tab.goto(page.url());
      await expect.poll(() => tab.getByRole('list', { name: 'Creators' }).innerText()).toContain(`Photographer ${suffix}`);
      expect(await tab.getByRole('list', { name: 'Creators' }).locator('.creator-card').count()).toBe(1);
      await tab.close();

      // Removing the place widens the search to photographers anywhere; back narrows it again.
      await page.getByRole('button', { name: `Remove filter Near ${city}` }).click();
      await expect.poll(() => results.innerText()).toContain(`Elsewhere ${suffix}`);
      expect(new URL(page.url()).searchParams.get('geo')).toBeNull();
      await page.goBack();
      await expect.poll(() => card.count()).toBe(1);
      expect(new URL(page.url()).searchParams.get('geo')).toBe(geo);

      // Add the result to Prospects from its card.
      await card.getByRole('button', { name: 'Add to list' }).click();
      const prospects = page.getByRole('group', { name: 'Your lists' }).getByRole('checkbox', { name: 'Prospects' });
      await expect.poll(() => prospects.isEnabled()).toBe(true);
      await prospects.check();
      await expect.poll(() => prospects.isChecked()).toBe(true);
      // The box shows checked as soon as it is clicked; the row is saved when the server answers.
      const held = () =>
        queryRows<{ name: string }>(
          app.databaseUrl,
          `select u.name from list_people lp join lists l on l.id = lp.list_id join users u on u.id = lp.user_id where l.owner_id = $1 and l.kind = 'prospects'`,
          [buyer.id],
        );
      await expect.poll(async () => (await held()).map((row) => row.name)).toEqual([`Photographer ${suffix}`]);
    });
  });
}
