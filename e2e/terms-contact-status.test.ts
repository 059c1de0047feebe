import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSIONS, CURRENT_TERMS } from '../domain/terms.js';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { mailCapture } from './support/dependencies.js';
import { appReady } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * The terms acknowledgement dialog, the contact form's mail and the status page (docs/product.md
 * §Terms, §Contact, §Status) in a real browser at both widths, against the built app, a real
 * database and a real SMTP server. One page load per feature and width.
 */
const OPERATOR = 'team@byline.test';
const mailbox = mailCapture();
const app = useTestApp({ dependsOn: mailbox.start, env: { CONTACT_EMAIL: OPERATOR } });

async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** Whether keyboard focus is inside the element matching `selector`. */
async function focusInside(page: Page, selector: string): Promise<boolean> {
  return Boolean(await page.evaluate(`document.querySelector(${JSON.stringify(selector)})?.contains(document.activeElement) ?? false`));
}

describe.each(VIEWPORTS)('terms, contact and status at $width px', (viewport) => {
  const browser = useBrowser(viewport);

  it('asks someone who accepted older terms to accept the new material version, and blocks until they do', async () => {
    const user = await createUser(app.orm.em.fork(), { termsVersion: TERMS_VERSIONS[0]!.id });
    const page = await app.openAs(browser, user, '/about');
    const dialog = page.getByRole('dialog', { name: 'We have updated our Terms of Service' });
    await dialog.waitFor();
    await expectAccessible(page);
    // Focus stays in the dialog whichever way Tab goes, and Escape does not close it.
    for (let press = 0; press < 5; press += 1) {
      await page.keyboard.press('Tab');
      expect(await focusInside(page, '[data-testid="terms-dialog"]')).toBe(true);
    }
    await page.keyboard.press('Shift+Tab');
    expect(await focusInside(page, '[data-testid="terms-dialog"]')).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog.isVisible()).toBe(true);
    await expectNoSidewaysScroll(page, viewport.width);

    await dialog.getByRole('button', { name: 'Accept and continue' }).click();
    await dialog.waitFor({ state: 'detached' });
    const [row] = await queryRows<{ terms_version: string }>(app.databaseUrl, 'select terms_version from users where id = $1', [user.id]);
    expect(row?.terms_version).toBe(CURRENT_TERMS.id);
    await page.close();
  });

  it('mails a signed-out visitor’s message to the operator, after saying what was missing', async () => {
    await app.signIn(browser, null);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/contact?subject=Book+a+Demo`);
    await appReady(page);
    const form = page.getByRole('form', { name: 'Contact form' });
    expect(await form.getByLabel('Subject').inputValue()).toBe('Book a Demo');
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText('Please tell us your name.').waitFor();
    expect(await focusInside(page, 'form')).toBe(true);
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, viewport.width);

    const email = `visitor.${uniqueSuffix()}@example.test`;
    await form.getByLabel('Name').fill('Ada Lovelace');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Message').fill(`A demo for our studio, please (${viewport.name}).`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await page.getByText(`Message sent. We'll reply to ${email}.`, { exact: true }).waitFor();
    const mail = await mailbox.server.waitForMail(OPERATOR, { subject: /Book a Demo/ });
    expect(mail.text).toContain(`A demo for our studio, please (${viewport.name}).`);
    expect(mail.headers['reply-to']?.toLowerCase()).toContain(email);
    await page.close();
  });

  it('shows a visitor whether each part of Byline is up, with when it was checked', async () => {
    await app.signIn(browser, null);
    const page = await browser.context.newPage();
    await page.goto(`${app.url}/status`);
    await appReady(page);
    const parts = page.getByRole('list', { name: 'Parts of Byline' });
    await parts.waitFor();
    const rows = parts.getByRole('listitem');
    expect(await rows.count()).toBe(5);
    for (const name of ['Database', 'Job queue', 'Live updates (pub/sub)', 'Search engine', 'Email']) {
      const row = rows.filter({ hasText: name });
      expect(await row.getByText('Up', { exact: true }).count(), name).toBe(1);
      expect(await row.locator('time').count(), name).toBe(1);
    }
    expect(await page.getByRole('status').textContent()).toBe('Everything is working.');
    await expectAccessible(page);
    await expectNoSidewaysScroll(page, viewport.width);
    await page.close();
  });
});
