import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The admin's events page end to end (docs/product.md §Events): an admin creates an event with a
 * cover picture; it is listed, its page opens at its address with that cover, and the address
 * answers 200 for anyone. At a phone's width and a desktop's, one event each.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** A small picture made here, as the seed makes its own: no download. */
function coverPicture(): Promise<Buffer> {
  return sharp({ create: { width: 96, height: 64, channels: 3, background: '#0E8C8D' } })
    .png()
    .toBuffer();
}

describe.each(VIEWPORTS)('admin events at $width px', (viewport) => {
  const browser = useBrowser(viewport);

  it('an admin creates an event with a cover, and it appears at its slug', async () => {
    const suffix = uniqueSuffix();
    const slug = `summit${suffix}`.replace(/[^a-z0-9]/gi, '').slice(0, 30).toLowerCase();
    const name = `Design Summit ${suffix}`;
    // Two initials in the top bar's avatar: drawn by CSS, so the link named "Your profile" passes axe.
    const admin = await createUser(app.orm.em.fork(), { name: 'Ada Lovelace', roleFlags: [RoleFlag.admin] });
    const page = await app.openAs(browser, admin, '/admin/events');
    try {
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Events');
      await page.getByRole('button', { name: 'New event' }).click();
      const form = page.getByRole('form', { name: 'New event' });
      await form.getByLabel('Name').fill(name);
      await form.getByLabel('Address (byline/…)').fill(slug);
      await form.getByLabel('First day').fill('2027-03-04');
      await form.getByLabel('Last day').fill('2027-03-06');
      await form.getByLabel('Cover picture').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await coverPicture() });
      await form.getByLabel('What the cover shows').fill('A hall full of people facing a stage');
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);
      await form.getByRole('button', { name: 'Create event' }).click();
      // The form closes once the event is saved and its cover uploaded.
      await form.waitFor({ state: 'detached' });
      const [stored] = await queryRows<{ slug: string; has_cover: boolean }>(
        app.databaseUrl,
        `select e.slug, exists (select 1 from event_covers c where c.event_id = e.id) as has_cover from events e join tags t on t.id = e.tag_id where t.name = $1`,
        [name],
      );
      expect(stored).toEqual({ slug, has_cover: true });

      const listed = page.getByTestId('admin-events').getByRole('link', { name });
      await listed.waitFor();
      expect(await listed.getAttribute('href')).toBe(`/${slug}`);
      await listed.click();
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`/${slug}`);
      expect(await page.locator('.event__facts').innerText()).toBe('4–6 Mar 2027');
      const cover = page.getByRole('img', { name: 'A hall full of people facing a stage' });
      await expect.poll(() => cover.evaluate((image: { complete: boolean; naturalWidth: number }) => (image.complete ? image.naturalWidth : 0))).toBeGreaterThan(0);
      await expectNoSidewaysScroll(page, viewport.width);

      // The address is the event's for everyone, signed out too.
      const visitor = await page.request.get(`${app.url}/${slug}`, { headers: { accept: 'text/html', cookie: '' } });
      expect(visitor.status()).toBe(200);
    } finally {
      await page.close();
    }
  });
});
