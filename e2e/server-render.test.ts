import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { UserType } from '../domain/enums.js';
import { creditAs, setPostNumbers } from '../server/src/modules/profiles/index.js';
import type { Post } from '../server/src/modules/posts/index.js';
import type { User } from '../server/src/modules/users/index.js';
import { createPost, createTeam, createUser } from '../server/src/test-support/factories.js';
import { appReady, graphqlOperationName, liveCountListening, openPage } from './support/pages.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Server rendering end to end (the first paint of docs/product.md §Performance): a signed-out
 * visitor's public page arrives with its content in the HTML, readable before (and without) any
 * script, and the app then takes that markup over: no error, no second fetch of the page's data,
 * client-side navigation.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();
const browser = useBrowser(VIEWPORTS[0]!);
let maker: User;
let post: Post;
let member: User;
let teamId: number;

beforeAll(async () => {
  const em = app.orm.em.fork();
  maker = await createUser(em, { name: 'Rita Renders', userType: UserType.Creator });
  post = await createPost(em, { caption: 'Golden hour on the pier, rendered by the server' });
  // Jan 1 in UTC, already Jan 2 where the day starts first (UTC+14).
  await setPostNumbers(em, post, { postedAt: new Date('2026-01-01T20:00:00Z') });
  await creditAs(em, post, maker, 1);
  member = await createUser(em, { name: 'Sid Signedin', userType: UserType.Creator });
  await creditAs(em, post, member, 2);
  teamId = (await createTeam(em, [{ user: member, role: 'manager', status: 'active' }])).id;
});

const where = (page: Page) => new URL(page.url()).pathname;

describe('server-rendered public pages', () => {
  it('shows a shared post with JavaScript off: the caption, the credit and its link are in the page', async () => {
    const context = await browser.context.browser()!.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      await page.goto(`${app.url}/posts/${post.id}`);
      expect(await page.getByText('Golden hour on the pier, rendered by the server').first().isVisible()).toBe(true);
      const credit = page.getByRole('link', { name: 'Rita Renders' }).first();
      expect(await credit.isVisible()).toBe(true);
      expect(await credit.getAttribute('href')).toBe(`/${maker.username}`);
      // Styled from the first byte: the stylesheets came inline, and applied (the shell's layout).
      expect(await page.locator('link[rel="stylesheet"]').count()).toBe(0);
      expect(await page.locator('.shell').evaluate('(element) => getComputedStyle(element).display')).not.toBe('inline');
    } finally {
      await context.close();
    }
  });

  it('hands the page to the app without an error or a second fetch of its data, and navigates in place', async () => {
    const documents: string[] = [];
    const operations: string[] = [];
    const { page, errors } = await openPage(browser, `${app.url}/posts/${post.id}`, async (tab) => {
      tab.on('request', (request) => {
        if (request.resourceType() === 'document') documents.push(request.url());
        const operation = graphqlOperationName(request);
        if (operation) operations.push(operation);
      });
    });
    // The tab's title is the app's own (set once it runs), not the server's link-preview title.
    await expect.poll(() => page.title()).toBe('Post | Byline');
    expect(operations).not.toContain('Post');
    expect(operations).not.toContain('Viewer');

    await page.getByRole('link', { name: 'Rita Renders' }).first().click();
    await expect.poll(() => where(page)).toBe(`/${maker.username}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Rita Renders');
    expect(documents).toHaveLength(1);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("shows the reader's own day once the app runs, without an error, where it is already tomorrow", async () => {
    const context = await browser.context.browser()!.newContext({ timezoneId: 'Pacific/Kiritimati', viewport: { width: 375, height: 812 } });
    try {
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('console', (message) => void (message.type() === 'error' && errors.push(message.text())));
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${app.url}/posts/${post.id}`);
      await appReady(page);
      await expect.poll(() => page.getByText('Posted Jan 2, 2026').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('server-rendered pages for someone signed in', () => {
  /** The pages a signed-in user opens most, and every kind of page the shell has (lists, forms, a team, settings). */
  const signedInPages = () => [
    { path: '/', title: 'Home' },
    { path: '/notifications', title: 'Notifications' },
    { path: '/settings', title: 'Settings' },
    { path: '/settings/accounts', title: 'Connected accounts' },
    { path: '/lists', title: 'Lists' },
    { path: '/teams', title: 'Teams' },
    { path: `/teams/${teamId}`, title: 'Team' },
    { path: '/profile', title: `Sid Signedin (@${member.username})` },
    { path: `/${maker.username}`, title: `Rita Renders (@${maker.username})` },
    { path: `/posts/${post.id}`, title: 'Post' },
    { path: '/invite', title: 'Invite a friend' },
    { path: '/manager', title: 'Content Manager' },
    { path: '/explore', title: 'Explore' },
    { path: '/creators', title: 'Creators' },
    { path: '/plans', title: 'Plans' },
    { path: '/developers/explorer', title: 'API explorer' },
  ];

  it('arrive rendered as them, and the app takes each over without an error or asking again who they are', async () => {
    await app.signInWithSession(browser, member);
    for (const { path, title } of signedInPages()) {
      const operations: string[] = [];
      let html = '';
      const { page, errors } = await openPage(browser, `${app.url}${path}`, async (tab) => {
        tab.on('request', (request) => {
          const operation = graphqlOperationName(request);
          if (operation) operations.push(operation);
        });
        tab.on('response', (response) => {
          if (response.request().resourceType() === 'document') void response.text().then((text) => (html = text));
        });
      });
      await expect.poll(() => page.title(), { message: path }).toBe(`${title} | Byline`);
      await expect.poll(() => html, { message: path }).toContain('id="byline-server-state"');
      // Their own menu is in the server's markup: the page was rendered as them, not as a visitor.
      expect(html, path).toContain('Sid Signedin');
      expect(operations, path).not.toContain('Viewer');
      expect(errors, path).toEqual([]);
      await page.close();
    }
    // Sixteen pages in turn: 25 s on a quiet machine, more than twice that inside the whole suite
    // (the e2e budget in vitest.config.ts allows for it).
  });

  it('keeps the live notification count: the browser opens the subscription once it has the page', async () => {
    await app.signInWithSession(browser, member);
    const opened = await openPage(browser, `${app.url}/notifications`);
    await liveCountListening(opened);
    expect(opened.errors).toEqual([]);
    await opened.page.close();
  });
});
