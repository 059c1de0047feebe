import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { UserType } from '../domain/enums.js';
import { toGlobalId } from '../server/src/graphql/global-id.js';
import { payForTeam, TeamStage } from '../server/src/modules/teams/index.js';
import { createPost, createTeam, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { seriousViolations, settled } from './support/axe.js';
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

/** Serious axe violations of the page, once it has settled. */
async function settledViolations(page: Page) {
  await settled(page);
  return seriousViolations(page);
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

    it('a creator pins two posts and hides one, a visitor sees that order, applying proposes the pins first, and the team boards the applicant', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const company = await createUser(em, { userType: UserType.Company, username: `studio_${suffix}`, name: `Studio ${suffix}` });
      const creator = await createUser(em, { userType: UserType.Creator, username: `pin_${suffix}`, name: `Pin ${suffix}` });
      const team = await createTeam(em, [{ user: company, role: 'manager' }]);
      await payForTeam(em, team, 'teams');
      for (const [position, name] of ['Sourced', 'Contacted'].entries()) em.create(TeamStage, { team: team.id, name, position });
      await em.flush();
      // Four credited posts, oldest first: Alpha, Bravo, Charlie, Delta (the newest).
      const captions = ['Alpha', 'Bravo', 'Charlie', 'Delta'].map((word) => `${word} ${suffix}`);
      for (const caption of captions) await creditUser(em, await createPost(em, { caption }), creator, 2);
      const [alpha, bravo, charlie, delta] = captions as [string, string, string, string];
      const jobPath = await postOpenJob(company, team.id, `Stills ${suffix}`);

      // 1. The creator pins Alpha then Bravo, moves Bravo first with the keyboard, and hides Charlie.
      const page = await app.openAs(browser, creator, `/${creator.username!}`);
      const card = (caption: string) => page.getByTestId('portfolio-post').filter({ hasText: caption });
      await card(alpha).getByRole('button', { name: 'Pin', exact: true }).click();
      await card(alpha).getByText('Pinned', { exact: true }).waitFor();
      await card(bravo).getByRole('button', { name: 'Pin', exact: true }).click();
      await card(bravo).getByText('Pinned', { exact: true }).waitFor();
      await card(bravo).getByRole('button', { name: `Move ${bravo} earlier` }).focus();
      await page.keyboard.press('Enter');
      await page.getByText('Moved to pin 1 of 2.').waitFor({ state: 'attached' });
      await card(charlie).getByRole('button', { name: 'Hide', exact: true }).click();
      await card(charlie).getByText('Hidden: only you see it here').waitFor();
      // The server holds the arrangement before anyone else looks.
      const placements = () => em.execute<Array<{ post: string }>>(`select p.caption as post from portfolio_placements pl join posts p on p.id = pl.post_id where pl.user_id = ? order by pl.pin_position nulls last`, [creator.id]);
      await expect.poll(async () => (await placements()).map((row) => row.post)).toEqual([bravo, alpha, charlie]);
      await expectNoSidewaysScroll(page, viewport.width);
      expect(await settledViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `profile-arranged-${viewport.width}.png`), fullPage: true });

      // 2. A visitor sees the pins first in that order, then the rest, and never the hidden post.
      await app.signIn(browser, null);
      await open(page, `/${creator.username!}`);
      await card(delta).waitFor();
      const shown = await page.getByTestId('portfolio-post').evaluateAll((cards: Array<{ textContent: string | null }>) => cards.map((item) => item.textContent ?? ''));
      expect(shown.map((text) => captions.find((caption) => text.includes(caption)))).toEqual([bravo, alpha, delta]);
      expect(await page.getByRole('button', { name: 'Pin', exact: true }).count()).toBe(0);

      // 3. Applying proposes the pinned posts first, in their order.
      await app.signIn(browser, creator);
      await open(page, jobPath);
      await page.getByRole('button', { name: 'Apply', exact: true }).click();
      const choices = page.locator('.job-choices').getByRole('checkbox');
      await expect.poll(() => choices.count()).toBe(4);
      const labels = await page.locator('.job-choices label').evaluateAll((items: Array<{ textContent: string | null }>) => items.map((item) => item.textContent ?? ''));
      expect(labels.slice(0, 2).map((text) => captions.find((caption) => text.includes(caption)))).toEqual([bravo, alpha]);
      await page.getByRole('checkbox', { name: new RegExp(bravo) }).check();
      await page.getByRole('button', { name: 'Send application' }).click();
      await page.getByRole('region', { name: 'Your application' }).waitFor();

      // 4. The team puts the applicant on its creator board, is told where, and follows the link there.
      await app.signIn(browser, company);
      await open(page, jobPath);
      await page.getByRole('button', { name: `Review Pin ${suffix}` }).click();
      const review = page.getByRole('dialog', { name: `Pin ${suffix}` });
      await review.getByRole('combobox', { name: 'Creator board stage' }).selectOption({ label: 'Contacted' });
      await review.getByRole('button', { name: 'Add to creator board' }).click();
      await review.getByText(`Pin ${suffix} was added to Contacted on the creator board.`).waitFor();
      expect(await settledViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);
      await review.getByRole('link', { name: 'Open the creator board' }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/teams/${team.id}`);
      await page.getByTestId('board-creator').filter({ hasText: `Pin ${suffix}` }).waitFor();
      await page.close();
    });
  });
}

/** An open job posted through the API as the company (posting itself is the test above). */
async function postOpenJob(company: { id: number }, teamId: number, name: string): Promise<string> {
  const { accessToken } = await app.sessionFor(company);
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({
      query: 'mutation($input: CreateJobInput!) { createJob(input: $input) { job { path } } }',
      variables: {
        input: {
          teamId: toGlobalId('Team', teamId),
          accountId: toGlobalId('User', company.id),
          name,
          roleIds: [toGlobalId('CreditRole', 3)],
          description: 'Stills for our campaign.',
          place: { name: 'Lisbon, Portugal', geohash: 'eycs0p' },
          pay: { min: 100_000, max: 250_000, currency: 'EUR' },
          status: 'OPEN',
        },
      },
    }),
  });
  const answer = (await response.json()) as { data?: { createJob: { job: { path: string } } }; errors?: unknown };
  expect(answer.errors).toBeUndefined();
  return answer.data!.createJob.job.path;
}

async function searchFor(page: Page, viewport: Viewport, text: string): Promise<void> {
  if (viewport.name === 'phone') await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search or paste a link to track' });
  await box.click();
  await box.pressSequentially(text.toLowerCase());
}
