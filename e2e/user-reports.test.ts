import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Resolving reports of people end to end (docs/product.md §Messages, "Reporting"), in Chromium
 * against the built app at phone and desktop widths: an admin resolves an open report with an
 * outcome chosen by keyboard; it leaves the open list and shows, with its outcome, among the
 * resolved ones.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

for (const viewport of VIEWPORTS) {
  describe(`reported people at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('an admin resolves a report with an outcome; resolved reports show only when asked', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const reporter = await createUser(em, { name: `Rita ${suffix}` });
      const reported = await createUser(em, { name: `Spammy ${suffix}` });
      const admin = await createUser(em, { name: `Ada Admin ${suffix}`, roleFlags: [RoleFlag.admin] });
      const reason = `Sells followers in every message (${suffix})`;
      await queryRows(app.databaseUrl, 'insert into user_reports (reporter_id, reported_id, reason) values ($1, $2, $3)', [reporter.id, reported.id, reason]);

      const page = await app.openAs(browser, admin, '/admin/user-reports');
      const card = page.getByTestId('user-report').filter({ hasText: reason });
      await expect.poll(() => card.count()).toBe(1);
      await card.getByRole('button', { name: 'Resolve' }).click();
      const dialog = page.getByRole('dialog', { name: `Resolve the report of Spammy ${suffix}` });
      await dialog.waitFor();
      // The outcome is chosen with the keyboard: the radio group moves with the arrow keys.
      await dialog.getByRole('radio', { name: 'No action' }).focus();
      await page.keyboard.press('ArrowDown');
      expect(await dialog.getByRole('radio', { name: 'Warned' }).isChecked()).toBe(true);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `user-report-resolve-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Resolve' }).click();

      await expect.poll(() => card.count()).toBe(0);
      const [row] = await queryRows<{ outcome: string; resolved_by_id: number }>(app.databaseUrl, 'select outcome, resolved_by_id from user_reports where reason = $1', [reason]);
      expect(row).toEqual({ outcome: 'warned', resolved_by_id: admin.id });

      await page.getByRole('checkbox', { name: 'Show resolved reports' }).check();
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.innerText()).toContain(`Resolved: Warned, by Ada Admin ${suffix}`);
      expect(await card.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.close();
    });
  });
}
