import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { appReady } from './support/pages.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Availability end to end (docs/product.md §Profiles), in Chromium against the built app at phone
 * and desktop widths: a creator says in Settings they are open to work as a Photographer; the
 * badge shows on their profile, and /creators with "Open to work" finds them and not a creator
 * who is not.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const app = useTestApp();

async function creator(name: string) {
  const em = app.orm.em.fork();
  const person = await createUser(em, { name });
  await creditUser(em, await createPost(em), person, 2);
  return person;
}

for (const viewport of VIEWPORTS) {
  describe(`availability at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('is set in Settings, shows on the profile, and filters /creators', async () => {
      const family = `Avail${uniqueSuffix()}`;
      const [open, other] = [await creator(`${family} Open`), await creator(`${family} Busy`)];

      const settings = await app.openAs(browser, open, '/settings');
      const availability = settings.getByRole('region', { name: 'Availability' });
      await expect.poll(() => availability.getByRole('checkbox', { name: 'Open to work' }).isVisible()).toBe(true);
      await availability.getByRole('checkbox', { name: 'Open to work' }).check();
      await availability.getByRole('checkbox', { name: '📷 Photographer' }).check();
      await availability.getByRole('button', { name: 'Save availability' }).click();
      await expect.poll(() => availability.getByRole('status').innerText()).toBe('Availability saved.');
      await expect.poll(() => queryRows(app.databaseUrl, 'select open_to_work, role_ids from creator_availability where user_id = $1', [open.id])).toEqual([{ open_to_work: true, role_ids: [2] }]);
      await settings.close();

      const profile = await app.openAs(browser, null, `/${open.username}`);
      await expect.poll(() => profile.locator('.availability-badge').textContent()).toBe('Open to work · Photographer');
      await settled(profile);
      expect(await seriousViolations(profile)).toEqual([]);
      await expectNoSidewaysScroll(profile, viewport.width);
      await profile.screenshot({ path: path.join(SCREENSHOT_DIR, `availability-profile-${viewport.name}.png`) });
      await profile.close();

      const search = await app.openAs(browser, other, `/creators?q=${family}`);
      const results = search.getByRole('list', { name: 'Creators' });
      await expect.poll(() => results.getByRole('listitem').filter({ hasText: family }).count()).toBeGreaterThanOrEqual(2);
      await search.goto(`${app.url}/creators?q=${family}&open=1`);
      await appReady(search);
      await expect.poll(() => search.getByRole('list', { name: 'Filters' }).innerText()).toContain('Open to work');
      await expect.poll(() => results.getByRole('link', { name: `${family} Open` }).isVisible()).toBe(true);
      await expect.poll(() => results.getByRole('link', { name: `${family} Busy` }).count()).toBe(0);
      await expect.poll(() => results.getByText('Open to work').first().isVisible()).toBe(true);
      await settled(search);
      expect(await seriousViolations(search)).toEqual([]);
      await expectNoSidewaysScroll(search, viewport.width);
      await search.screenshot({ path: path.join(SCREENSHOT_DIR, `availability-creators-${viewport.name}.png`) });
      await search.close();
    });
  });
}
