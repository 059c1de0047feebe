// First: the notification service's decorated classes need the metadata API before they load.
import 'reflect-metadata';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { notifyUser } from '../server/src/modules/notifications/index.js';
import { createUser } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR, type Browser } from './support/browser.js';
import { liveCountListening, openPage as openTab } from './support/pages.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

// The test's own ORM (app.orm): what it changes reaches the app through PostgreSQL only.
const app = useTestApp();

const openPage = (browser: Browser, pathname: string) => openTab(browser, `${app.url}${pathname}`);

for (const viewport of VIEWPORTS) {
  describe(`at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('shows the home page with the networks loaded from the server', async () => {
      const { page, errors } = await openPage(browser, '/');
      await expect.poll(() => page.title()).toBe('Home | Byline');
      const networks = page.getByTestId('network-list').getByRole('listitem');
      await expect.poll(() => networks.count()).toBe(11);
      expect(await networks.allInnerTexts()).toEqual(expect.arrayContaining(['TikTok', 'Instagram', 'YouTube', 'Personal website']));
      // The networks come from one query and the signed-out top bar from another: wait for both.
      await expect.poll(() => page.getByRole('banner').getByRole('link', { name: 'Sign In' }).isVisible()).toBe(true);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-${viewport.width}.png`), fullPage: true });
      expect(errors).toEqual([]);
    });

    it('gives every route its page: the blog at its own address, an unknown path is the 404 page', async () => {
      // /blog is public (signed-out visitors elsewhere are sent to sign up: e2e/shell.test.ts), and
      // stays /blog although the built client has a /blog/ folder (its covers).
      const blog = await openPage(browser, '/blog');
      await expect.poll(() => blog.page.title()).toBe('Blog | Byline');
      await expect.poll(() => blog.page.getByRole('heading', { name: 'How crediting works on Byline' }).isVisible()).toBe(true);
      expect(new URL(blog.page.url()).pathname).toBe('/blog');
      const missing = await openPage(browser, '/this/does/not/exist');
      await expect.poll(() => missing.page.title()).toBe('Page not found | Byline');
      // Server-rendered (a public page), and answered 404 as every not-found page is.
      const answer = await missing.page.goto(`${app.url}/this/does/not/exist`);
      expect(answer?.status()).toBe(404);
      expect(await missing.page.locator('#root h1').first().innerText()).toBe('Page not found');
    });
  });
}

describe('signed in', () => {
  const browser = useBrowser({ name: 'desktop', width: 1280, height: 800 });

  it('shows the new-notification count and updates it live when the server creates one', async () => {
    const user = await createUser(app.orm.em.fork(), { username: 'live_counter' });
    await app.signIn(browser, user);
    const opened = await openPage(browser, '/');
    const { page, errors } = opened;

    await expect.poll(() => page.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/live_counter');
    const count = page.getByTestId('notification-count');
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('0');
    expect(await page.getByTestId('notification-dot').count()).toBe(0);
    await liveCountListening(opened);

    // Created by this test process; the app hears of it through PostgreSQL LISTEN/NOTIFY.
    await notifyUser(app.orm.em.fork(), user.id, { kind: 'test', message: 'Your post was imported' });
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('1');
    expect(await page.getByTestId('notification-dot').count()).toBe(1);
    expect(errors).toEqual([]);
  });
});
