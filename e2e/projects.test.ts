import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { fixtureNetworks } from './support/dependencies.js';
import { appReady } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Projects end to end in Chromium against the built app (docs/product.md §Projects): an owner
 * starts a project and invites a collaborator as a viewer, who accepts from /projects and opens it
 * without its costs; the owner pins a picture to the concepts board, publishes a deliverable by
 * pasting its post's link, which proposes the collaborator's credit, and the collaborator accepts
 * it on the post; the owner adds costs in two currencies, sees them totalled apart and downloads
 * the CSV. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

// The fixture networks answer any post id; the import's fast path waits long enough on a busy machine.
const app = useTestApp({ dependsOn: fixtureNetworks().start, env: { IMPORT_FAST_PATH_MS: '15000' } });

for (const viewport of VIEWPORTS) {
  describe(`projects at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('starts a project, invites a collaborator who accepts, and keeps costs from a viewer', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const owner = await createUser(em, { username: `producer_${suffix}`, name: `Producer ${suffix}` });
      const collaborator = await createUser(em, { username: `dop_${suffix}`, name: `Camera ${suffix}` });

      // 1. The owner starts a project from /projects.
      const page = await app.openAs(browser, owner, '/projects');
      await page.getByText('No projects yet.').waitFor();
      await page.getByRole('button', { name: 'New project' }).click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByRole('textbox', { name: 'Project name' }).fill(`Spring campaign ${suffix}`);
      await dialog.getByRole('textbox', { name: /^Client/ }).fill('Northwind');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await page.getByRole('heading', { level: 1, name: `Spring campaign ${suffix}` }).waitFor();
      expect(page.url()).toMatch(new RegExp(`/projects/[A-Za-z0-9]{10}~spring-campaign-${suffix}$`));
      const projectPath = new URL(page.url()).pathname;
      const tabs = page.getByRole('navigation', { name: 'Project' }).getByRole('link');
      expect(await tabs.allInnerTexts()).toEqual(['Overview', 'Concepts', 'Deliverables', 'Costs', 'Collaborators']);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `project-overview-${viewport.width}.png`), fullPage: true });

      // 2. Invites the collaborator, found by name, as a viewer credited as the first role.
      await tabs.getByText('Collaborators').click();
      await page.getByRole('searchbox', { name: 'Name, username or email' }).fill(`Camera ${suffix}`);
      await page.getByRole('radio', { name: new RegExp(`Camera ${suffix}`) }).check();
      const role = page.getByRole('combobox', { name: 'Role' });
      await role.selectOption({ index: 1 });
      await page.getByRole('button', { name: 'Invite', exact: true }).click();
      const people = page.getByRole('list', { name: 'Collaborators' });
      await expect.poll(() => people.innerText()).toMatch(new RegExp(`Camera ${suffix}[\\s\\S]*Viewer · Invited`));
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `project-collaborators-${viewport.width}.png`), fullPage: true });

      // 3. The collaborator accepts from /projects and lands on the project, without its costs.
      await app.signIn(browser, collaborator);
      await open(page, `/projects`);
      const invitations = page.getByRole('region', { name: 'Invitations' });
      await invitations.getByRole('button', { name: `Accept the invitation to Spring campaign ${suffix}` }).click();
      await page.getByRole('heading', { level: 1, name: `Spring campaign ${suffix}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe(projectPath);
      expect(await page.getByRole('navigation', { name: 'Project' }).getByRole('link').allInnerTexts()).toEqual(['Overview', 'Concepts', 'Deliverables', 'Collaborators']);
      expect(await page.getByRole('button', { name: 'Edit details' }).count()).toBe(0);
      await open(page, `${projectPath}/costs`);
      await page.getByRole('heading', { level: 1, name: /not found/i }).waitFor();

      // 4. The owner pins a picture to the concepts board.
      await app.signIn(browser, owner);
      await open(page, `${projectPath}/concepts`);
      const picture = await sharp({ create: { width: 320, height: 240, channels: 3, background: { r: 247, g: 111, b: 74 } } }).png().toBuffer();
      await page.locator('input[type="file"]').setInputFiles({ name: 'mood.png', mimeType: 'image/png', buffer: picture });
      const cards = page.getByTestId('concept-card');
      await expect.poll(() => cards.count()).toBe(1);
      await expect.poll(() => cards.first().locator('img').evaluate((image: { complete: boolean; naturalWidth: number }) => (image.complete ? image.naturalWidth : 0))).toBeGreaterThan(0);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `project-concepts-${viewport.width}.png`), fullPage: true });

      // 5. A deliverable, published by pasting its post's link: the collaborator's credit is proposed.
      await open(page, `${projectPath}/deliverables`);
      await page.getByRole('textbox', { name: 'Title' }).fill('Launch reel');
      await page.getByRole('combobox', { name: 'Network' }).selectOption({ label: 'TikTok' });
      await page.getByLabel('Due date').fill('2030-05-01');
      await page.getByRole('button', { name: 'Add deliverable' }).click();
      const deliverables = page.getByRole('list', { name: 'Deliverables' });
      await expect.poll(() => deliverables.innerText()).toContain('Launch reel');
      const postUrl = `https://www.tiktok.com/@maya.makes/video/74${String(Date.now()).padStart(17, '0')}`;
      await page.getByRole('textbox', { name: 'Link the published post' }).fill(postUrl);
      await page.getByRole('button', { name: 'Link post' }).click();
      await page.getByText('Published. 1 credit was proposed on the post.').waitFor({ timeout: 30_000 });
      const postLink = page.getByRole('link', { name: 'See the published post' });
      const postPath = (await postLink.getAttribute('href'))!;
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `project-deliverables-${viewport.width}.png`), fullPage: true });

      // 6. The collaborator accepts it on the post.
      await app.signIn(browser, collaborator);
      await open(page, `${postPath}`);
      await page.getByRole('button', { name: 'Accept the Director credit' }).click();
      await expect.poll(() => page.getByRole('button', { name: 'Accept the Director credit' }).count()).toBe(0);

      // 7. Costs in two currencies, totalled apart, and the CSV.
      await app.signIn(browser, owner);
      await open(page, `${projectPath}/costs`);
      await addCost(page, 'Camera rental', '1250.50', 'USD', '2');
      await addCost(page, 'Location fee', '300', 'EUR', '1');
      const totals = page.getByRole('region', { name: 'Totals' });
      // Each currency on its own (USD 1,250.50 × 2, EUR 300 × 1), never converted.
      await expect.poll(() => totals.innerText()).toContain('2501.00 USD');
      expect(await totals.innerText()).toContain('300.00 EUR');
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `project-costs-${viewport.width}.png`), fullPage: true });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download CSV' }).click()]);
      const csv = await readFile((await download.path())!, 'utf8');
      expect(csv).toContain('Camera rental');
      expect(csv).toContain('1250.50');
      expect(csv).toContain('Location fee');

      // 8. An old slug still leads to the project, on the tab asked for.
      await open(page, `${projectPath.replace(/~.*$/, '~an-old-name')}/collaborators`);
      await page.getByRole('heading', { level: 1, name: `Spring campaign ${suffix}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`${projectPath}/collaborators`);
      // A project's whole life, about thirty page loads: 12 to 30 s alone, more than twice that
      // inside the whole suite (the e2e budget in vitest.config.ts allows for it).
    });
  });
}

async function addCost(page: import('playwright-core').Page, description: string, amount: string, currency: string, quantity: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Description' }).fill(description);
  await page.getByRole('textbox', { name: /^Unit amount/ }).fill(amount);
  await page.getByRole('combobox', { name: 'Currency', exact: true }).selectOption(currency);
  await page.getByRole('textbox', { name: 'Quantity' }).fill(quantity);
  await page.getByRole('button', { name: 'Add cost' }).click();
  await expect.poll(() => page.getByRole('table').innerText()).toContain(description);
}

/** Opens a page of the app and waits for it to be the app's own: a server-rendered page ignores clicks until then. */
async function open(page: import('playwright-core').Page, address: string): Promise<void> {
  await page.goto(`${app.url}${address}`);
  await appReady(page);
}
