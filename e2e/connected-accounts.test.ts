import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR, type Browser } from './support/browser.js';
import { fixtureNetworks } from './support/dependencies.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Connected accounts end to end in Chromium against the built app and the fixture networks: a
 * TikTok account is connected by handle, its code is shown, "Check now" first says the code is
 * not in the bio, then (once the fixture profile's bio carries it) marks the account verified
 * with its follower count, and a reload still lists it as verified. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const fixtures = fixtureNetworks({ slowMs: 60_000 });
const app = useTestApp({ dependsOn: fixtures.start });

async function signedInPage(browser: Browser): Promise<Page> {
  const user = await createUser(app.orm.em.fork());
  const page = await app.openAs(browser, user, '/settings/accounts');
  await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Connected accounts');
  return page;
}

async function connect(page: Page, network: string, handleOrUrl: string): Promise<void> {
  const select = page.getByLabel('Network');
  await expect.poll(() => select.locator('option').count()).toBeGreaterThan(1);
  await select.selectOption({ label: network });
  await page.getByLabel('Username or profile link').fill(handleOrUrl);
  await page.getByRole('button', { name: 'Connect', exact: true }).click();
}

for (const viewport of VIEWPORTS) {
  describe(`connected accounts at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('connects an account, shows its code, verifies it against the network and lists it as verified', async () => {
      const page = await signedInPage(browser);
      const handle = `maker.${uniqueSuffix()}`;
      await connect(page, 'TikTok', `@${handle}`);

      const item = page.getByTestId('connected-account');
      await expect.poll(() => item.count()).toBe(1);
      expect(await item.getAttribute('data-verified')).toBe('false');
      expect(await item.getByRole('link', { name: `@${handle}` }).getAttribute('href')).toBe(`https://www.tiktok.com/@${handle}`);
      const code = (await item.getByTestId('verification-code').innerText()).trim();
      expect(code).toMatch(/^byline-[A-Z2-9]{4}$/);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `connected-accounts-pending-${viewport.width}.png`), fullPage: true });

      // Before the bio carries the code, checking says so and changes nothing.
      await item.getByRole('button', { name: 'Check now' }).click();
      await expect.poll(() => item.getByRole('alert').innerText()).toContain(`We could not find ${code} in the account's bio.`);
      expect(await item.getAttribute('data-verified')).toBe('false');

      fixtures.server.setProfile('tiktok', handle, { bio: `Clay and film. ${code}`, followers: 12_345 });
      await item.getByRole('button', { name: 'Check now' }).click();
      await expect.poll(() => item.getAttribute('data-verified')).toBe('true');
      expect(await item.innerText()).toContain('Verified');
      expect(await item.innerText()).toContain('12.3k followers');
      expect(await item.getByTestId('verification-code').count()).toBe(0);

      await page.reload();
      await expect.poll(() => page.getByTestId('connected-account').getAttribute('data-verified')).toBe('true');
      // Nothing sticks out sideways on a phone.
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `connected-accounts-verified-${viewport.width}.png`), fullPage: true });
      await page.close();
    });

    it('says when the network has no such account', async () => {
      const page = await signedInPage(browser);
      await connect(page, 'YouTube', 'https://www.youtube.com/@missing.channel');
      await expect.poll(() => page.getByRole('alert').innerText()).toBe('Could not find a channel for that username');
      expect(await page.getByTestId('connected-account').count()).toBe(0);
      await page.close();
    });
  });
}
