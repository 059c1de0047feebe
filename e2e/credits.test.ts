import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { createPost, createUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Credits end to end in Chromium against the built app (docs/product.md §Credits): the person who
 * tracked a post credits themselves (accepted at once) and someone else found by name in two roles
 * (pending, shown as such to the people concerned only); the credited person accepts one role in
 * one click from their notifications and declines the other; the post page then shows both people
 * to everyone, and each profile lists the post. Someone not on Byline is invited by handle: the
 * shareable claim link sends a signed-out visitor to sign up, and a member opening it claims the
 * credit and accepts it. At phone and desktop widths.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** The chips of one person in the post page's credits panel, as "role:status" pairs. */
async function chipsOf(page: Page, name: string): Promise<string[]> {
  const person = page.getByTestId('post-credits').locator('.credited-person').filter({ hasText: name });
  const chips = person.getByTestId('credit-chip');
  const result: string[] = [];
  for (let index = 0; index < (await chips.count()); index++) {
    const chip = chips.nth(index);
    const role = (await chip.locator('.credit-chip__role').innerText()).replace(/^\S+\s+/, '');
    result.push(`${role}:${await chip.getAttribute('data-status')}`);
  }
  return result;
}

for (const viewport of VIEWPORTS) {
  describe(`credits at ${viewport.width} px`, () => {
    // Each person has their own cookies.
    const adderBrowser = useBrowser(viewport);
    const creditedBrowser = useBrowser(viewport);

    it('credits someone on a post; they accept from the notification; the credit shows on the post and both profiles', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const adder = await createUser(em, { username: `maya_${suffix}`, name: `Maya Adder ${suffix}` });
      const credited = await createUser(em, { username: `riley_${suffix}`, name: `Riley Quinn ${suffix}` });
      // Maya tracked the post, so she may credit other people on it.
      const post = await createPost(em, { createdBy: adder, caption: `Clay mug film ${suffix}` });

      // 1. Maya opens the post page and credits herself, then Riley in two roles.
      const page = await app.openAs(adderBrowser, adder, `/posts/${post.id}`);
      await page.getByRole('button', { name: 'Add credit' }).click();
      let dialog = page.getByRole('dialog', { name: 'Add credit' });
      await dialog.getByRole('button', { name: 'Credit myself' }).click();
      await dialog.getByRole('checkbox', { name: 'Director', exact: true }).check();
      await dialog.getByRole('button', { name: 'Add credit', exact: true }).click();
      await expect.poll(() => dialog.getByTestId('add-credit-results').innerText()).toContain('Director: added');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => chipsOf(page, adder.name!)).toEqual(['Director:ACCEPTED']);

      await page.getByRole('button', { name: 'Add credit' }).click();
      dialog = page.getByRole('dialog', { name: 'Add credit' });
      await dialog.getByLabel('Name or username').fill(`Riley Quinn ${suffix}`);
      await dialog.getByRole('radio', { name: new RegExp(`Riley Quinn ${suffix}`) }).check();
      await dialog.getByRole('checkbox', { name: 'Editor', exact: true }).check();
      await dialog.getByRole('checkbox', { name: 'Photographer', exact: true }).check();
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `credits-dialog-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Add 2 credits' }).click();
      const results = dialog.getByTestId('add-credit-results');
      await expect.poll(() => results.innerText()).toContain(`Editor: added, pending until Riley Quinn ${suffix} accepts`);
      expect(await results.innerText()).toContain(`Photographer: added, pending until Riley Quinn ${suffix} accepts`);

      // The same person in the same role again: the spec's words.
      await dialog.getByRole('checkbox', { name: 'Editor', exact: true }).check();
      await dialog.getByRole('button', { name: 'Add credit', exact: true }).click();
      await expect.poll(() => results.innerText()).toContain('Editor: That resource already exists');
      await dialog.getByRole('button', { name: 'Done' }).click();

      // Pending credits show as pending to Maya (she added them)…
      await expect.poll(() => chipsOf(page, credited.name!)).toEqual(['Photographer:PENDING', 'Editor:PENDING']);
      expect(await page.getByTestId('post-credits').innerText()).toContain('Pending');
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `credits-pending-${viewport.width}.png`), fullPage: true });

      // …and to nobody else.
      const visitor = await app.openAs(creditedBrowser, null, `/posts/${post.id}`);
      await expect.poll(() => chipsOf(visitor, adder.name!)).toEqual(['Director:ACCEPTED']);
      expect(await chipsOf(visitor, credited.name!)).toEqual([]);
      await visitor.close();

      // 2. Riley accepts the Photographer credit from the notification in one click and declines the Editor one.
      const inbox = await app.openAs(creditedBrowser, credited, '/notifications');
      const list = inbox.getByRole('list', { name: 'Notifications' });
      await list.getByRole('button', { name: 'Accept the Photographer credit' }).click();
      await expect.poll(() => list.getByText('Credit accepted').count()).toBe(1);
      await list.getByRole('button', { name: 'Decline the Editor credit' }).click();
      await expect.poll(() => list.getByText('Credit declined').count()).toBe(1);
      expect(await list.getByRole('button', { name: /^Accept/ }).count()).toBe(0);
      // The answers show at once (optimistic); the page is left only once the server has both, as
      // leaving a page cancels its requests still on their way (on a busy machine, both were lost).
      const answers = () => app.orm.em.fork().execute<Array<{ status: string }>>('select status from credits where post_id = ? and user_id = ? order by status', [post.id, credited.id]);
      await expect.poll(async () => (await answers()).map((row) => row.status)).toEqual(['accepted', 'declined']);
      await expectNoSidewaysScroll(inbox, viewport.width);
      await inbox.screenshot({ path: path.join(SCREENSHOT_DIR, `credits-notifications-${viewport.width}.png`), fullPage: true });

      // 3. The post page shows both people's accepted credits to everyone, nothing pending.
      await inbox.goto(`${app.url}/posts/${post.id}`);
      await expect.poll(() => chipsOf(inbox, credited.name!)).toEqual(['Photographer:ACCEPTED']);
      expect(await chipsOf(inbox, adder.name!)).toEqual(['Director:ACCEPTED']);
      await inbox.close();

      await page.reload();
      await expect.poll(() => chipsOf(page, credited.name!)).toEqual(['Photographer:ACCEPTED']);
      expect(await page.getByTestId('post-credits').innerText()).not.toContain('Pending');

      // 4. Both profiles list the post.
      for (const person of [adder, credited]) {
        await page.goto(`${app.url}/${person.username}`);
        const card = page.getByTestId('portfolio-post').filter({ hasText: `Clay mug film ${suffix}` });
        await expect.poll(() => card.count()).toBe(1);
      }
      await page.close();
    });

    it('invites someone not on Byline by handle; the shared link sends them to sign up, then they claim and accept it', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const adder = await createUser(em, { name: `Maya Adder ${suffix}` });
      const post = await createPost(em, { createdBy: adder, caption: `Glaze test ${suffix}` });
      const handle = `newbie.${suffix}`;

      const page = await app.openAs(adderBrowser, adder, `/posts/${post.id}`);
      await page.getByRole('button', { name: 'Add credit' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add credit' });
      await dialog.getByRole('button', { name: 'Not on Byline yet?' }).click();
      await dialog.getByRole('radio', { name: 'Social handle' }).check();
      await dialog.getByLabel('Network').selectOption({ label: 'TikTok' });
      await dialog.getByLabel('Handle or profile link').fill(`@${handle}`);
      await dialog.getByRole('checkbox', { name: 'Editor', exact: true }).check();
      await dialog.getByRole('button', { name: 'Add credit', exact: true }).click();
      const link = dialog.getByRole('textbox', { name: 'Link to send them' });
      await expect.poll(() => link.count()).toBe(1);
      const claimPath = new URL(await link.inputValue()).pathname;
      expect(claimPath).toMatch(/^\/credits\/claim\/[^/]+$/);
      expect(await dialog.getByRole('button', { name: 'Copy' }).count()).toBe(1);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `credits-claim-link-${viewport.width}.png`) });
      await dialog.getByRole('button', { name: 'Done' }).click();
      await expect.poll(() => chipsOf(page, `@${handle}`)).toEqual(['Editor:PENDING']);
      await page.close();

      // Signed out, the link leads to sign-up and back (docs/product.md §Access).
      const visitor = await app.openAs(creditedBrowser, null, claimPath);
      await expect.poll(() => new URL(visitor.url()).pathname).toBe('/signup');
      expect(new URL(visitor.url()).searchParams.get('returnTo')).toBe(claimPath);
      await visitor.close();

      // With an account (made here by the factory), they claim it, then accept it.
      const newcomer = await createUser(app.orm.em.fork(), { name: `Nico Newbie ${suffix}` });
      const claim = await app.openAs(creditedBrowser, newcomer, claimPath);
      const preview = claim.getByTestId('credit-claim');
      await expect.poll(() => preview.innerText()).toContain(`Maya Adder ${suffix} credited @${handle} as`);
      await preview.getByRole('button', { name: 'Claim' }).click();
      await preview.getByRole('button', { name: 'Accept the Editor credit' }).click();
      await expect.poll(() => preview.getByRole('status').innerText()).toContain('Credit accepted.');
      await expectNoSidewaysScroll(claim, viewport.width);
      await preview.getByRole('link', { name: 'See the post' }).click();
      await expect.poll(() => chipsOf(claim, newcomer.name!)).toEqual(['Editor:ACCEPTED']);
      await claim.close();
    });
  });
}
