import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createUser } from '../server/src/test-support/factories.js';
import { fixtureNetworks } from './support/dependencies.js';
import { appReady } from './support/pages.js';
import { useBrowser, useTestApp } from './support/test-app.js';

const app = useTestApp({ dependsOn: fixtureNetworks({ slowMs: 60_000 }).start, env: { IMPORT_FAST_PATH_MS: '2000' } });
const browser = useBrowser({ name: 'desktop', width: 1280, height: 800 });

const box = (page: Page) => page.getByRole('searchbox', { name: 'Search or paste a link to track' });

async function signedInPage(): Promise<Page> {
  const user = await createUser(app.orm.em.fork());
  return app.openAs(browser, user, '/explore');
}

describe('pasting links into the box', () => {
  it('tracks a new link, then shows the post, which opens its page', async () => {
    const page = await signedInPage();
    await box(page).fill('https://www.tiktok.com/@maya.makes/video/7301234567890123456?is_from_webapp=1');
    const result = page.getByTestId('track-post-result');
    await expect.poll(() => result.innerText(), { timeout: 15_000 }).toContain('Clay mug in 60 seconds');
    await result.click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Post by Maya Makes');
    await expect.poll(() => page.getByTestId('post-stats').innerText()).toContain('987.7k');
  });

  it.each([
    ['https://www.tiktok.com/@maya.makes/video/9000000001', 'deleted'],
    ['https://www.facebook.com/lumenstudio/videos/9000000003', 'facebookLimited'],
    ['https://www.instagram.com/p/privateAccountPost0001/', 'instagramPrivate'],
  ])('shows the warning panel for %s', async (url, kind) => {
    const page = await signedInPage();
    await box(page).fill(url);
    const warning = page.getByTestId('import-warning');
    await expect.poll(() => warning.getAttribute('data-warning-kind'), { timeout: 15_000 }).toBe(kind);
    expect(await page.getByTestId('import-warning-url').innerText()).toContain(url.replace('https://', '').slice(0, 20));
    expect(await box(page).inputValue()).toBe('');
  });

  it('says a slow link is queued', async () => {
    const page = await signedInPage();
    await box(page).fill('https://x.com/janedoe/status/9000000006');
    const warning = page.getByTestId('import-warning');
    await expect.poll(() => warning.getAttribute('data-warning-kind'), { timeout: 15_000 }).toBe('queued');
    expect(await warning.locator('[data-notice-kind="xImportIssues"]').count()).toBe(1);
  });

  it('asks a signed-out visitor to sign up for a link Byline does not have', async () => {
    const page = await browser.context.newPage();
    await browser.context.clearCookies();
    await page.goto(`${app.url}/explore`);
    // The box is on screen before the app runs (a server-rendered page): text typed before then is not seen.
    await appReady(page);
    await box(page).fill('https://www.tiktok.com/@maya.makes/video/7309876543210987654');
    const prompt = page.getByTestId('sign-up-prompt');
    await expect.poll(() => prompt.innerText(), { timeout: 10_000 }).toContain("That link doesn't exist in the product yet. Sign up or sign in to add it!");
    expect(await prompt.innerText()).toContain("Don't have an account? Sign Up (Free!)");
  });
});
