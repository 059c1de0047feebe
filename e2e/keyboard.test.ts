import type { Locator, Page } from 'playwright-core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PostType } from '../domain/enums.js';
import { DEMO_TEAM } from '../server/src/seed/demo-content.js';
import { seedDemoData } from '../server/src/seed/demo-data.js';
import { DEMO_SEED, planDemoData } from '../server/src/seed/demo-plan.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * By keyboard alone, in Chromium against the built app: the menu, a dialog and a filter's popover
 * open from their button, take or offer focus, show where focus is, close on Escape and give focus
 * back to the button that opened them. docs/product.md §Accessibility.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

// Plans open: the creators page's filters are for everyone here.
const app = useTestApp({ env: { PAID_PLANS: 'open' } });
let viewer: { id: number };
let postId: number;

beforeAll(async () => {
  const em = app.orm.em.fork();
  await seedDemoData(em, planDemoData(DEMO_SEED, { posts: 3 }));
  [viewer] = await em.execute<Array<{ id: number }>>('select id from users where username = ?', [DEMO_TEAM.manager]) as [{ id: number }];
  const [post] = await em.execute<Array<{ id: number }>>('select id from posts where not is_private and type <> ? and not is_deleted order by id limit 1', [PostType.Story]);
  postId = post!.id;
}, 120_000);

const openPages: Page[] = [];
afterEach(async () => {
  await Promise.all(openPages.splice(0).map((page) => page.close()));
});

/** Whether the element has focus. */
function hasFocus(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => (element as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === element);
}

/** The focused element's outline, as drawn: a keyboard user must see where they are. */
function focusOutline(page: Page): Promise<string> {
  return page.evaluate(
    '(() => { const style = getComputedStyle(document.activeElement); return style.outlineStyle === "none" ? "none" : style.outlineStyle + " " + style.outlineWidth; })()',
  ) as Promise<string>;
}

/** Moves focus to `target` with the Tab key, as a keyboard user would (at most `limit` presses). */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  for (let presses = 0; presses < limit; presses++) {
    if (await hasFocus(target)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the element');
}

for (const viewport of VIEWPORTS) {
  describe(`keyboard at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('opens the menu with Enter, tabs into it, and Escape closes it back to its button', async () => {
      const page = await app.openAs(browser, viewer, '/');
      openPages.push(page);
      const button = page.getByRole('button', { name: /^Menu/ });
      await tabTo(page, button);
      expect(await focusOutline(page)).not.toBe('none');
      await page.keyboard.press('Enter');
      const menu = page.getByRole('navigation', { name: 'Account' });
      await expect.poll(() => menu.isVisible()).toBe(true);
      await page.keyboard.press('Tab');
      await expect.poll(() => menu.evaluate((element) => element.contains((element as unknown as { ownerDocument: { activeElement: never } }).ownerDocument.activeElement))).toBe(true);
      expect(await focusOutline(page)).not.toBe('none');
      await page.keyboard.press('Escape');
      await expect.poll(() => menu.isVisible()).toBe(false);
      expect(await hasFocus(button)).toBe(true);
    });

    it('opens "Add credit" as a dialog that holds focus, and Escape gives focus back to the button', async () => {
      const page = await app.openAs(browser, viewer, `/posts/${postId}`);
      openPages.push(page);
      const button = page.getByRole('button', { name: 'Add credit', exact: true });
      await tabTo(page, button);
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Add credit' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await expect.poll(() => dialog.evaluate((element) => element.contains((element as unknown as { ownerDocument: { activeElement: never } }).ownerDocument.activeElement))).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.isVisible()).toBe(false);
      await expect.poll(() => hasFocus(button)).toBe(true);
    });

    it('opens a filter’s popover from its chip, picks by keyboard, and Escape returns to the chip', async () => {
      const page = await app.openAs(browser, viewer, '/creators');
      openPages.push(page);
      const chip = page.getByRole('button', { name: 'Role', exact: true });
      await tabTo(page, chip);
      expect(await focusOutline(page)).not.toBe('none');
      await page.keyboard.press('Enter');
      const popover = page.getByRole('dialog', { name: 'Role' });
      await expect.poll(() => popover.isVisible()).toBe(true);
      const photographer = popover.getByRole('checkbox', { name: /Photographer/ });
      await tabTo(page, photographer, 30);
      await page.keyboard.press('Space');
      await expect.poll(() => new URL(page.url()).searchParams.getAll('role').join()).toMatch(/^Photographer~/);
      await page.keyboard.press('Escape');
      await expect.poll(() => popover.isVisible()).toBe(false);
      await expect.poll(() => page.getByRole('button', { name: /^Role: / }).evaluate((element) => (element as unknown as { ownerDocument: { activeElement: unknown } }).ownerDocument.activeElement === element)).toBe(true);
    });
  });
}
