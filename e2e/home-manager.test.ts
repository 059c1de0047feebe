import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAccount, createCredit, createPost, createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { fixtureNetworks } from './support/dependencies.js';
import { appReady, graphqlOperationName } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Home and Content Manager end to end (docs/product.md §Content Manager), at phone and desktop
 * widths: the signed-in home page shows the dashboard's sections (credit suggestions from a caption
 * included); the Content Manager bulk imports links with a live progress bar and a summary of what
 * failed, sorts and filters the table, and exports it as CSV.
 */

vi.setConfig({ expect: { poll: { timeout: 30_000, interval: 100 } } });

const app = useTestApp({ dependsOn: fixtureNetworks({ slowMs: 60_000 }).start, env: { IMPORT_FAST_PATH_MS: '500' } });

/** A person with three posts of their own (big, distinct numbers), a credit waiting for them and a new notification. */
async function seededPerson(suffix: string) {
  const em = app.orm.em.fork();
  const me = await createUser(em, { username: `maker_${suffix}`, name: `Maker ${suffix}` });
  const other = await createUser(em);
  const views = [7_000_000_000, 9_000_000_000, 8_000_000_000];
  const handles = ['seeda', 'seedb', 'seedc'].map((name) => `${name}_${suffix}`);
  const posts = [];
  for (const [index, handle] of handles.entries()) {
    // The first caption names its photographer, so the dashboard suggests crediting them.
    const caption = `Seeded film ${index} ${suffix}${index === 0 ? ` 📸 @lens_${suffix}` : ''}`;
    const post = await createPost(em, { account: await createAccount(em, undefined, handle), createdBy: me, caption });
    await queryRows(app.databaseUrl, `update posts set views = $2, likes = $3, stats_refreshed_at = now() where id = $1`, [post.id, views[index], 100 + index]);
    await queryRows(app.databaseUrl, `insert into post_stats (post_id, views, source, fetched_at) values ($1, $2, 'test', now() - interval '8 days')`, [post.id, views[index]! - 1_000]);
    posts.push(post);
  }
  const waiting = await createPost(em, { createdBy: other, caption: `Their film ${suffix}` });
  await createCredit(em, { post: waiting, user: me, addedBy: other, roleId: 1 });
  await queryRows(app.databaseUrl, `insert into notifications (user_id, kind, message, link) values ($1, 'other', $2, null)`, [me.id, `Welcome aboard ${suffix}`]);
  return { me, handles, posts };
}

for (const viewport of VIEWPORTS) {
  describe(`home and Content Manager at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('shows visitors what Byline does, the networks and the way in', async () => {
      await browser.context.clearCookies();
      const page = await browser.context.newPage();
      await page.goto(`${app.url}/`);
      await page.getByRole('heading', { name: 'What Byline does' }).waitFor();
      await page.getByTestId('network-list').getByText('TikTok').waitFor();
      expect(await page.getByRole('link', { name: 'Sign up (free)' }).first().getAttribute('href')).toBe('/signup?returnTo=%2F');
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-landing-${viewport.width}.png`), fullPage: true });
      await page.close();
    });

    it('shows the dashboard to a signed-in person', async () => {
      const suffix = uniqueSuffix();
      const { me } = await seededPerson(suffix);
      const page = await app.openAs(browser, me, '/');
      await page.getByRole('heading', { name: 'Your networks' }).waitFor();
      await page.getByRole('heading', { name: 'Recent posts' }).waitFor();
      const recent = page.getByTestId('dashboard-recent-posts');
      await recent.getByText(`Seeded film 1 ${suffix}`).waitFor();
      expect(await recent.getByText('+1k this week').count()).toBe(3);
      const tiktok = page.getByTestId('dashboard-networks').locator('[data-network="tiktok"]');
      expect(await tiktok.textContent()).toContain('3 posts');
      await page.getByTestId('dashboard-pending-credits').getByRole('button', { name: /^Accept/ }).waitFor();
      await page.getByTestId('dashboard-notifications').getByText(`Welcome aboard ${suffix}`).waitFor();
      const suggestion = page.getByTestId('dashboard-suggestions').getByRole('listitem').filter({ hasText: `Photographer: @lens_${suffix}` });
      await suggestion.waitFor();
      expect(await suggestion.getByRole('link', { name: 'Credit people' }).getAttribute('href')).toMatch(/^\/posts\/\d+#add-credit$/);
      await page.getByRole('region', { name: 'Track a post' }).getByLabel('Search or paste a link to track').waitFor();
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `home-dashboard-${viewport.width}.png`), fullPage: true });
      await page.close();
    });

    it('bulk imports links with a progress bar, then sorts, filters and exports the table, and credits and lists the selected rows', async () => {
      const suffix = uniqueSuffix();
      const { me, handles } = await seededPerson(suffix);
      const base = `${viewport.width}${Date.now()}`.slice(0, 15);
      const healthy = [1, 2, 3].map((n) => `https://www.tiktok.com/@bulk.${suffix}/video/${base}${n}000`);
      const links = [...healthy, `${healthy[0]}?lang=en`, 'not a link', 'https://www.youtube.com/watch?v=missing0001'];
      const page = await app.openAs(browser, me, '/manager');
      await page.getByRole('heading', { name: 'Content Manager', level: 1 }).waitFor();
      await page.getByTestId('manager-row').first().waitFor();

      // The form waits behind a button, in a dialog: the table has the first screen.
      expect(await page.getByLabel('Links, one per line').count()).toBe(0);
      await page.getByRole('button', { name: 'Bulk import' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bulk import' });
      await dialog.getByLabel('Links, one per line').fill(links.join('\n'));
      await dialog.getByRole('button', { name: 'Import 6 links' }).click();
      const bar = dialog.getByRole('progressbar', { name: 'Import progress' });
      await bar.waitFor();
      // Closed while it runs (or just done): the import goes on, its progress on the page.
      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      const chip = page.getByTestId('bulk-import-chip');
      await expect.poll(() => chip.textContent()).toBe('Bulk import done: 6 of 6');
      // The imported posts join the table (3 seeded + 3 imported + the failed link).
      await expect.poll(() => page.getByTestId('manager-row').count()).toBe(7);
      await expectNoSidewaysScroll(page, viewport.width);

      // The chip opens the dialog again, with the summary of what did not import.
      await chip.click();
      await dialog.waitFor();
      expect(await bar.getAttribute('value')).toBe('6');
      const counts = dialog.getByTestId('bulk-import-counts');
      expect(await counts.textContent()).toBe('6 of 6 done: 3 imported, 0 already on Byline, 0 in the queue, 1 failed, 1 not importable, 1 repeated');
      const problems = dialog.getByTestId('bulk-import-problems');
      await problems.getByText(/not a link: Invalid url/).waitFor();
      await problems.getByText(/missing0001: Could not find or create post with url/).waitFor();
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `manager-bulk-import-${viewport.width}.png`), fullPage: true });
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });

      // Sort by views, largest first: the seeded posts' numbers lead.
      // The table's own header button: the filter bar has a "Minimum views" chip too.
      const viewsHeader = page.getByTestId('manager-table').getByRole('button', { name: 'Views' });
      await viewsHeader.click();
      await expect.poll(() => page.getByRole('columnheader', { name: /Views/ }).getAttribute('aria-sort')).toBe('descending');
      await expect.poll(() => page.getByTestId('manager-row').first().getByRole('link').first().textContent()).toBe(`@${handles[1]}`);
      await viewsHeader.click();
      await expect.poll(() => page.getByRole('columnheader', { name: /Views/ }).getAttribute('aria-sort')).toBe('ascending');

      // Filter by account: only the seeded ones.
      await page.getByRole('group', { name: 'Filter' }).getByLabel('Account').fill(`_${suffix}`);
      await expect.poll(() => page.getByTestId('manager-row').count()).toBe(3);
      expect(await page.getByTestId('manager-row').getByRole('link').allTextContents()).toEqual([`@${handles[0]}`, `@${handles[2]}`, `@${handles[1]}`]);

      // Export: the same rows, in the same order.
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
      expect(download.suggestedFilename()).toBe('byline-posts.csv');
      const csv = await readFile((await download.path())!, 'utf8');
      const lines = csv.trimEnd().split('\r\n');
      expect(lines[0]).toBe('Post,Network,Account,Posted,Import status,Views,Likes,Comments,Last refreshed,Credits');
      expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual([handles[0], handles[2], handles[1]]);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `manager-table-${viewport.width}.png`), fullPage: true });

      // Act on the three filtered rows at once: credit me as Editor, then put them in Favorites.
      await page.getByRole('checkbox', { name: 'Select all' }).check();
      const actions = page.getByTestId('manager-actions');
      await actions.getByText('3 rows selected').waitFor();
      await actions.getByLabel('Credit me as').selectOption({ label: '✂️ Editor' });
      await actions.getByRole('button', { name: 'Credit', exact: true }).click();
      await expect.poll(() => actions.getByRole('status').textContent()).toBe('Credited you on 3 posts.');
      await actions.getByLabel('List', { exact: true }).selectOption({ label: 'Favorites' });
      await actions.getByRole('button', { name: 'Add to list' }).click();
      await expect.poll(() => actions.getByRole('status').textContent()).toBe('Added 3 posts to the list.');
      await expectNoSidewaysScroll(page, viewport.width);
      const [stored] = await queryRows<{ credits: string; listed: string }>(
        app.databaseUrl,
        `select (select count(*) from credits where user_id = $1 and role_id = 3 and status = 'accepted') as credits,
                (select count(*) from list_posts lp join lists l on l.id = lp.list_id where l.owner_id = $1) as listed`,
        [me.id],
      );
      expect(stored).toEqual({ credits: '3', listed: '3' });
      await page.close();
    }, 90_000);
  });
}

describe('Content Manager where WebSockets are blocked', () => {
  const browser = useBrowser({ name: 'desktop', width: 1280, height: 800 });

  it('shows a bulk import to its end by asking for its progress, the socket being refused', async () => {
    const suffix = uniqueSuffix();
    const { me } = await seededPerson(suffix);
    const base = `9${Date.now()}`.slice(0, 15);
    const links = [1, 2].map((n) => `https://www.tiktok.com/@cutoff.${suffix}/video/${base}${n}000`);
    links.push('not a link', 'https://www.youtube.com/watch?v=missing0002');

    await app.signIn(browser, me);
    const page = await browser.context.newPage();
    // As a proxy or network policy that lets no WebSocket through: every socket the page opens is closed.
    let refusedSockets = 0;
    await page.routeWebSocket(/\/graphql$/, (socket) => {
      refusedSockets++;
      void socket.close();
    });
    const operations: string[] = [];
    page.on('request', (request) => {
      const operation = graphqlOperationName(request);
      if (operation) operations.push(operation);
    });
    await page.goto(`${app.url}/manager`);
    await appReady(page);
    await page.getByTestId('manager-row').first().waitFor();

    await page.getByRole('button', { name: 'Bulk import' }).click();
    const dialog = page.getByRole('dialog', { name: 'Bulk import' });
    await dialog.getByLabel('Links, one per line').fill(links.join('\n'));
    await dialog.getByRole('button', { name: 'Import 4 links' }).click();
    const counts = dialog.getByTestId('bulk-import-counts');
    await counts.waitFor();
    // Closed at once: the page goes on asking for the import's progress with the dialog shut.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('bulk-import-chip').textContent()).toBe('Bulk import done: 4 of 4');
    await page.getByTestId('bulk-import-chip').click();
    await expect.poll(() => counts.textContent()).toBe('4 of 4 done: 2 imported, 0 already on Byline, 0 in the queue, 1 failed, 1 not importable, 0 repeated');
    expect(await dialog.getByRole('progressbar', { name: 'Import progress' }).getAttribute('value')).toBe('4');
    await dialog.getByTestId('bulk-import-problems').getByText(/missing0002: Could not find or create post with url/).waitFor();
    // It came by asking, the socket being refused all along.
    expect(refusedSockets).toBeGreaterThan(0);
    expect(operations).toContain('BulkImport');
    // The table catches up once the import is done (3 seeded posts, 2 imported, the failed link).
    await expect.poll(() => page.getByTestId('manager-row').count()).toBe(6);
    await page.close();
  }, 90_000);
});
