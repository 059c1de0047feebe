import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { createTeam, createUser } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { StripeStandIn } from '../server/src/test-support/stripe-stand-in.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { stripeStandIn } from './support/dependencies.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Upgrading to PRO end to end in Chromium against the built app, with Stripe replaced by the
 * local stand-in: /plans starts Checkout, the stand-in's Checkout page "pays" (sending Stripe's
 * signed webhook events to the app) and returns to returnTo, where PRO is active and the menu's
 * Upgrade to PRO item is gone.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const stripe = new StripeStandIn('whsec_e2e_billing');
const app = useTestApp({ dependsOn: stripeStandIn(stripe) });

const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function menuLabels(page: Page): Promise<string[]> {
  await page.getByRole('button', { name: /^Menu/ }).click();
  await expect.poll(() => accountMenu(page).isVisible()).toBe(true);
  const labels = await accountMenu(page).locator('li').allInnerTexts();
  await page.keyboard.press('Escape');
  return labels.map((label) => label.trim());
}

for (const viewport of VIEWPORTS) {
  describe(`billing at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('upgrades to PRO through Checkout and comes back with PRO active', async () => {
      const user = await createUser(app.orm.em.fork(), { termsAcknowledgedAt: new Date() });
      await app.signInWithSession(browser, user);
      const page = await browser.context.newPage();
      openPages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto(`${app.url}/plans?returnTo=${encodeURIComponent('/plans')}`);
      const plans = page.getByRole('region', { name: 'Plans' });
      // The page's text in the failure message, should the tiers not come (a refusal shows there).
      await expect
        .poll(async () => ((await plans.getByRole('list', { name: 'What PRO unlocks' }).isVisible()) ? 'tiers shown' : await page.locator('main').textContent({ timeout: 1_000 }).catch(() => 'no page yet')))
        .toBe('tiers shown');
      for (const tier of ['Free', 'PRO', 'Teams', 'Business']) expect(await plans.getByRole('heading', { name: tier, exact: true, level: 2 }).isVisible()).toBe(true);
      expect(await plans.getByRole('list', { name: 'What PRO unlocks' }).innerText()).toContain('Visual Match AI');
      expect(await menuLabels(page)).toContain('Upgrade to PRO');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `plans-${viewport.width}.png`), fullPage: true });

      await plans.getByRole('button', { name: 'Upgrade to PRO' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`));
      await page.getByRole('button', { name: 'Pay' }).click();

      await expect.poll(() => page.url()).toBe(`${app.url}/plans`);
      await expect.poll(() => plans.getByText('PRO active').isVisible()).toBe(true);
      expect(await plans.getByRole('button', { name: 'Upgrade to PRO' }).count()).toBe(0);
      expect(await menuLabels(page)).not.toContain('Upgrade to PRO');
      const [row] = await queryRows<{ role_flags: number[] }>(app.databaseUrl, 'select role_flags from users where id = $1', [user.id]);
      expect(row!.role_flags).toContain(RoleFlag.pro);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `plans-pro-active-${viewport.width}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });

    it('starts a team plan from the team billing page, then shows plan, seats, renewal and invoices, changes seats and opens the portal', async () => {
      const em = app.orm.em.fork();
      const manager = await createUser(em, { termsAcknowledgedAt: new Date() });
      const team = await createTeam(em, [{ user: manager, role: 'manager' }]);
      await app.signInWithSession(browser, manager);
      const page = await browser.context.newPage();
      openPages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const billingPath = `/teams/${team.id}/billing`;

      await page.goto(`${app.url}${billingPath}`);
      const region = page.getByRole('region', { name: `${team.name}: billing` });
      await expect.poll(() => region.getByRole('heading', { name: 'Start your subscription' }).isVisible()).toBe(true);
      expect(await region.getByText('No plan yet').isVisible()).toBe(true);
      await region.getByRole('button', { name: 'Start Starter Plan' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`));
      await page.getByRole('button', { name: 'Pay' }).click();

      await expect.poll(() => page.url()).toBe(`${app.url}${billingPath}`);
      await expect.poll(() => region.getByText('Starter Plan').isVisible()).toBe(true);
      expect(await region.getByText('3 (3 included in the plan)').isVisible()).toBe(true);
      expect(await region.getByText(/^Renews on/).isVisible()).toBe(true);
      const invoices = region.getByRole('table');
      expect(await invoices.getByRole('row').count()).toBe(2);
      expect(await invoices.getByRole('cell', { name: 'Paid' }).isVisible()).toBe(true);

      await region.getByLabel('Seats').fill('5');
      await region.getByRole('button', { name: 'Change seats' }).click();
      await expect.poll(() => region.getByText('5 (3 included in the plan)').isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `team-billing-${viewport.width}.png`), fullPage: true });
      // Nothing wider than the screen: the invoice table scrolls inside its own box on phones.
      // Run in the page (the test itself has no DOM): the page's width, and anything reaching past the screen.
      const overflow = `({
        scrollWidth: document.documentElement.scrollWidth,
        wider: [...document.querySelectorAll('body *')]
          .filter((element) => !element.closest('.team-billing__invoices table') && element.getBoundingClientRect().right > window.innerWidth + 1)
          .map((element) => element.tagName + '.' + element.className),
      })`;
      expect(await page.evaluate<{ scrollWidth: number; wider: string[] }>(overflow)).toEqual({ scrollWidth: viewport.width, wider: [] });

      await region.getByRole('button', { name: 'Open the billing portal' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`^${stripe.url}/portal/bps_`));
      await page.getByRole('link', { name: 'Return' }).click();
      await expect.poll(() => page.url()).toBe(`${app.url}${billingPath}`);
      expect(errors).toEqual([]);
    });
  });
}
