import { describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The admin's announcements page end to end (docs/product.md §Product news): an admin writes
 * product news, previews it rendered, sends it after a confirmation, and the list says how many
 * accounts it reached once the queue job is done; someone else finds it in their notifications.
 * At a phone's width and a desktop's.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 200 } } });

const app = useTestApp();

describe.each(VIEWPORTS)('admin announcements at $width px', (viewport) => {
  const browser = useBrowser(viewport);

  it('an admin previews and sends product news, and it reaches every account', async () => {
    const title = `Lists are here ${uniqueSuffix()}`;
    const admin = await createUser(app.orm.em.fork(), { name: 'Ada Lovelace', roleFlags: [RoleFlag.admin] });
    const reader = await createUser(app.orm.em.fork(), { name: 'Rea Der' });
    const page = await app.openAs(browser, admin, '/admin/announcements');
    try {
      expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Announcements');
      expect(await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Announcements' }).getAttribute('aria-current')).toBe('page');
      await page.getByLabel('Title').fill(title);
      await page.getByLabel('Body').fill('Keep **shortlists** of creators.\n\n<script>alert(1)</script>');
      await page.getByLabel('Link (optional)').fill('/lists');
      await page.getByRole('button', { name: 'Preview' }).click();

      const preview = page.getByRole('article', { name: `Preview: ${title}` });
      await preview.waitFor();
      expect(await preview.locator('strong').innerText()).toBe('shortlists');
      expect(await preview.innerText()).toContain('<script>alert(1)</script>');
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);

      await page.getByRole('button', { name: 'Send to everyone' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Send' }).click();
      // The toast says it is on its way, and the page passes axe while it shows.
      const toast = page.getByTestId('toast').filter({ hasText: 'Sending to every account.' });
      await toast.waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await toast.getByRole('button', { name: 'Dismiss' }).click();
      await toast.waitFor({ state: 'detached' });
      const sent = page.getByTestId('announcement').filter({ hasText: title });
      await sent.waitFor();
      await expect.poll(() => sent.innerText()).toMatch(/Reached [\d,]+ accounts?, sent/);

      const [row] = await queryRows<{ reached_count: number; status: string }>(app.databaseUrl, `select reached_count, status from announcements where title = $1`, [title]);
      const [told] = await queryRows<{ count: string }>(app.databaseUrl, `select count(*) from notifications n join announcements a on a.id = n.announcement_id where a.title = $1`, [title]);
      expect(row).toEqual({ reached_count: Number(told!.count), status: 'sent' });
      expect((await sent.innerText()).replace(/,/g, '')).toContain(`Reached ${row!.reached_count} account`);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);
    } finally {
      await page.close();
    }

    const inbox = await app.openAs(browser, reader, '/notifications');
    try {
      const item = inbox.getByRole('list', { name: 'Notifications' }).getByRole('listitem').filter({ hasText: title });
      await item.waitFor();
      expect(await item.getByRole('link', { name: title }).getAttribute('href')).toBe('/lists');
      expect(await item.locator('strong').innerText()).toBe('shortlists');
    } finally {
      await inbox.close();
    }
  });
});
