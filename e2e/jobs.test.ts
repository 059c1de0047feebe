import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { UserType } from '../domain/enums.js';
import { payForTeam } from '../server/src/modules/teams/index.js';
import { createPost, createTeam, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { appReady } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS, type Viewport } from './support/test-app.js';

/**
 * Jobs end to end in Chromium against the built app (docs/product.md §Jobs): a team posts a job
 * as its company; a signed-out visitor opens the shared link and is asked to sign up to apply; a
 * creator applies with two credited posts; the team shortlists and hires them and they are told;
 * the company's /{brand}/jobs and the top search find the job. At phone and desktop widths.
 * The team, the company and the creator's credited posts are made with factories: the flow
 * under test starts at posting.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** Letters only: one word the search matches in the title and nowhere else. */
function letters(length: number): string {
  return Array.from({ length }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
}

async function open(page: Page, address: string): Promise<void> {
  await page.goto(`${app.url}${address}`);
  await appReady(page);
}

for (const viewport of VIEWPORTS) {
  describe(`jobs at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('a team posts a job, a visitor is asked to sign up, a creator applies and is hired, and search finds the job', async () => {
      const suffix = uniqueSuffix();
      const word = `Qx${letters(7)}`;
      const em = app.orm.em.fork();
      const company = await createUser(em, { userType: UserType.Company, username: `acme_${suffix}`, name: `Acme ${suffix}` });
      const creator = await createUser(em, { userType: UserType.Creator, username: `lens_${suffix}`, name: `Lens ${suffix}` });
      const team = await createTeam(em, [{ user: company, role: 'manager' }]);
      await payForTeam(em, team, 'teams');
      // Two public posts the creator holds an accepted Photographer credit on (role 2).
      for (const caption of [`First reel ${suffix}`, `Second reel ${suffix}`]) await creditUser(em, await createPost(em, { caption }), creator, 2);

      // 1. The company posts an open job from /jobs.
      const page = await app.openAs(browser, company, '/jobs');
      await page.getByRole('button', { name: 'Post a job' }).click();
      const form = page.getByRole('dialog', { name: 'Post a job' });
      await form.getByRole('textbox', { name: 'Title' }).fill(`Photographer ${word}`);
      await form.getByRole('checkbox', { name: /Photographer$/ }).check();
      await form.getByRole('combobox', { name: 'Place' }).pressSequentially('Lisbo');
      await page.getByRole('option', { name: /Lisbon/ }).first().click();
      await form.getByRole('textbox', { name: 'From' }).fill('2000');
      await form.getByRole('textbox', { name: 'To' }).fill('3500');
      await form.getByRole('textbox', { name: /Currency/ }).fill('EUR');
      await form.getByRole('textbox', { name: 'Description' }).fill('Shoot our spring lookbook. Brief: https://example.com/brief');
      await form.getByRole('combobox', { name: 'Status' }).selectOption('OPEN');
      await form.getByRole('button', { name: 'Post job' }).click();
      await page.getByRole('heading', { level: 1, name: `Photographer ${word}` }).waitFor();
      const jobPath = new URL(page.url()).pathname;
      expect(jobPath).toMatch(new RegExp(`^/jobs/[A-Za-z0-9]{10}~acme-.*-photographer-${word.toLowerCase()}$`));
      expect(await page.getByRole('link', { name: 'https://example.com/brief' }).getAttribute('rel')).toContain('noopener');
      await expectNoSidewaysScroll(page, viewport.width);

      // 2. A signed-out visitor opens the shared link and is asked to sign up to apply.
      await app.signIn(browser, null);
      await open(page, jobPath);
      await page.getByRole('heading', { level: 1, name: `Photographer ${word}` }).waitFor();
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByRole('dialog', { name: 'Please sign up or sign in to do that!' }).waitFor();
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `job-signed-out-${viewport.width}.png`), fullPage: true });

      // 3. The creator applies with a message and their two credited posts.
      await app.signIn(browser, creator);
      await open(page, jobPath);
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      await page.getByRole('textbox', { name: 'Message to the team' }).fill('I shot both of these.');
      await page.getByRole('checkbox', { name: new RegExp(`First reel ${suffix}`) }).check();
      await page.getByRole('checkbox', { name: new RegExp(`Second reel ${suffix}`) }).check();
      await page.getByRole('button', { name: 'Send application' }).click();
      const own = page.getByRole('region', { name: 'Your application' });
      await expect.poll(() => own.getByRole('list', { name: 'Posts you applied with' }).getByRole('link').count()).toBe(2);
      await own.getByRole('button', { name: 'Withdraw application' }).waitFor();
      await expectNoSidewaysScroll(page, viewport.width);

      // 4. The team shortlists, then hires them, from the applicants table.
      await app.signIn(browser, company);
      await open(page, jobPath);
      const table = page.getByTestId('job-applications');
      await table.getByText(`Lens ${suffix}`).first().waitFor();
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `job-applications-${viewport.width}.png`), fullPage: true });
      await page.getByRole('button', { name: `Review Lens ${suffix}` }).click();
      const review = page.getByRole('dialog', { name: `Lens ${suffix}` });
      await review.getByRole('button', { name: 'Shortlist' }).click();
      await expect.poll(() => review.getByText('Shortlisted').count()).toBeGreaterThan(0);
      await review.getByRole('button', { name: 'Hire' }).click();
      await expect.poll(() => review.getByText('Hired').count()).toBeGreaterThan(0);

      // 5. The creator is told.
      const told = () => em.execute<Array<{ message: string }>>(`select message from notifications where user_id = ? and kind = 'job_application_hired'`, [creator.id]);
      await expect.poll(async () => (await told()).map((row) => row.message)).toEqual([`You were hired for “Photographer ${word}”.`]);
      await app.signIn(browser, creator);
      await open(page, '/notifications');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `job-notification-${viewport.width}.png`), fullPage: true });
      await page.getByText(`You were hired for “Photographer ${word}”.`).waitFor();

      // 6. The company's jobs page and the top search find the job.
      await app.signIn(browser, null);
      await open(page, `/${company.username!}/jobs`);
      expect(await page.getByRole('link', { name: `Photographer ${word}` }).getAttribute('href')).toBe(jobPath);
      await expectNoSidewaysScroll(page, viewport.width);
      await searchFor(page, viewport, word);
      const jobs = page.getByTestId('track-results').getByRole('region', { name: 'Jobs' });
      await jobs.getByRole('link', { name: new RegExp(`Photographer ${word}`) }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(jobPath);
      await page.close();
    });
  });
}

async function searchFor(page: Page, viewport: Viewport, text: string): Promise<void> {
  if (viewport.name === 'phone') await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search or paste a link to track' });
  await box.click();
  await box.pressSequentially(text.toLowerCase());
}
