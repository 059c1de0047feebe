import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { loadConfig, type AppConfig } from '../server/src/config.js';
import { openOrm, type MikroORM } from '../server/src/db/orm.js';
import type { User } from '../server/src/modules/users/user.entity.js';
import { createTestDatabase, type TestDatabase } from '../server/src/test-support/database.js';
import { createSession, createUser } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { StripeStandIn } from '../server/src/test-support/stripe-stand-in.js';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './support/browser.js';
import { startBuiltApp, type BuiltApp } from './support/built-app.js';

/**
 * Upgrading to PRO end to end in Chromium against the built app, with Stripe replaced by the
 * local stand-in: /plans starts Checkout, the stand-in's Checkout page "pays" (sending Stripe's
 * signed webhook events to the app) and returns to returnTo, where PRO is active and the menu's
 * Upgrade to PRO item is gone.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const JWT_SECRET = 'e2e-billing-secret-that-is-long-enough-for-hs256';
const PRICES = { STRIPE_PRICE_PRO: 'price_e2e_pro', STRIPE_PRICE_TEAMS: 'price_e2e_teams', STRIPE_PRICE_STARTER: 'price_e2e_starter', STRIPE_PRICE_SEAT: 'price_e2e_seat' };

let database: TestDatabase;
let app: BuiltApp;
let orm: MikroORM;
let config: AppConfig;
const stripe = new StripeStandIn('whsec_e2e_billing');

beforeAll(async () => {
  database = await createTestDatabase();
  await stripe.start();
  app = await startBuiltApp(database.url, {
    JWT_SECRET,
    STRIPE_SECRET_KEY: 'sk_test_e2e',
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_API_BASE: stripe.url,
    ...PRICES,
  });
  stripe.webhookUrl = `${app.url}/api/stripe/webhook`;
  orm = await openOrm(database.url);
  config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: database.url, JWT_SECRET });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

afterAll(async () => {
  await orm?.close();
  await app?.stop();
  await stripe.stop();
  await database?.drop();
});

/** Signs the browser in as `user` with a real session, as the sign-in page would. */
async function signIn(browser: Browser, user: User): Promise<void> {
  const { accessToken, refreshToken } = await createSession(orm.em.fork(), config, user.id);
  await browser.context.clearCookies();
  await browser.context.addCookies([
    { name: 'byline_session', value: accessToken, url: app.url, httpOnly: true, sameSite: 'Lax' },
    { name: 'byline_refresh', value: refreshToken, url: app.url, httpOnly: true, sameSite: 'Lax' },
  ]);
}

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

for (const viewport of [
  { width: 375, height: 812 },
  { width: 1280, height: 800 },
]) {
  describe(`billing at ${viewport.width} px`, () => {
    let browser: Browser;
    beforeAll(async () => {
      browser = await launchBrowser(viewport);
    });
    afterAll(async () => {
      await browser?.close();
    });

    it('upgrades to PRO through Checkout and comes back with PRO active', async () => {
      const user = await createUser(orm.em.fork(), { termsAcknowledgedAt: new Date() });
      await signIn(browser, user);
      const page = await browser.context.newPage();
      openPages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      await page.goto(`${app.url}/plans?returnTo=${encodeURIComponent('/plans')}`);
      const plans = page.getByRole('region', { name: 'Plans' });
      await expect.poll(() => plans.getByRole('list', { name: 'What PRO unlocks' }).isVisible()).toBe(true);
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
      const [row] = await queryRows<{ role_flags: number[] }>(database.url, 'select role_flags from users where id = $1', [user.id]);
      expect(row!.role_flags).toContain(RoleFlag.pro);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `plans-pro-active-${viewport.width}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });
  });
}
