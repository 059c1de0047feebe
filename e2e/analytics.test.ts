import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Analytics end to end in Chromium against the built app (docs/product.md §Analytics and
 * milestones): a post's chart over its stored readings, with the date range in the URL. Choosing
 * another range changes the URL and the chart's points; short series are drawn as SVG, the chart
 * library loads only for long ones. The profile's section: all work or one role, and the milestones
 * reached. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const DAY_MS = 86_400_000;

const app = useTestApp();

/** A public post read 20 days ago (100 views), 3 days ago (1,000) and yesterday (5,400). */
async function postWithHistory(): Promise<number> {
  const em = app.orm.em.fork();
  const post = await createPost(em);
  post.views = 5_400;
  post.likes = 12;
  await em.flush();
  const now = Date.now();
  for (const [daysAgo, views] of [
    [20, 100],
    [3, 1_000],
    [1, 5_400],
  ] as const) {
    await em.execute(`insert into post_stats (post_id, views, likes, source, fetched_at) values (?, ?, 12, 'refresh', ?)`, [post.id, views, new Date(now - daysAgo * DAY_MS)]);
  }
  return post.id;
}

async function pointCount(page: Page): Promise<number> {
  return page.getByTestId('stats-points').locator('tbody tr').count();
}

for (const viewport of VIEWPORTS) {
  describe(`analytics at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('draws a post’s stored history and follows the date range in the URL', async () => {
      const postId = await postWithHistory();
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      const chartLibrary: string[] = [];
      page.on('request', (request) => {
        if (/\/assets\/SeriesChart-[^/]+\.js$/.test(request.url())) chartLibrary.push(request.url());
      });
      // The chart library stays out of pages without charts (first-load budget)…
      await page.goto(app.url, { waitUntil: 'networkidle' });
      expect(chartLibrary).toEqual([]);
      await page.goto(`${app.url}/posts/${postId}`);

      const chart = page.getByTestId('stats-chart');
      await chart.scrollIntoViewIfNeeded();
      // The default range: the last 30 days by day, the total with a suffix, and where it came from.
      await expect.poll(() => pointCount(page)).toBe(30);
      await expect.poll(() => page.getByTestId('stats-total').textContent()).toContain('5.4k views');
      await expect.poll(() => page.getByTestId('stats-caption').textContent()).toMatch(/^from TikTok, read /);
      // …and a month of days is drawn as SVG, a dot a day, without it (docs/product.md §Performance)…
      await expect.poll(() => chart.locator('svg.light-chart circle').count()).toBe(30);
      expect(chartLibrary).toEqual([]);
      // …which arrives for a long range: 91 days by day is drawn by uPlot on a canvas.
      await chart.getByRole('button', { name: '90 days' }).click();
      await expect.poll(() => pointCount(page)).toBe(90);
      await chart.locator('canvas').first().waitFor();
      expect(chartLibrary).toHaveLength(1);

      await chart.getByRole('button', { name: '7 days' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('statsRange')).toBe('7d');
      await expect.poll(() => pointCount(page)).toBe(7);
      // 100 views were carried into the range; 5,300 more were read within it.
      await expect.poll(() => page.getByTestId('stats-total').textContent()).toContain('+5.3k in this range');
      expect(await chart.getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');

      await chart.getByRole('button', { name: 'Weeks' }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('statsInterval')).toBe('WEEK');
      await expect.poll(() => page.getByTestId('stats-points').getAttribute('data-interval')).toBe('WEEK');

      // A reload keeps the range and the points.
      await page.reload();
      await expect.poll(() => page.getByTestId('stats-points').getAttribute('data-interval')).toBe('WEEK');
      expect(await page.getByTestId('stats-chart').getByRole('button', { name: '7 days' }).getAttribute('aria-pressed')).toBe('true');

      await expectNoSidewaysScroll(page, viewport.width);
      await page.getByTestId('stats-chart').locator('svg.light-chart').first().waitFor();
      await page.getByTestId('stats-chart').screenshot({ path: path.join(SCREENSHOT_DIR, `analytics-post-${viewport.width}.png`) });
      await page.close();
    });

    it('shows a person’s numbers in every role or one, and the milestones they reached, on their profile', async () => {
      const em = app.orm.em.fork();
      const person = await createUser(em, { username: `maker_${uniqueSuffix()}` });
      const directed = await createPost(em);
      const edited = await createPost(em);
      await creditUser(em, directed, person, 1);
      await creditUser(em, edited, person, 3);
      const yesterday = new Date(Date.now() - DAY_MS);
      await em.execute(`insert into post_stats (post_id, views, likes, source, fetched_at) values (?, 1200000, 10, 'refresh', ?), (?, 3000, 5, 'refresh', ?)`, [directed.id, yesterday, edited.id, yesterday]);
      await em.execute(`insert into milestones_reached (subject_type, subject_id, type, threshold, value, reached_at) values ('user', ?, 'views', 1000000, 1203000, ?)`, [person.id, yesterday]);

      const page = await app.openAs(browser, null, `/${person.username}`);
      const chart = page.getByTestId('stats-chart');
      await chart.scrollIntoViewIfNeeded();
      await expect.poll(() => page.getByTestId('stats-total').textContent()).toContain('1.2m views');
      await expect.poll(() => page.getByRole('region', { name: 'Milestones' }).textContent()).toContain('1m views');

      // "My work as Editor": only the edited post's 3,000 views.
      await page.getByRole('combobox', { name: /Work/ }).selectOption({ label: 'as Editor' });
      await expect.poll(() => new URL(page.url()).searchParams.get('statsRole')).toBeTruthy();
      await expect.poll(() => page.getByTestId('stats-total').textContent()).toContain('3k views');
      await page.locator('.profile-analytics').screenshot({ path: path.join(SCREENSHOT_DIR, `analytics-profile-${viewport.width}.png`) });
      await expectNoSidewaysScroll(page, viewport.width);
      await page.close();
    });
  });
}
