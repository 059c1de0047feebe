import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations } from './support/axe.js';
import { appleSignIn } from './support/dependencies.js';
import { appReady } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Sign in with Apple in Chromium against the built app and a local Apple (docs/product.md
 * §Sign-in). The local Apple answers as Apple does, with a form its page posts back to the app
 * from another site (127.0.0.1 against the app's localhost): the state cookie must survive that
 * cross-site POST.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const localApple = appleSignIn();
const app = useTestApp({ dependsOn: [localApple.start], env: { AUTH_ATTEMPTS_PER_IP: '1000' } });

async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

async function continueWithApple(page: Page, returnTo: string): Promise<void> {
  await page.goto(`${app.url}/signin?returnTo=${encodeURIComponent(returnTo)}`);
  await appReady(page);
  await page.getByRole('button', { name: 'Continue with Apple' }).click();
}

async function signedInUserId(page: Page): Promise<number | null> {
  const answer = await page.request.get(`${app.url}/api/auth`);
  if (answer.status() !== 200) return null;
  return ((await answer.json()) as { data: { id: number } }).data.id;
}

for (const viewport of VIEWPORTS) {
  describe(`Sign in with Apple at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('shows the button, and signs a new person in with the name Apple gave once', async () => {
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      const sub = `001.${uniqueSuffix()}.e2e`;
      localApple.server.setNextUser({ sub, email: `ann.${uniqueSuffix()}@icloud.test`, firstName: 'Ann', lastName: 'Apple' });

      await page.goto(`${app.url}/signin?returnTo=%2Flists`);
      await appReady(page);
      await page.getByRole('button', { name: 'Continue with Apple' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);

      await page.getByRole('button', { name: 'Continue with Apple' }).click();
      await expect.poll(() => pathOf(page)).toBe('/signup/username?returnTo=%2Flists&welcome=1');
      await appReady(page);
      await page.getByRole('heading', { name: 'Welcome to Byline!' }).waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Ann Apple');

      // Returning: Apple sends no name now; the same account signs in and goes straight on.
      const [owner] = await queryRows<{ user_id: number }>(app.databaseUrl, `select user_id from login_credentials where provider = 'apple' and provider_user_id = $1`, [sub]);
      await queryRows(app.databaseUrl, 'update users set username = $1, terms_acknowledged_at = now() where id = $2', [`ann_${uniqueSuffix()}`, owner!.user_id]);
      await app.signIn(browser, null);
      await continueWithApple(page, '/lists');
      await expect.poll(() => pathOf(page)).toBe('/lists');
      expect(await signedInUserId(page)).toBe(owner!.user_id);
      await page.close();
    }, 90_000);

    it('keeps a private relay address out of the name', async () => {
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      localApple.server.setNextUser({ sub: `002.${uniqueSuffix()}.e2e`, email: `${uniqueSuffix()}xyz@privaterelay.appleid.com`, isPrivateEmail: true });

      await continueWithApple(page, '/lists');

      await expect.poll(() => pathOf(page)).toBe('/signup/username?returnTo=%2Flists&welcome=1');
      await appReady(page);
      await page.getByRole('heading', { name: 'Welcome to Byline!' }).waitFor();
      expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('');
      expect(await page.getByText(/privaterelay/).count()).toBe(0);
      await page.close();
    }, 90_000);

    it('comes back to the sign-in page without a message when the person cancels at Apple', async () => {
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      localApple.server.setNextUser({ sub: `003.${uniqueSuffix()}.e2e`, email: `c.${uniqueSuffix()}@icloud.test` });
      localApple.server.cancelNextAuthorization();

      await continueWithApple(page, '/lists');

      await expect.poll(() => new URL(page.url()).pathname).toBe('/signin');
      await appReady(page);
      await page.getByRole('button', { name: 'Continue with Apple' }).waitFor();
      expect(await page.getByRole('alert').count()).toBe(0);
      expect(await signedInUserId(page)).toBeNull();
      await page.close();
    }, 90_000);
  });
}
