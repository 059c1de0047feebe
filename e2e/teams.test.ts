import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '../domain/messages.js';
import { createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { StripeStandIn } from '../server/src/test-support/stripe-stand-in.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { mailCapture, stripeStandIn } from './support/dependencies.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Teams end to end in Chromium against the built app, with real mail (a local SMTP capture) and
 * Stripe replaced by the local stand-in: a manager creates a team, meets the upgrade prompt,
 * starts the Starter Plan through Checkout, invites someone by email; the invitee signs up from
 * the mailed link and joins with paid access; the fourth seat is refused naming the limit.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const stripe = new StripeStandIn('whsec_e2e_teams');
const mailbox = mailCapture();
const app = useTestApp({ dependsOn: [mailbox.start, stripeStandIn(stripe)], env: { AUTH_ATTEMPTS_PER_IP: '1000' } });

const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

async function pathOf(page: Page): Promise<string> {
  const url = new URL(page.url());
  return url.pathname + url.search;
}

/** Nothing reaches past the screen (tables and the board scroll inside their own boxes). */
async function expectNoOverflow(page: Page, width: number): Promise<void> {
  const overflow = `({
    scrollWidth: document.documentElement.scrollWidth,
    wider: [...document.querySelectorAll('body *')]
      .filter((element) => !element.closest('.teams__table-wrap, .board') && element.getBoundingClientRect().right > window.innerWidth + 1)
      .map((element) => element.tagName + '.' + element.className),
  })`;
  expect(await page.evaluate<{ scrollWidth: number; wider: string[] }>(overflow)).toEqual({ scrollWidth: width, wider: [] });
}

for (const viewport of VIEWPORTS) {
  describe(`teams at ${viewport.width} px`, () => {
    const managerBrowser = useBrowser(viewport);
    const inviteeBrowser = useBrowser(viewport);

    it('creates a team, starts its plan, invites by email, the invitee signs up from the mailed link with paid access, the seat limit is named, and the board, accounts and reports work', async () => {
      const manager = await createUser(app.orm.em.fork(), { termsAcknowledgedAt: new Date() });
      await app.signInWithSession(managerBrowser, manager);
      const page = await managerBrowser.context.newPage();
      openPages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));

      // Create a team through the modal of docs/product.md §Teams.
      await page.goto(`${app.url}/teams`);
      await page.getByRole('button', { name: 'Create team' }).click();
      const modal = page.getByRole('dialog', { name: 'Create a team' });
      await modal.getByLabel('Team name').fill(`Studio ${viewport.width}`);
      expect(await modal.getByLabel('Make me the manager').count()).toBe(0);
      await modal.getByRole('button', { name: 'Create', exact: true }).click();
      await expect.poll(() => pathOf(page)).toMatch(/^\/teams\/\d+$/);
      const teamNumber = Number((await pathOf(page)).split('/')[2]);
      const members = page.getByRole('region', { name: 'Members' });
      await expect.poll(async () => ((await members.getByRole('table').isVisible()) ? 'members shown' : await page.locator('main').innerText())).toBe('members shown');
      expect(await members.getByRole('cell', { name: 'Active' }).count()).toBe(1);

      // A team action without a subscription: "Let's work together" leads to the billing page.
      const inviteForm = page.getByRole('form', { name: 'Invite by email' });
      await inviteForm.getByLabel('Email').fill('early@example.test');
      await inviteForm.getByRole('button', { name: 'Invite' }).click();
      const prompt = page.getByRole('dialog', { name: MESSAGES.letsWorkTogether });
      await prompt.waitFor();
      await prompt.getByRole('link', { name: MESSAGES.startYourSubscription }).click();
      await expect.poll(() => pathOf(page)).toBe(`/teams/${teamNumber}/billing`);

      // The billing helper's Checkout: the Starter Plan (3 seats).
      const billing = page.getByRole('region', { name: `Studio ${viewport.width}: billing` });
      await billing.getByRole('button', { name: 'Start Starter Plan' }).click();
      await expect.poll(() => page.url()).toMatch(new RegExp(`^${stripe.url}/checkout/cs_`));
      await page.getByRole('button', { name: 'Pay' }).click();
      await expect.poll(() => pathOf(page)).toBe(`/teams/${teamNumber}/billing`);
      await expect.poll(() => billing.getByText('Starter Plan').isVisible()).toBe(true);

      // Invite someone not on Byline yet.
      await page.goto(`${app.url}/teams/${teamNumber}`);
      await expect.poll(() => page.getByText('Teams subscription active').isVisible()).toBe(true);
      const inviteeEmail = `invitee.${uniqueSuffix()}@example.test`;
      await inviteForm.getByLabel('Email').fill(inviteeEmail);
      await inviteForm.getByRole('button', { name: 'Invite' }).click();
      await expect.poll(() => page.getByRole('list', { name: 'Invitations sent' }).innerText()).toContain(inviteeEmail);
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('2 of 3 seats in use');
      // The creator board starts with the spec's example stages.
      const board = page.getByRole('list', { name: 'Stages' });
      await expect.poll(async () => (await board.getByRole('listitem').evaluateAll((items) => items.map((item) => item.getAttribute('aria-label')))).join(',')).toBe('Sourced,Contacted,Hired');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `team-page-${viewport.width}.png`), fullPage: true });
      await expectNoOverflow(page, viewport.width);

      // The invitee follows the mailed link, signs up (the email form goes straight to SignUp) and joins.
      const mail = await mailbox.server.waitForMail(inviteeEmail, { subject: /invited you to join/ });
      const link = /https?:\/\/\S+\/teams\/accept\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeTruthy();
      const acceptPath = new URL(link!).pathname;
      const invitee = await inviteeBrowser.context.newPage();
      openPages.push(invitee);
      await invitee.goto(`${app.url}${acceptPath}`);
      await expect.poll(() => pathOf(invitee)).toMatch(/^\/signup/);
      await invitee.getByLabel('Email', { exact: true }).fill(inviteeEmail);
      await invitee.getByRole('button', { name: 'Next' }).click();
      await invitee.getByLabel('Retype password').waitFor();
      await invitee.getByLabel('Password', { exact: true }).fill('cobalt-orchard-73');
      await invitee.getByLabel('Retype password').fill('cobalt-orchard-73');
      await invitee.getByRole('checkbox', { name: /I certify/ }).check();
      await invitee.getByRole('button', { name: 'Submit' }).click();
      await expect.poll(() => pathOf(invitee), { timeout: 15_000 }).toMatch(/^\/signup\/username/);
      const username = `inv_${uniqueSuffix()}`;
      await invitee.getByLabel('Username').fill(username);
      await invitee.getByText(`${username} is available.`).waitFor({ timeout: 10_000 });
      await invitee.getByLabel('Name', { exact: true }).fill('Ines Invitee');
      await invitee.getByRole('radio', { name: 'Creator' }).check();
      await invitee.getByRole('checkbox', { name: /I have read and agree/ }).check();
      await invitee.getByRole('button', { name: 'Continue' }).click();
      await expect.poll(() => pathOf(invitee), { timeout: 15_000 }).toBe(acceptPath);
      await invitee.getByRole('button', { name: 'Accept invitation' }).click();
      await expect.poll(() => pathOf(invitee)).toBe(`/teams/${teamNumber}`);
      await invitee.getByRole('region', { name: 'Members' }).getByRole('table').waitFor();
      await invitee.screenshot({ path: path.join(SCREENSHOT_DIR, `team-joined-${viewport.width}.png`), fullPage: true });

      // The link works once.
      await invitee.goto(`${app.url}${acceptPath}`);
      await invitee.getByRole('button', { name: 'Accept invitation' }).click();
      await expect.poll(() => invitee.getByRole('alert').innerText()).toContain('already been used');

      // The paid team grants the member paid access (docs/product.md §Paid access).
      const [joined] = await queryRows<{ id: number }>(app.databaseUrl, 'select id from users where lower(email) = $1', [inviteeEmail]);
      const session = await app.sessionFor(joined!);
      const paid = await fetch(`${app.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.accessToken}` },
        body: JSON.stringify({ query: '{ viewer { hasPaidTeam viewerCan { hasPaidAccess } } }' }),
      });
      expect(await paid.json()).toEqual({ data: { viewer: { hasPaidTeam: true, viewerCan: { hasPaidAccess: true } } } });
      // ...and sees it in their menu: no Upgrade to PRO, and Visual Match AI opens instead of the upgrade prompt.
      await invitee.getByRole('button', { name: /^Menu/ }).click();
      const inviteeMenu = invitee.getByRole('navigation', { name: 'Account' });
      await expect.poll(() => inviteeMenu.locator('li').allInnerTexts()).not.toContain('Upgrade to PRO');
      expect(await inviteeMenu.getByRole('link', { name: 'Visual Match AI' }).getAttribute('href')).toBe('/visualmatch');
      await invitee.keyboard.press('Escape');

      // Manager, member and one open invitation fill the Starter Plan's 3 seats; a fourth is refused naming the limit.
      await page.reload();
      await inviteForm.getByLabel('Email').fill(`third.${uniqueSuffix()}@example.test`);
      await inviteForm.getByRole('button', { name: 'Invite' }).click();
      await expect.poll(() => page.getByTestId('team-seats').innerText()).toBe('3 of 3 seats in use');
      await inviteForm.getByLabel('Email').fill(`fourth.${uniqueSuffix()}@example.test`);
      await inviteForm.getByRole('button', { name: 'Invite' }).click();
      await expect.poll(() => inviteForm.getByRole('alert').innerText()).toBe('All 3 seats of the Starter Plan are taken. Add seats on the team’s billing page to invite more people.');
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `team-seat-limit-${viewport.width}.png`), fullPage: true });

      // The creator board: add the new member as a creator, then move them with the stage select (the keyboard and phone way).
      await page.getByLabel('Add a creator').fill('Ines Invitee');
      await page.getByRole('list', { name: 'Matching creators' }).getByRole('button', { name: 'Add' }).first().click();
      const column = (name: string) => board.getByRole('listitem', { name });
      await expect.poll(() => column('Sourced').getByTestId('board-creator').count()).toBe(1);
      await page.getByLabel('Stage of Ines Invitee').selectOption({ label: 'Contacted' });
      await expect.poll(() => column('Contacted').getByTestId('board-creator').count()).toBe(1);
      expect(await column('Sourced').getByTestId('board-creator').count()).toBe(0);
      await column('Contacted').getByRole('button', { name: 'Comments' }).click();
      const comments = page.getByRole('dialog', { name: 'Comments on Ines Invitee' });
      await comments.getByLabel('Comment').fill('Strong reel; send the brief.');
      await comments.getByRole('button', { name: 'Add comment' }).click();
      await comments.getByText('Strong reel; send the brief.').waitFor();
      await comments.getByRole('button', { name: 'Close' }).click();
      await expect.poll(() => column('Contacted').getByTestId('board-creator').innerText()).toMatch(/Comments\s*1/);
      if (viewport.width >= 768) {
        // With a mouse, dragging the card to another column moves it too.
        await column('Contacted').getByTestId('board-creator').dragTo(column('Hired'));
        await expect.poll(() => column('Hired').getByTestId('board-creator').count()).toBe(1);
      }
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `team-board-${viewport.width}.png`), fullPage: true });

      // A managed account, and a saved report over it with its CSV export.
      const accountForm = page.getByRole('form', { name: 'Add an account' });
      await accountForm.getByLabel('Network').selectOption({ label: 'TikTok' });
      const handle = `brand_${viewport.width}_${uniqueSuffix()}`;
      await accountForm.getByLabel('Username or profile link').fill(`@${handle}`);
      await accountForm.getByRole('button', { name: 'Add account' }).click();
      const accounts = page.getByRole('region', { name: 'Managed accounts' });
      await expect.poll(() => accounts.innerText()).toContain(`@${handle}`);
      const reportForm = page.getByRole('form', { name: 'New report' });
      await reportForm.getByLabel('Report name').fill('Brand launch');
      await reportForm.getByRole('checkbox', { name: `@${handle}` }).check();
      await reportForm.getByRole('button', { name: 'Save report' }).click();
      const reports = page.getByRole('region', { name: 'Saved reports' });
      await expect.poll(() => reports.innerText()).toContain('Brand launch');
      const csvHref = await reports.getByRole('link', { name: 'Export CSV' }).getAttribute('href');
      expect(csvHref).toMatch(/^\/api\/teams\/reports\/\d+\/csv$/);
      const csv = await page.evaluate<string, string>(async (href) => (await fetch(href)).text(), csvHref!);
      expect(csv.trim()).toBe('post_id,post_url,network,account,fetched_at,views,likes,comments,shares');
      await expectNoOverflow(page, viewport.width);
      expect(errors).toEqual([]);
    });
  });
}
