import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { CreditRole, Credit } from '../server/src/modules/credits/index.js';
import { createPost, createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Credit reports and caption suggestions end to end in Chromium against the built app
 * (docs/product.md §Credits): a member reports a wrong credit with a reason; an admin removes it
 * from the admin area; the credit is gone from the post and the reporter is told. The person who
 * tracked a post adds a credit its caption suggests in one click. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** The role names of one person's chips in the post page's credits panel. */
async function rolesOf(page: Page, name: string): Promise<string[]> {
  const chips = page.getByTestId('post-credits').locator('.credited-person').filter({ hasText: name }).getByTestId('credit-chip');
  return (await chips.locator('.credit-chip__role').allInnerTexts()).map((text) => text.replace(/^\S+\s+/, ''));
}

for (const viewport of VIEWPORTS) {
  describe(`credit reports at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('a member reports a wrong credit; an admin removes it in the admin area; the reporter is told', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const tracker = await createUser(em, { username: `tara_${suffix}`, name: `Tara Tracker ${suffix}` });
      const credited = await createUser(em, { username: `cole_${suffix}`, name: `Cole Credited ${suffix}` });
      const reporter = await createUser(em, { username: `rita_${suffix}`, name: `Rita Reporter ${suffix}` });
      const admin = await createUser(em, { username: `ada_${suffix}`, name: `Ada Admin ${suffix}`, roleFlags: [RoleFlag.admin] });
      const post = await createPost(em, { createdBy: tracker, caption: `Harbour at dawn ${suffix}` });
      em.create(Credit, { post, user: credited, role: em.getReference(CreditRole, 2), status: 'accepted', addedBy: tracker, respondedAt: new Date() });
      await em.flush();
      const reason = `Cole was not there that day (${suffix})`;

      // 1. Rita reports Cole's Photographer credit with a reason; the dialog wants one first.
      const page = await app.openAs(browser, reporter, `/posts/${post.id}`);
      await expect.poll(() => rolesOf(page, credited.name!)).toEqual(['Photographer']);
      await page.getByRole('button', { name: `Report ${credited.name} as 📷 Photographer` }).click();
      const dialog = page.getByRole('dialog', { name: 'Report this credit' });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => dialog.getByRole('alert').innerText()).toBe('Please say what is wrong with this credit.');
      await dialog.getByLabel('What is wrong with this credit?').fill(reason);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `credit-report-dialog-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await expect.poll(() => dialog.count()).toBe(0);
      await expect.poll(() => page.getByText('An admin will check this credit', { exact: false }).count()).toBe(1);

      // 2. Ada finds it among the open reports and removes the credit, after confirming.
      await page.close();
      const adminPage = await app.openAs(browser, admin, '/admin/users');
      await adminPage.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Credit reports' }).click();
      await expect.poll(() => adminPage.getByRole('heading', { level: 1 }).innerText()).toBe('Credit reports');
      const card = adminPage.getByTestId('credit-report').filter({ hasText: reason });
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.getByRole('heading').innerText()).toBe(`📷 Photographer · ${credited.name}`);
      expect(await card.innerText()).toContain(`reported by @${reporter.username}`);
      await expectNoSidewaysScroll(adminPage, viewport.width);
      await adminPage.screenshot({ path: path.join(SCREENSHOT_DIR, `credit-reports-admin-${viewport.width}.png`), fullPage: true });
      await card.getByRole('button', { name: 'Remove credit' }).click();
      const confirm = adminPage.getByRole('dialog', { name: 'Remove this credit?' });
      await confirm.getByRole('button', { name: 'Remove credit' }).click();
      await expect.poll(() => card.count()).toBe(0);

      // Closed, with its outcome.
      await adminPage.getByRole('button', { name: 'Closed', exact: true }).click();
      const closed = adminPage.getByTestId('credit-report').filter({ hasText: reason });
      await expect.poll(() => closed.count()).toBe(1);
      expect(await closed.innerText()).toContain('Credit removed');
      await adminPage.close();

      // 3. The credit is gone from the post, and Rita is told.
      const inbox = await app.openAs(browser, reporter, `/posts/${post.id}`);
      await expect.poll(() => inbox.getByText('No one is credited yet.').count()).toBe(1);
      await inbox.goto(`${app.url}/notifications`);
      await expect
        .poll(() => inbox.getByRole('list', { name: 'Notifications' }).innerText())
        .toContain(`Your report of @${credited.username}’s credit as 📷 Photographer`);
      expect(await inbox.getByRole('list', { name: 'Notifications' }).innerText()).toContain('was closed: the credit was removed.');
      await inbox.close();
    });

    it('whoever tracked a post adds a credit its caption suggests with one click', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const tracker = await createUser(em, { username: `tom_${suffix}`, name: `Tom Tracker ${suffix}` });
      const editor = await createUser(em, { username: `edie_${suffix}`, name: `Edie Editor ${suffix}` });
      const post = await createPost(em, { createdBy: tracker, caption: `Night swim 🌊\n✂️ Edit by @edie_${suffix}\nthanks @pal_${suffix}` });

      const page = await app.openAs(browser, tracker, `/posts/${post.id}`);
      const chip = page.getByTestId('credit-suggestion');
      await expect.poll(() => chip.allInnerTexts()).toEqual([expect.stringContaining(`Editor · @edie_${suffix}`)]);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `credit-suggestions-${viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: `Add @edie_${suffix} as Editor` }).click();

      // The suggestion becomes a pending credit of the Byline user with that username.
      await expect.poll(() => rolesOf(page, editor.name!)).toEqual(['Editor']);
      expect(await page.getByTestId('post-credits').innerText()).toContain('Pending');
      await expect.poll(() => chip.count()).toBe(0);
      await page.close();
    });
  });
}
