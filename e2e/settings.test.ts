import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { SCREENSHOT_DIR, type Browser } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * /settings end to end in Chromium against the built app, at phone and desktop widths: a picture
 * made with sharp is uploaded and shown, a place is picked from the city list as it is typed and
 * saved, and after a reload both are still on the page (and the picture in the top bar). From
 * there, /invite mails a friend an invitation and shows the viewer's sign-up link.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

async function signedInSettings(browser: Browser): Promise<{ page: Page; userId: number; errors: string[] }> {
  const user = await createUser(app.orm.em.fork());
  await app.signIn(browser, user);
  const page = await browser.context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(`${app.url}/settings`);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Settings');
  await expect.poll(() => page.getByLabel('Location').isVisible()).toBe(true);
  return { page, userId: user.id, errors };
}

/** Whether an <img> finished loading a real picture (not a broken image). */
function loadedWidth(page: Page, selector: string): Promise<number> {
  return page
    .locator(selector)
    .first()
    .evaluate((image: { complete: boolean; naturalWidth: number }) => (image.complete ? image.naturalWidth : 0))
    .catch(() => 0);
}

for (const viewport of VIEWPORTS) {
  describe(`settings at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('changes the picture and the location, and both are still there after a reload', async () => {
      const { page, userId, errors } = await signedInSettings(browser);

      const png = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 14, g: 140, b: 141 } } }).png().toBuffer();
      await page.locator('input[type="file"][name="avatar"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
      const picture = '[data-testid="settings-avatar"]';
      await expect.poll(() => page.locator(picture).getAttribute('src').catch(() => null)).toMatch(new RegExp(`^/media/users/${userId}/avatar\\?v=[0-9a-f]+&w=160$`));
      await expect.poll(() => loadedWidth(page, picture)).toBe(160);

      const location = page.getByLabel('Location');
      await location.fill('lisb');
      const option = page.getByRole('option', { name: 'Lisbon, Portugal' });
      await expect.poll(() => option.isVisible()).toBe(true);
      await option.click();
      await expect.poll(() => location.inputValue()).toBe('Lisbon, Portugal');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await expect.poll(() => page.getByText('Your settings were saved.').isVisible()).toBe(true);

      const [saved] = await queryRows<{ location_name: string; location_geohash: string; avatar_url: string }>(
        app.databaseUrl,
        'select location_name, location_geohash, avatar_url from users where id = $1',
        [userId],
      );
      expect(saved).toMatchObject({ location_name: 'Lisbon, Portugal', location_geohash: expect.stringMatching(/^eycs[0-9b-hjkmnp-z]{2}$/) });

      await page.reload();
      await expect.poll(() => page.getByLabel('Location').inputValue().catch(() => '')).toBe('Lisbon, Portugal');
      await expect.poll(() => page.locator(picture).getAttribute('src').catch(() => null)).toBe(`${saved?.avatar_url}&w=160`);
      await expect.poll(() => loadedWidth(page, picture)).toBe(160);
      // The top bar reads the same viewer: its avatar is the uploaded picture too.
      await expect.poll(() => page.locator(`header img[src^="/media/users/${userId}/avatar"]`).count()).toBeGreaterThan(0);

      // Nothing overflows sideways, at phone width too.
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `settings-${viewport.name}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    });

    it('invites a friend by email and shows the sign-up link that credits the viewer', async () => {
      const { page, errors } = await signedInSettings(browser);
      const username = await page.getByLabel('Username').inputValue();
      await page.getByRole('link', { name: 'Invite a friend' }).first().click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Invite a friend');
      await expect.poll(() => page.getByLabel('Your invite link').inputValue().catch(() => '')).toBe(`${app.url}/signup?invitedBy=${username}`);

      const friend = `friend.${viewport.name}.${username}@example.test`;
      await page.getByLabel('Your friend’s email').fill(friend);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await expect.poll(() => page.getByText(`Invitation sent to ${friend}.`).isVisible()).toBe(true);
      expect(await queryRows(app.databaseUrl, 'select email from user_invitations where email = $1', [friend])).toEqual([{ email: friend }]);

      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `invite-${viewport.name}.png`), fullPage: true });
      expect(errors).toEqual([]);
      await page.close();
    });
  });
}
