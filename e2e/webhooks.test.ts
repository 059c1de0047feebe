import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { startWebhookReceiver, type WebhookReceiver } from '../server/src/modules/webhooks/index.js';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { seriousViolations, settled } from './support/axe.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS, type StartDependency } from './support/test-app.js';

/**
 * Webhooks end to end in Chromium against the built app (docs/product.md §Webhooks): an endpoint
 * is registered in Settings → Developer, a real event (a project started through the API) is
 * delivered to a local receiver and shows in the endpoint's log with the answer, is redelivered,
 * and the secret is rotated. Then an admin reads that person's audit log (docs/product.md §Audit
 * log). At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 200 } } });

let receiver: WebhookReceiver | undefined;
const startReceiver: StartDependency = async () => {
  const started = await startWebhookReceiver();
  receiver = started;
  // The receiver listens on 127.0.0.1, which webhooks may reach only when named here (tests only).
  return { env: { WEBHOOK_PRIVATE_ORIGINS: started.origin, WEBHOOK_RETRY_DELAY_SECONDS: '1' }, stop: () => started.close() };
};

const app = useTestApp({ dependsOn: startReceiver });

function started(): WebhookReceiver {
  if (!receiver) throw new Error('the receiver is not started');
  return receiver;
}

/** Starts a project as `user` through the API, as an integration would: the event behind PROJECT_CREATED. */
async function startProject(user: { id: number }, name: string): Promise<void> {
  const { accessToken } = await app.sessionFor(user);
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query: 'mutation($input: CreateProjectInput!) { createProject(input: $input) { project { id } } }', variables: { input: { name, clientName: 'Harbour Films' } } }),
  });
  const body = (await response.json()) as { errors?: unknown[] };
  expect(body.errors).toBeUndefined();
}

/** No serious axe finding on the page. */
async function expectAccessible(page: Page): Promise<void> {
  await settled(page);
  expect(await seriousViolations(page)).toEqual([]);
}

/** The text of each delivery row of the open log (row header first). */
async function deliveryRows(page: Page, url: string): Promise<string[]> {
  return page.getByRole('table', { name: `Deliveries to ${url}` }).locator('tbody tr').allInnerTexts();
}

for (const viewport of VIEWPORTS) {
  describe(`webhooks at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('registers an endpoint, shows a real delivery, redelivers it and rotates the secret; an admin sees it in the audit log', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const owner = await createUser(em, { username: `hooks_${suffix}`, name: `Hana Hooks ${suffix}`, termsAcknowledgedAt: new Date() });
      const admin = await createUser(em, { username: `ada_${suffix}`, name: `Ada Admin ${suffix}`, roleFlags: [RoleFlag.admin], termsAcknowledgedAt: new Date() });
      const path = `/hooks/${viewport.name}-${suffix}`;
      const url = `${started().origin}${path}`;
      const toThisEndpoint = (delivery: { path: string }) => delivery.path === path;

      // 1. Register an endpoint for "Project created": its secret shows once.
      const page = await app.openAs(browser, owner, '/settings');
      await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
      await page.getByText('You have no webhooks.').waitFor();
      await page.getByLabel('Payload URL').fill(url);
      await page.getByRole('group', { name: 'Events' }).getByRole('checkbox', { name: 'Project created' }).check();
      await page.getByRole('button', { name: 'Add webhook' }).click();
      const secretField = page.getByLabel('Webhook signing secret');
      await secretField.waitFor({ state: 'visible' });
      const firstSecret = await secretField.inputValue();
      expect(firstSecret).toMatch(/^whsec_/);
      await page.getByText(url, { exact: true }).waitFor();
      await expectNoSidewaysScroll(page, viewport.width);
      await expectAccessible(page);
      await page.getByRole('button', { name: 'I have copied it' }).click();
      await expect.poll(() => secretField.count()).toBe(0);

      // 2. A real event: the project is started, the receiver gets it, the log shows the answer.
      await startProject(owner, `Harbour launch ${suffix}`);
      const [received] = await started().waitFor(1, toThisEndpoint);
      expect(received!.headers['byline-event']).toBe('PROJECT_CREATED');
      await page.getByRole('button', { name: `Deliveries to ${url}` }).click();
      const refresh = page.getByRole('button', { name: 'Refresh' });
      await expect
        .poll(async () => {
          const rows = await deliveryRows(page, url);
          if (rows.length < 1) await refresh.click();
          return rows.length;
        })
        .toBe(1);
      const [firstRow] = await deliveryRows(page, url);
      expect(firstRow).toContain('Project created');
      expect(firstRow).toContain('200 · Delivered');
      expect(firstRow).toMatch(/\d+ ms/);
      expect(firstRow).toContain('ok');
      await expectNoSidewaysScroll(page, viewport.width);
      await expectAccessible(page);

      // 3. Redeliver it: the receiver gets the same event again, and the log shows the redelivery.
      await page.getByRole('button', { name: /^Redeliver Project created delivery/ }).click();
      await page.getByText('Redelivery queued. It appears here once sent.').waitFor();
      const [, again] = await started().waitFor(2, toThisEndpoint);
      expect(again!.headers['byline-redelivery']).toBe('true');
      expect(again!.body).toBe(received!.body);
      await expect
        .poll(async () => {
          const rows = await deliveryRows(page, url);
          if (rows.length < 2) await refresh.click();
          return rows.length;
        })
        .toBe(2);
      expect((await deliveryRows(page, url))[0]).toContain('(redelivery)');

      // 4. Rotate the secret, after confirming: a new one shows once, and the hint follows it.
      await page.getByRole('button', { name: `Rotate secret of ${url}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Rotate secret?' });
      await dialog.getByRole('button', { name: 'Rotate' }).click();
      await secretField.waitFor({ state: 'visible' });
      const rotated = await secretField.inputValue();
      expect(rotated).toMatch(/^whsec_/);
      expect(rotated).not.toBe(firstSecret);
      await page.getByText(`secret …${rotated.slice(-4)}`).waitFor();
      await expectAccessible(page);
      await page.close();

      // 5. An admin reads the person's audit log: registering and rotating are in it, newest first.
      const adminPage = await app.openAs(browser, admin, '/admin/users');
      await adminPage.getByLabel('Search users').fill(`hooks_${suffix}`);
      await expect.poll(() => adminPage.getByRole('button', { name: 'Audit log' }).count()).toBe(1);
      await adminPage.getByRole('button', { name: 'Audit log' }).click();
      const log = adminPage.getByRole('table', { name: `Audit log of ${owner.name}` });
      await expect.poll(() => log.locator('tbody tr').count()).toBeGreaterThanOrEqual(3);
      const entries = await log.locator('tbody tr').allInnerTexts();
      expect(entries[0]).toMatch(/Update\s+webhooks/);
      expect(entries.some((entry) => /Create\s+webhook_deliveries/.test(entry))).toBe(true);
      expect(entries.some((entry) => /Create\s+webhooks\b/.test(entry))).toBe(true);
      await expectNoSidewaysScroll(adminPage, viewport.width);
      await expectAccessible(adminPage);
      await adminPage.close();
    });
  });
}
