import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Projects end to end in Chromium against the built app (docs/product.md §Projects): an owner
 * starts a project and invites a collaborator as a viewer; the collaborator accepts from
 * /projects and opens the project without its costs. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

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
      await page.goto(`${app.url}/projects`);
      const invitations = page.getByRole('region', { name: 'Invitations' });
      await invitations.getByRole('button', { name: `Accept the invitation to Spring campaign ${suffix}` }).click();
      await page.getByRole('heading', { level: 1, name: `Spring campaign ${suffix}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe(projectPath);
      expect(await page.getByRole('navigation', { name: 'Project' }).getByRole('link').allInnerTexts()).not.toContain('Costs');
      expect(await page.getByRole('button', { name: 'Edit details' }).count()).toBe(0);

      // 4. The project is now on their list, and an old slug still leads to it.
      await page.goto(`${app.url}/projects`);
      await page.getByRole('link', { name: `Spring campaign ${suffix}` }).waitFor();
      await page.goto(`${app.url}${projectPath.replace(/~.*$/, '~an-old-name')}/collaborators`);
      await page.getByRole('heading', { level: 1, name: `Spring campaign ${suffix}` }).waitFor();
      expect(new URL(page.url()).pathname).toBe(`${projectPath}/collaborators`);
    });
  });
}
