import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createAccount, createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * An event's page end to end in Chromium against the built app (docs/product.md §Events): the
 * seeded Sports Summit 26 at /sportssummit26, open to a signed-out visitor, with its days, city,
 * the posts tagged with it and the people credited on them, read at phone and desktop widths in
 * one browser; then the person who imported a post tags it with the event from the post's page.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();
const [phone, desktop] = VIEWPORTS as [(typeof VIEWPORTS)[number], (typeof VIEWPORTS)[number]];

describe('event pages', () => {
  const browser = useBrowser(phone);

  it('shows the seeded event with its posts and credits, signed out, at 375 and 1280 px; an importer tags a post with it', async () => {
    const suffix = uniqueSuffix();
    const em = app.orm.em.fork();
    const importer = await createUser(em, { username: `ines_${suffix}`, name: `Ines Importer ${suffix}` });
    const director = await createUser(em, { username: `dara_${suffix}`, name: `Dara Director ${suffix}` });
    const account = await createAccount(em);
    const posts = [];
    for (const caption of ['Opening keynote', 'Finals highlights', 'Locker room']) {
      const post = await createPost(em, { account, createdBy: importer, caption: `${caption} ${suffix}` });
      await creditUser(em, post, director, 1);
      posts.push(post);
    }
    const [tagged, , untagged] = posts as [(typeof posts)[number], (typeof posts)[number], (typeof posts)[number]];
    await em.execute(`insert into post_tags (post_id, tag_id) select unnest(?::int[]), tag_id from events where slug = 'sportssummit26'`, [`{${posts.slice(0, 2).map((post) => post.id).join(',')}}`]);

    // 1. A signed-out visitor on a phone: the event, its people and its two posts with their credits.
    const page = await app.openAs(browser, null, '/sportssummit26');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Sports Summit 26');
    expect(await page.locator('.event__facts').innerText()).toBe('10–12 Jun 2026 · Lisbon, Portugal');
    await expect.poll(() => page.getByTestId('event-post').count()).toBe(2);
    const cards = page.getByTestId('event-post');
    expect(await cards.nth(0).innerText()).toContain(`Finals highlights ${suffix}`);
    expect(await cards.nth(1).innerText()).toContain(`Opening keynote ${suffix}`);
    expect(await cards.nth(1).getByRole('link', { name: director.name! }).getAttribute('href')).toBe(`/${director.username}`);
    expect(await page.getByTestId('event-people').getByRole('link', { name: director.name! }).count()).toBe(1);
    expect(await page.getByText(`Locker room ${suffix}`).count()).toBe(0);
    expect(await page.title()).toBe('Sports Summit 26 | Byline');
    await expectNoSidewaysScroll(page, phone.width);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `event-page-${phone.width}.png`), fullPage: true });

    // The same page on a desktop screen.
    await page.setViewportSize({ width: desktop.width, height: desktop.height });
    await expectNoSidewaysScroll(page, desktop.width);
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `event-page-${desktop.width}.png`), fullPage: true });
    await page.close();

    // 2. The importer may credit on the third post, so may tag it with the event from its page.
    const postPage = await app.openAs(browser, importer, `/posts/${untagged.id}`);
    await postPage.setViewportSize({ width: desktop.width, height: desktop.height });
    const choice = postPage.getByLabel('Tag with an event');
    await choice.selectOption({ label: 'Sports Summit 26' });
    await postPage.getByRole('button', { name: 'Add event' }).click();
    await expect.poll(() => postPage.getByRole('link', { name: 'Sports Summit 26' }).count()).toBe(1);
    const rows = await em.execute<Array<{ count: string }>>(`select count(*) from post_tags pt join events e on e.tag_id = pt.tag_id where e.slug = 'sportssummit26' and pt.post_id in (?, ?)`, [tagged.id, untagged.id]);
    expect(Number(rows[0]!.count)).toBe(2);
    await postPage.close();
  });
});
