// First: the notification service's decorated classes need the metadata API before they load.
import 'reflect-metadata';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { RoleFlag, UserType } from '../domain/enums.js';
import { notifyUser } from '../server/src/modules/notifications/index.js';
import type { User } from '../server/src/modules/users/index.js';
import { createPost, createUser } from '../server/src/test-support/factories.js';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './support/browser.js';
import { graphqlOperationName, liveCountListening, openPage as openTab, type OpenedPage } from './support/pages.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The shell in Chromium against the built app and a real database: access rules, top bar,
 * menu, footer, toasts, consent, prompts, live notifications, masquerading, query flags.
 */

const PALE_YELLOW = 'rgb(255, 248, 214)';
const WHITE = 'rgb(255, 255, 255)';

// Byline's shop and two of its social profiles are set, so the footer and the menu show them (each unset one is hidden).
const SITE_LINKS_ENV = { MERCH_URL: 'https://shop.byline.test/', SOCIAL_INSTAGRAM_URL: 'https://www.instagram.com/byline.test/', SOCIAL_YOUTUBE_URL: 'https://www.youtube.com/@byline.test' };
const app = useTestApp({ env: SITE_LINKS_ENV });

type UserFields = Parameters<typeof createUser>[1];

const newUser = (fields: UserFields = {}) => createUser(app.orm.em.fork(), fields);

/** Signs the browser in as `user` with a real session (with its refresh token), as the sign-in page would. */
const signIn = (browser: Browser, user: User) => app.signInWithSession(browser, user);

const openPages: Page[] = [];

afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

/** A new tab at `pathname`, closed after the test. */
async function openPage(browser: Browser, pathname: string, beforeLoad?: (page: Page) => Promise<void>): Promise<OpenedPage> {
  const opened = await openTab(browser, `${app.url}${pathname}`, async (page) => {
    openPages.push(page);
    await beforeLoad?.(page);
  });
  return opened;
}

const where = (page: Page) => {
  const url = new URL(page.url());
  return url.pathname + url.search;
};

const banner = (page: Page) => page.getByRole('banner');
const menuButton = (page: Page) => page.getByRole('button', { name: /^Menu/ });
const accountMenu = (page: Page) => page.getByRole('navigation', { name: 'Account' });

async function openMenu(page: Page) {
  await menuButton(page).click();
  await expect.poll(() => accountMenu(page).isVisible()).toBe(true);
  return accountMenu(page);
}

/** The labels of the menu items a sighted user sees (CSS may hide some on some screens). */
function visibleMenuLabels(page: Page): Promise<string[]> {
  return accountMenu(page)
    .locator('li')
    .evaluateAll((items) =>
      items
        .filter((item) => item.checkVisibility())
        .map((item) => item.querySelector('a, button')?.childNodes[0]?.textContent ?? ''),
    );
}

const topBarColour = (page: Page) => page.evaluate<string>("getComputedStyle(document.querySelector('header[role=banner]')).backgroundColor");

/**
 * Runs `check` on every item, three at a time: one page's load waits on the server while another
 * renders. Each check is independent (its own tab), so the order they finish in does not matter.
 */
async function eachConcurrently<T>(items: readonly T[], check: (item: T) => Promise<void>): Promise<void> {
  const queue = [...items];
  const worker = async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) await check(item);
  };
  await Promise.all([worker(), worker(), worker()]);
}

/**
 * Whether the top bar's Sign In is really on screen: inside the window, not covered, and its bar
 * not slid away (`isVisible` says none of these: an element pushed past the edge, moved off by a
 * transform or drawn over still counts as visible). A string, evaluated in the page: the e2e
 * files are type-checked without the DOM library.
 */
const signInOnScreen = (page: Page) =>
  page.evaluate<boolean>(`(() => {
    const link = [...document.querySelectorAll('header[role=banner] a')].find((a) => a.textContent.trim() === 'Sign In');
    if (!link) return false;
    const box = link.getBoundingClientRect();
    const inWindow = box.width > 0 && box.left >= 0 && box.right <= innerWidth && box.top >= 0 && box.bottom <= innerHeight;
    return inWindow && document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)?.closest('a') === link;
  })()`);

/** Whether the element is the focused one (run in the page: the test itself has no DOM). */
const isFocused = (element: { ownerDocument: { activeElement: unknown } }) => element === element.ownerDocument.activeElement;

for (const viewport of VIEWPORTS) {
  const small = viewport.width < 768;

  describe(`shell at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('shows the signed-out top bar: logo, links, Sign In with returnTo (not on sign-in pages), search where it belongs', async () => {
      await browser.context.clearCookies();
      const { page, tracked } = await openPage(browser, '/');
      const signIn = banner(page).getByRole('link', { name: 'Sign In' });
      await expect.poll(() => signIn.isVisible()).toBe(true);
      // Still there once the page has hydrated (openPage waited for it), at either width.
      expect(await signInOnScreen(page)).toBe(true);
      expect(await signIn.getAttribute('href')).toBe('/signin?returnTo=%2F');
      expect(await banner(page).getByRole('link', { name: 'Byline' }).isVisible()).toBe(true);
      // Hidden on the home page for signed-out visitors.
      expect(await page.getByRole('search').count()).toBe(0);

      const nav = page.getByRole('navigation', { name: 'Main' });
      const shownLinks = await nav.getByRole('link').evaluateAll((links) => links.filter((link) => link.checkVisibility()).map((link) => link.textContent));
      expect(shownLinks).toEqual(small ? ['Explore', 'Creators', 'Jobs'] : ['Explore', 'Creators', 'Teams', 'Jobs']);
      // The page (its own chunk) and its networks have loaded before the picture is taken.
      await expect.poll(() => page.getByTestId('network-list').getByRole('listitem').count()).toBe(11);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `shell-home-signed-out-${viewport.width}.png`), fullPage: true });

      // A sign-in click is counted (docs/product.md §API).
      await signIn.click();
      await expect.poll(() => where(page)).toBe('/signin?returnTo=%2F');
      await expect.poll(() => tracked).toContainEqual({ action: 'click', target: 'signIn' });
      await expect.poll(() => banner(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      const signUp = await openPage(browser, '/signup');
      await expect.poll(() => signUp.page.title()).toBe('Sign up | Byline');
      await expect.poll(() => banner(signUp.page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);

      // Elsewhere the search and track box shows: inline on large screens, behind an icon on small ones.
      const blog = await openPage(browser, '/blog');
      const box = blog.page.getByRole('searchbox', { name: 'Search or paste a link to track' });
      await expect.poll(() => blog.page.title()).toBe('Blog | Byline');
      // With the search icon as well, the narrow bar still has room for Sign In.
      expect(await signInOnScreen(blog.page)).toBe(true);
      const toggle = blog.page.getByRole('button', { name: 'Search' });
      if (small) {
        expect(await box.isVisible()).toBe(false);
        await toggle.click();
        await expect.poll(() => box.isVisible()).toBe(true);
        await expect.poll(() => box.evaluate(isFocused)).toBe(true);
      } else {
        expect(await box.isVisible()).toBe(true);
        expect(await toggle.isVisible()).toBe(false);
      }
    });

    it('shows the footer with its columns, and plain spacing where the route hides it', async () => {
      await browser.context.clearCookies();
      const { page } = await openPage(browser, '/about');
      const footer = page.getByRole('contentinfo');
      await expect.poll(() => footer.isVisible()).toBe(true);
      // textContent: the column headings are upper-cased by CSS, which innerText would report.
      const text = (await footer.textContent()) ?? '';
      for (const part of ['For Creatives', 'For Businesses', 'Resources', 'Company', 'Get Started', 'Book a Demo', 'Creator Search', 'Privacy Policy', 'Terms of Service', `© ${new Date().getFullYear()} Byline`]) {
        expect(text).toContain(part);
      }
      expect(await footer.getByRole('link', { name: 'Sign In' }).getAttribute('href')).toBe('/signin?returnTo=%2Fabout');
      const social = footer.getByRole('navigation', { name: 'Social' }).getByRole('link');
      await expect.poll(() => social.count()).toBe(2);
      expect(await social.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([SITE_LINKS_ENV.SOCIAL_INSTAGRAM_URL, SITE_LINKS_ENV.SOCIAL_YOUTUBE_URL]);
      expect(await footer.getByRole('link', { name: 'Merch' }).getAttribute('href')).toBe(SITE_LINKS_ENV.MERCH_URL);
      expect(await footer.getByRole('link', { name: 'Get Started' }).getAttribute('href')).toBe('/plans#business');

      const signInPage = await openPage(browser, '/signin');
      await expect.poll(() => signInPage.page.title()).toBe('Sign in | Byline');
      expect(await signInPage.page.getByRole('contentinfo').count()).toBe(0);
      expect(await signInPage.page.locator('.footer-spacer').count()).toBe(1);

      await signIn(browser, await newUser());
      const signedIn = await openPage(browser, '/about');
      await expect.poll(() => signedIn.page.getByRole('contentinfo').getByRole('link', { name: 'Invite a friend' }).getAttribute('href')).toBe('/invite');
    });

    it('shows the signed-in top bar and the menu of a free user, keyboard reachable', async () => {
      const user = await newUser();
      await signIn(browser, user);
      const { page, errors } = await openPage(browser, '/lists');
      const avatar = banner(page).getByRole('link', { name: 'Your profile' });
      await expect.poll(() => avatar.getAttribute('href')).toBe(`/${user.username}`);
      expect(await banner(page).getByRole('link', { name: 'Sign In' }).count()).toBe(0);
      expect(await topBarColour(page)).toBe(WHITE);

      // Keyboard: focus the menu button, open with Enter, close with Escape.
      await menuButton(page).focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => accountMenu(page).isVisible()).toBe(true);
      expect(await visibleMenuLabels(page)).toEqual([
        'Notifications',
        ...(small ? ['Teams'] : []),
        'Visual Match AI',
        'Content Manager',
        'Lists',
        'Projects',
        'Upgrade to PRO',
        'Byline for Business',
        'Settings',
        'Merch',
        'Log out',
      ]);
      expect(await accountMenu(page).getByRole('link', { name: 'Upgrade to PRO' }).getAttribute('href')).toBe('/plans?returnTo=%2Flists');
      await page.keyboard.press('Tab');
      expect(await page.evaluate<string>('document.activeElement.textContent')).toContain('Notifications');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `shell-menu-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => accountMenu(page).isVisible()).toBe(false);
      await expect.poll(() => menuButton(page).evaluate(isFocused)).toBe(true);

      // The feature flag `teams` keeps Teams in the menu on large screens too.
      const flagged = await openPage(browser, '/lists?ff=teams');
      await openMenu(flagged.page);
      expect(await visibleMenuLabels(flagged.page)).toContain('Teams');
      // Cleared again, so the other tests in this browser see no flag.
      const cleared = await openPage(browser, '/lists?ff=');
      await expect.poll(() => cleared.page.evaluate(() => localStorage.getItem('featureFlag'))).toBeNull();
      expect(errors).toEqual([]);
    });

    it('shows each menu item under its condition: Admin, Billing, PRO, business', async () => {
      await signIn(browser, await newUser({ roleFlags: [RoleFlag.admin] }));
      let opened = await openPage(browser, '/lists');
      await openMenu(opened.page);
      let labels = await visibleMenuLabels(opened.page);
      expect(labels).toContain('Admin');
      expect(labels).toContain('Visual Match AI');
      expect(await accountMenu(opened.page).getByRole('link', { name: 'Admin' }).getAttribute('href')).toBe('/admin/users');

      await signIn(browser, await newUser({ roleFlags: [RoleFlag.pro] }));
      opened = await openPage(browser, '/lists');
      await openMenu(opened.page);
      labels = await visibleMenuLabels(opened.page);
      expect(labels).toContain('Billing');
      expect(labels).not.toContain('Upgrade to PRO');
      expect(labels).not.toContain('Admin');
      expect(await accountMenu(opened.page).getByRole('link', { name: 'Visual Match AI' }).getAttribute('href')).toBe('/visualmatch');

      await signIn(browser, await newUser({ userType: UserType.Company }));
      opened = await openPage(browser, '/lists');
      await openMenu(opened.page);
      labels = await visibleMenuLabels(opened.page);
      expect(labels).not.toContain('Byline for Business');
      expect(labels).not.toContain('Billing');
      expect(labels).not.toContain('Stop Masquerade');
    });

    it('raises toasts: Billing without Stripe says so, a fourth toast dismisses the first, each hides after 5 s', async () => {
      // The page's clock is the test's: the 5 s a toast shows are counted by the test, not by
      // however long four round trips to the server take on a busy machine. The clock belongs to
      // the whole context, so this test has a context of its own.
      const clocked = await launchBrowser(viewport);
      onTestFinished(() => clocked.close());
      await signIn(clocked, await newUser({ roleFlags: [RoleFlag.pro] }));
      const { page } = await openPage(clocked, '/lists', (tab) => tab.clock.install());
      await expect.poll(() => banner(page).getByRole('link', { name: 'Your profile' }).isVisible()).toBe(true);
      // The menu's items load with its first opening (docs/product.md §Performance), and React
      // shows lazily loaded content on a timer: open it while the page's clock still runs.
      await openMenu(page);
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1_000);
      const toasts = page.getByTestId('toast');
      const ids = () => toasts.evaluateAll((items) => items.map((item) => item.getAttribute('data-toast-id')));

      for (let raised = 1; raised <= 4; raised++) {
        if (!(await accountMenu(page).isVisible())) await openMenu(page);
        await accountMenu(page).getByRole('button', { name: 'Billing' }).click();
        // This click's own toast (ids count from 1), not just a count another toast may already make.
        await page.locator(`[data-testid="toast"][data-toast-id="${raised}"]`).waitFor();
      }
      expect(await ids()).toEqual(['2', '3', '4']);
      const first = toasts.first();
      expect(await first.innerText()).toContain('Billing is not configured.');
      expect(await first.getAttribute('class')).toContain('toast--error');
      expect(await first.locator('svg').count()).toBeGreaterThan(0);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `shell-toasts-${viewport.width}.png`) });

      await page.clock.runFor(4_999);
      expect(await ids()).toEqual(['2', '3', '4']);
      await page.clock.runFor(1);
      await expect.poll(() => toasts.count()).toBe(0);
    });

    it('hides the top bar when scrolling down past 100 px on small screens only', async () => {
      await signIn(browser, await newUser());
      const { page } = await openPage(browser, '/about');
      await expect.poll(() => page.getByRole('contentinfo').isVisible()).toBe(true);
      // Room to scroll on every screen: the page is the real one, the window is made short and
      // the document tall (a short page at 1280 px may otherwise scroll less than 100 px).
      await page.setViewportSize({ width: viewport.width, height: 300 });
      await page.evaluate("document.documentElement.style.minHeight = '1500px'");
      const barBottom = () => banner(page).evaluate((element) => element.getBoundingClientRect().bottom);

      await page.mouse.move(viewport.width / 2, 200);
      await page.mouse.wheel(0, 60);
      await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(0);
      await expect.poll(barBottom).toBeGreaterThan(0);
      await page.mouse.wheel(0, 300);
      await expect.poll(() => page.evaluate<number>('window.scrollY')).toBeGreaterThan(100);
      if (small) await expect.poll(barBottom).toBeLessThanOrEqual(0);
      else {
        // The bar has taken in the scroll (it carries the hiding class), and at this width stays put.
        await expect.poll(() => banner(page).getAttribute('class')).toContain('topbar--hidden');
        expect(await barBottom()).toBeGreaterThan(0);
      }
      await page.mouse.wheel(0, -80);
      await expect.poll(barBottom).toBeGreaterThan(0);
      await page.setViewportSize(viewport);
    });

    it('asks for cookie consent in a consent region: Allow, Deny, and a stored choice applied at load', async () => {
      await browser.context.clearCookies();
      const region = { name: 'eu', value: '1', url: app.url };
      const consentCookie = async () => (await browser.context.cookies(app.url)).find((cookie) => cookie.name === 'CookieConsent');
      const consentUpdates = (page: Page) =>
        page.evaluate<unknown[]>("(window.dataLayer ?? []).filter((entry) => entry[0] === 'consent' && entry[1] === 'update').map((entry) => entry[2])");

      // Outside a consent region: no banner.
      let opened = await openPage(browser, '/about');
      await expect.poll(() => opened.page.title()).toBe('About | Byline');
      expect(await opened.page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);

      await browser.context.addCookies([region]);
      opened = await openPage(browser, '/about');
      const consentBanner = opened.page.getByRole('region', { name: 'Cookie consent' });
      await expect.poll(() => consentBanner.isVisible()).toBe(true);
      expect(await consentBanner.innerText()).toContain('cookies and similar tracking technologies');
      expect(await consentUpdates(opened.page)).toEqual([]);
      // Analytics stay off until granted: a sign-in click sends nothing yet (proved below).
      const footerSignIn = opened.page.getByRole('contentinfo').getByRole('link', { name: 'Sign In' });
      await footerSignIn.click();
      await expect.poll(() => where(opened.page)).toBe('/signin?returnTo=%2Fabout');

      await opened.page.getByRole('button', { name: 'Allow' }).click();
      await expect.poll(() => consentBanner.count()).toBe(0);
      // A cookie the page writes reaches the browser's cookie store a moment later: wait for it.
      await expect.poll(async () => (await consentCookie())?.value).toBe('true');
      const allowed = await consentCookie();
      const days = ((allowed?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(364);
      expect(days).toBeLessThan(366);
      expect(await consentUpdates(opened.page)).toEqual([{ analytics_storage: 'granted', ad_storage: 'granted' }]);

      // Granted, the same click is tracked. The page's requests reach the test in the order it
      // sent them, so had the first click sent anything, it would be here before this one.
      await opened.page.goBack();
      await expect.poll(() => where(opened.page)).toBe('/about');
      await footerSignIn.click();
      await expect.poll(() => opened.tracked.length).toBeGreaterThan(0);
      expect(opened.tracked).toEqual([{ action: 'click', target: 'signIn' }]);

      // At the next load the choice applies at once, without the banner.
      opened = await openPage(browser, '/about');
      await expect.poll(() => consentUpdates(opened.page)).toEqual([{ analytics_storage: 'granted', ad_storage: 'granted' }]);
      expect(await opened.page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);

      // Deny.
      await browser.context.clearCookies();
      await browser.context.addCookies([region]);
      opened = await openPage(browser, '/about');
      await opened.page.getByRole('button', { name: 'Deny' }).click();
      await expect.poll(() => opened.page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
      await expect.poll(async () => (await consentCookie())?.value).toBe('false');
      expect(await consentUpdates(opened.page)).toEqual([{ analytics_storage: 'denied', ad_storage: 'denied' }]);
      opened = await openPage(browser, '/about');
      await expect.poll(() => consentUpdates(opened.page)).toEqual([{ analytics_storage: 'denied', ad_storage: 'denied' }]);
      expect(await opened.page.getByRole('region', { name: 'Cookie consent' }).count()).toBe(0);
      await browser.context.clearCookies();
    });

    it('shows the sign-up prompt and the upgrade prompt', async () => {
      // Sign-up prompt: a signed-out visitor pastes a link Byline does not have.
      await browser.context.clearCookies();
      const { page } = await openPage(browser, '/blog');
      if (small) await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('searchbox', { name: 'Search or paste a link to track' }).fill('https://www.tiktok.com/@maya.makes/video/7309876543210987654');
      const prompt = page.getByRole('dialog', { name: "That link doesn't exist in the product yet. Sign up or sign in to add it!" });
      await expect.poll(() => prompt.isVisible(), { timeout: 10_000 }).toBe(true);
      expect(await prompt.getByRole('link', { name: 'Sign in with Email' }).getAttribute('href')).toBe('/signin?w=email&returnTo=%2Fblog');
      expect(await prompt.innerText()).toContain("Don't have an account? Sign Up (Free!)");
      expect(await prompt.getByRole('link', { name: 'Sign Up (Free!)' }).getAttribute('href')).toBe('/signup?returnTo=%2Fblog');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `shell-sign-up-prompt-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => prompt.count()).toBe(0);

      // Upgrade prompt: a free user opens Visual Match AI.
      await signIn(browser, await newUser());
      const opened = await openPage(browser, '/lists');
      await openMenu(opened.page);
      await accountMenu(opened.page).getByRole('button', { name: 'Visual Match AI' }).click();
      const upgrade = opened.page.getByRole('dialog', { name: "That's an advanced feature!" });
      await expect.poll(() => upgrade.isVisible()).toBe(true);
      await expect.poll(() => opened.tracked).toContainEqual({ action: 'view', target: 'upgradePrompt', fields: { type: 'Pro' } });
      await upgrade.getByRole('link', { name: 'Upgrade today' }).click();
      await expect.poll(() => where(opened.page)).toBe('/plans?returnTo=%2Flists');
      expect(await upgrade.count()).toBe(0);
    });

  });
}

// Who may see which page, and the pages' titles, do not depend on the screen's width: once is enough.
describe('shell access rules', () => {
  const browser = useBrowser({ name: 'desktop', width: 1280, height: 800 });

  it('sends signed-out visitors to sign up with returnTo, except on the public pages', async () => {
    await browser.context.clearCookies();
    const author = await newUser();
    const post = await createPost(app.orm.em.fork(), { caption: 'Shared portfolio post' });

    const redirects: [string, string][] = [
      ['/explore?tags=summer~12', '/signup?returnTo=%2Fexplore%3Ftags%3Dsummer%7E12'],
      ['/notifications', '/signup?returnTo=%2Fnotifications'],
      ['/admin/users', '/signup?returnTo=%2Fadmin%2Fusers'],
      ['/plans?returnTo=%2Fteams', '/signup?returnTo=%2Fteams'],
    ];
    await eachConcurrently(redirects, async ([from, to]) => {
      const { page } = await openPage(browser, from);
      await expect.poll(() => where(page)).toBe(to);
      await expect.poll(() => page.title()).toBe('Sign up | Byline');
      await page.close();
    });

    const publicPages: [string, string][] = [
      ['/', 'Home | Byline'],
      ['/signin', 'Sign in | Byline'],
      ['/signup', 'Sign up | Byline'],
      ['/reset-password', 'Reset password | Byline'],
      ['/blog', 'Blog | Byline'],
      ['/downloads', 'Downloads | Byline'],
      ['/about', 'About | Byline'],
      ['/contact', 'Contact | Byline'],
      ['/privacy', 'Privacy Policy | Byline'],
      ['/terms', 'Terms of Service | Byline'],
      ['/404', 'Page not found | Byline'],
      ['/no/such/page', 'Page not found | Byline'],
      // Server-rendered with its data, the profile shows its own title at once (before, the route's
      // 'Profile' showed while the data loaded).
      [`/${author.username}`, `${author.name} (@${author.username}) | Byline`],
      [`/posts/${post.id}`, 'Post | Byline'],
    ];
    await eachConcurrently(publicPages, async ([pathname, title]) => {
      const { page, errors } = await openPage(browser, pathname);
      await expect.poll(() => page.title()).toBe(title);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(where(page)).toBe(pathname);
      // A not-found page answers 404, which the browser reports about the document itself.
      const notFound = title.startsWith('Page not found');
      expect(errors).toEqual(notFound ? ['Failed to load resource: the server responded with a status of 404 (Not Found)'] : []);
      await page.close();
    });
  });

  it('sends signed-in users who have not acknowledged the terms to finish signing up', async () => {
    await signIn(browser, await newUser({ termsAcknowledgedAt: null, username: null }));
    const { page } = await openPage(browser, '/lists');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/signup/username');
    const home = await openPage(browser, '/');
    await expect.poll(() => home.page.title()).toBe('Home | Byline');
  });

  it('shows the not-found page to non-admins on admin pages, and the page to admins', async () => {
    await signIn(browser, await newUser());
    const { page } = await openPage(browser, '/admin/users');
    await expect.poll(() => where(page)).toBe('/404');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Page not found');

    await signIn(browser, await newUser({ roleFlags: [RoleFlag.admin] }));
    const admin = await openPage(browser, '/admin/users');
    await expect.poll(() => admin.page.getByRole('heading', { level: 1 }).allInnerTexts()).toEqual(['Admin users']);
    expect(where(admin.page)).toBe('/admin/users');
  });
});

describe('shell, signed in at 1280 px', () => {
  const browser = useBrowser({ name: 'desktop', width: 1280, height: 800 });

  it('keeps the new-notification count live, and the notifications page pages and marks them seen', async () => {
    const user = await newUser();
    await signIn(browser, user);
    const opened = await openPage(browser, '/lists');
    const { page, errors } = opened;
    const count = page.getByTestId('notification-count');
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('0');
    expect(await page.getByTestId('notification-dot').count()).toBe(0);
    await liveCountListening(opened);

    // Created by this test process; the app hears of it through PostgreSQL.
    for (let i = 1; i <= 22; i++) await notifyUser(app.orm.em.fork(), user.id, { kind: 'test', message: `Update number ${i}` });
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('22');
    expect(await page.getByTestId('notification-dot').count()).toBe(1);

    await openMenu(page);
    expect(await accountMenu(page).getByRole('link', { name: /Notifications/ }).innerText()).toContain('22');
    await accountMenu(page).getByRole('link', { name: /Notifications/ }).click();
    const list = page.getByRole('list', { name: 'Notifications' });
    await expect.poll(() => list.getByRole('listitem').count()).toBe(20);
    expect(await list.getByRole('listitem').first().innerText()).toContain('Update number 22');
    // Viewing marks them seen: the count drops live.
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('2');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => list.getByRole('listitem').count()).toBe(22);
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('0');
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);
    expect(errors).toEqual([]);

    const empty = await newUser();
    await signIn(browser, empty);
    const emptyPage = await openPage(browser, '/notifications');
    await expect.poll(() => emptyPage.page.getByText('No notifications yet.', { exact: false }).isVisible()).toBe(true);
  });

  it('asks for the new-notification count while WebSockets are blocked, and goes back to the socket once one connects', async () => {
    // The page's clock is the test's, so half a minute between two asks passes at once. The clock
    // belongs to the whole context, so this test has a context of its own.
    const clocked = await launchBrowser({ width: 1280, height: 800 });
    onTestFinished(() => clocked.close());
    const user = await newUser();
    await signIn(clocked, user);
    // As a proxy that lets no WebSocket through, until `blocked` is lifted.
    let blocked = true;
    let liveCounts = 0;
    let askedForCount = 0;
    const { page, errors } = await openPage(clocked, '/lists', async (tab) => {
      await tab.clock.install();
      await tab.routeWebSocket(/\/graphql$/, (socket) => {
        if (blocked) return void socket.close();
        const server = socket.connectToServer();
        server.onMessage((message) => {
          socket.send(message);
          if (String(message).includes('"notificationCounts"')) liveCounts++;
        });
      });
      tab.on('request', (request) => {
        if (graphqlOperationName(request) === 'NotificationCounts') askedForCount++;
      });
    });
    const count = page.getByTestId('notification-count');
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('0');

    await notifyUser(app.orm.em.fork(), user.id, { kind: 'test', message: 'Heard by asking' });
    // Time passes on the page until it asks again; the answer then comes in real time.
    const asked = askedForCount;
    await expect.poll(async () => {
      if (askedForCount === asked) await page.clock.fastForward(5_000);
      return askedForCount;
    }).toBeGreaterThan(asked);
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('1');

    // The way is open again: the socket's next retry gets through, and the server, listening from
    // then on, sends the count over it.
    blocked = false;
    await expect.poll(async () => {
      if (liveCounts === 0) await page.clock.fastForward(5_000);
      return liveCounts;
    }).toBeGreaterThan(0);
    const askedBeforeLive = askedForCount;
    await notifyUser(app.orm.em.fork(), user.id, { kind: 'test', message: 'Heard live' });
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('2');
    expect(askedForCount).toBe(askedBeforeLive);
    expect(errors).toEqual([]);
  });

  it('paints the top bar pale yellow while masquerading; Stop Masquerade goes back to the admin on /, live', async () => {
    const admin = await newUser({ roleFlags: [RoleFlag.admin], username: `admin_${Date.now()}` });
    const target = await newUser();
    await signIn(browser, admin);
    const opened = await openPage(browser, '/lists');
    const { page, errors } = opened;
    await expect.poll(() => banner(page).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(`/${admin.username}`);

    const started = await page.request.post(`${app.url}/api/admin/masquerade`, { data: { userId: target.id } });
    expect(started.status()).toBe(200);
    const socketsAsAdmin = opened.sockets;
    await page.goto(`${app.url}/lists`);
    await expect.poll(() => banner(page).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(`/${target.username}`);
    await expect.poll(() => topBarColour(page)).toBe(PALE_YELLOW);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-masquerading-1280.png') });
    // The socket as the target is up, so the one opened after Stop Masquerade is the admin's.
    await liveCountListening(opened, socketsAsAdmin);
    const socketsAsTarget = opened.sockets;

    await openMenu(page);
    expect((await visibleMenuLabels(page)).at(-1)).toBe('Stop Masquerade');
    await accountMenu(page).getByRole('button', { name: 'Stop Masquerade' }).click();
    await expect.poll(() => where(page)).toBe('/');
    await expect.poll(() => banner(page).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(`/${admin.username}`);
    expect(await topBarColour(page)).toBe(WHITE);
    expect((await browser.context.cookies(app.url)).some((cookie) => cookie.name === 'masquerade')).toBe(false);

    // The live count now follows the admin, without a reload (the WebSocket reconnected).
    const count = page.getByTestId('notification-count');
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('0');
    await liveCountListening(opened, socketsAsTarget);
    await notifyUser(app.orm.em.fork(), admin.id, { kind: 'test', message: 'Back to being yourself' });
    await expect.poll(() => count.innerText(), { timeout: 10_000 }).toBe('1');
    expect(errors).toEqual([]);
  });

  it('starts masquerading from /admin/users: search, Act as this user, confirm; Stop Masquerade ends it', async () => {
    const admin = await newUser({ roleFlags: [RoleFlag.admin], username: `admin_${Date.now()}` });
    const target = await newUser({ name: 'Quinn Target' });
    await signIn(browser, admin);
    const { page, errors } = await openPage(browser, '/admin/users');
    const operations: string[] = [];
    page.on('request', (request) => {
      const operation = graphqlOperationName(request);
      if (operation) operations.push(operation);
    });

    await page.getByRole('searchbox', { name: 'Search users' }).fill(target.username!.toUpperCase());
    const rows = page.getByRole('table', { name: 'Users, newest first' }).locator('tbody tr');
    await expect.poll(() => rows.allInnerTexts()).toEqual([expect.stringContaining(target.email!)]);
    expect(await rows.first().innerText()).toContain(`@${target.username}`);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'admin-users-1280.png') });
    await rows.first().getByRole('button', { name: 'Act as this user' }).click();
    const dialog = page.getByRole('dialog', { name: 'Act as Quinn Target?' });
    const asked = operations.length;
    // Every in-app navigation from here on, to prove there is no detour by /404.
    await page.evaluate(`window.paths = [];
      for (const method of ['pushState', 'replaceState']) {
        const original = history[method].bind(history);
        history[method] = (state, title, url) => { window.paths.push(String(url)); return original(state, title, url); };
      }`);
    await dialog.getByRole('button', { name: 'Yes' }).click();

    await expect.poll(() => where(page)).toBe('/');
    await expect.poll(() => topBarColour(page)).toBe(PALE_YELLOW);
    const profile = banner(page).getByRole('link', { name: 'Your profile' });
    await expect.poll(() => profile.getAttribute('href')).toBe(`/${target.username}`);
    expect(await profile.locator('.avatar--initials').getAttribute('data-initials')).toBe('QT');
    // Refetched as the user only once the admin page had gone: its list was not asked for again.
    expect(operations.slice(asked)).not.toContain('AdminUsers');
    expect(await page.evaluate('window.paths')).toEqual(['/']);

    await openMenu(page);
    await accountMenu(page).getByRole('button', { name: 'Stop Masquerade' }).click();
    await expect.poll(() => banner(page).getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe(`/${admin.username}`);
    expect(await topBarColour(page)).toBe(WHITE);
    expect(errors).toEqual([]);
  });

  it('applies the query flags: ff as the Feature-Flag header, showVitals in the console', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    openPages.push(page);
    const flags: (string | undefined)[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/graphql') flags.push(request.headers()['feature-flag']);
    });
    const logs: string[] = [];
    page.on('console', (message) => logs.push(message.text()));

    await page.goto(`${app.url}/?ff=teams&showVitals`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('featureFlag'))).toBe('teams');
    await expect.poll(() => flags.length).toBeGreaterThan(0);
    expect(new Set(flags)).toEqual(new Set(['teams']));

    // FCP and TTFB are reported once the page has painted; LCP and CLS when it is hidden.
    await expect.poll(() => logs.filter((line) => line.startsWith('[web-vitals]')).map((line) => line.split(' ')[1]).sort(), { timeout: 10_000 }).toEqual(
      expect.arrayContaining(['FCP', 'TTFB']),
    );
    expect(logs.find((line) => line.startsWith('[web-vitals] FCP'))).toMatch(/^\[web-vitals\] FCP \d+ ms \((good|needs-improvement|poor)\)$/);

    await page.goto(`${app.url}/about?ff=`);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('featureFlag'))).toBeNull();
    const afterClear = flags.length;
    // A members-only page: a public one is server-rendered for a signed-out visitor and sends no
    // query of its own, so there would be no request to look at.
    await page.goto(`${app.url}/explore`);
    await expect.poll(() => flags.length).toBeGreaterThan(afterClear);
    expect(flags.slice(afterClear).every((flag) => flag === undefined)).toBe(true);
  });

  it('fills the page head, keeps robots out outside production, and serves its own font', async () => {
    await browser.context.clearCookies();
    const page = await browser.context.newPage();
    openPages.push(page);
    const foreignHosts = new Set<string>();
    page.on('request', (request) => {
      const host = new URL(request.url()).host;
      if (host !== new URL(app.url).host && !request.url().startsWith('data:')) foreignHosts.add(host);
    });
    await page.goto(`${app.url}/about`);
    await expect.poll(() => page.title()).toBe('About | Byline');
    const meta = (selector: string) => page.locator(`meta[${selector}]`).getAttribute('content');
    await expect.poll(() => meta('property="og:title"')).toBe('About | Byline');
    expect(await meta('property="og:description"')).toBeTruthy();
    expect(await meta('property="og:image"')).toBe(`${app.url}/social-card.png`);
    expect(await meta('name="twitter:card"')).toBe('summary_large_image');
    expect(await meta('name="robots"')).toBe('noindex');
    expect((await page.request.get(`${app.url}/social-card.png`)).headers()['content-type']).toBe('image/png');

    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).click();
    await expect.poll(() => meta('property="og:title"')).toBe('Contact | Byline');

    const fontLoaded = await page.evaluate<boolean>(
      `document.fonts.ready.then(() => document.fonts.check('16px "Manrope Variable"') && [...document.fonts].some((font) => font.family.includes('Manrope') && font.status === 'loaded'))`,
    );
    expect(fontLoaded).toBe(true);
    expect(await page.evaluate<string>('getComputedStyle(document.body).fontFamily')).toContain('Manrope Variable');
    expect([...foreignHosts]).toEqual([]);
  });

  it("names the route's chunks in the page it serves, and the browser uses them: each script fetched once", async () => {
    for (const { user, pathname, chunk, heading } of [
      { user: null, pathname: '/about', chunk: /\/assets\/AboutPage-[\w-]+\.js$/, heading: 'About' },
      { user: await newUser({ username: 'preloaded' }), pathname: '/settings', chunk: /\/assets\/SettingsPage-[\w-]+\.js$/, heading: 'Settings' },
    ]) {
      await browser.context.clearCookies();
      if (user) await signIn(browser, user);
      const scripts: string[] = [];
      const { page, errors } = await openPage(browser, pathname, async (tab) => {
        tab.on('request', (request) => {
          if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
        });
      });
      // The page's own heading: its chunk has been imported and has run.
      await expect.poll(() => page.getByRole('heading', { level: 1, name: heading }).isVisible()).toBe(true);
      const preloaded = await page.locator('head link[rel="modulepreload"]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
      expect(preloaded.some((href) => chunk.test(href)), preloaded.join(' ')).toBe(true);
      // Fetched as the page's import asks for it (same CORS mode): one download, not two.
      expect(scripts.filter((script) => chunk.test(script))).toHaveLength(1);
      expect(scripts.filter((script, index) => scripts.indexOf(script) !== index)).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});
