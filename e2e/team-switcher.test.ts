import { describe, expect, it, vi } from 'vitest';
import { createTeam, createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The team switcher end to end in Chromium against the built app (docs/product.md §Teams): a
 * person on two teams chooses their current team in the user menu and the choice is stored;
 * someone on one team sees no switcher. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 200 } } });

const app = useTestApp();

for (const viewport of VIEWPORTS) {
  describe(`team switcher at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('switches the current team of someone on two teams, and is absent for someone on one', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const person = await createUser(em, { username: `tess_${suffix}`, name: `Tess Teams ${suffix}`, termsAcknowledgedAt: new Date() });
      const solo = await createUser(em, { username: `solo_${suffix}`, name: `Sol Solo ${suffix}`, termsAcknowledgedAt: new Date() });
      const harbour = await createTeam(em, [{ user: person }, { user: solo }]);
      const north = await createTeam(em, [{ user: person, role: 'manager' }]);
      const storedChoice = async () => (await queryRows<{ current_team_id: number | null }>(app.databaseUrl, 'select current_team_id from users where id = $1', [person.id]))[0]!.current_team_id;

      const page = await app.openAs(browser, person, '/settings');
      const blockingViolations = () => seriousViolations(page);
      await page.getByRole('button', { name: /^Menu/ }).click();
      const menu = page.getByRole('navigation', { name: 'Account' });
      const select = menu.getByLabel('Current team');
      await select.waitFor({ state: 'visible' });
      expect(await select.locator('option').allInnerTexts()).toEqual(['Choose a team', harbour.name, north.name]);
      await expectNoSidewaysScroll(page, viewport.width);
      await settled(page);
      expect(await blockingViolations()).toEqual([]);

      await select.selectOption({ label: north.name });
      await expect.poll(storedChoice).toBe(north.id);
      await select.selectOption({ label: harbour.name });
      await expect.poll(storedChoice).toBe(harbour.id);
      // The choice is the person's: a fresh page shows it chosen.
      await page.reload();
      await page.getByRole('button', { name: /^Menu/ }).click();
      await expect.poll(() => page.getByRole('navigation', { name: 'Account' }).getByLabel('Current team').inputValue()).toBe(globalIdOf(harbour.id));
      await page.close();

      const soloPage = await app.openAs(browser, solo, '/settings');
      await soloPage.getByRole('button', { name: /^Menu/ }).click();
      const soloMenu = soloPage.getByRole('navigation', { name: 'Account' });
      await soloMenu.getByRole('link', { name: 'Settings' }).waitFor();
      await settled(soloPage);
      expect(await soloMenu.getByLabel('Current team').count()).toBe(0);
      await soloPage.close();
    });
  });
}

/** A Team's global id, as the switcher's options carry it. */
function globalIdOf(teamId: number): string {
  return Buffer.from(`Team:${teamId}`).toString('base64');
}
