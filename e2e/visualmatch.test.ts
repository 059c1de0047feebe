// First: the visual match service's decorated classes need the metadata API before they load.
import 'reflect-metadata';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { RoleFlag } from '../domain/enums.js';
import { STORED_WIDTH } from '../server/src/modules/posts/index.js';
import { croppedReencodedCopy, syntheticPicture, indexPostPicture } from '../server/src/modules/visualmatch/index.js';
import { createAccount, createPost, createUser } from '../server/src/test-support/factories.js';
import { SCREENSHOT_DIR, type Browser } from './support/browser.js';
import { openPage } from './support/pages.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * /visualmatch end to end in Chromium against the built app, at phone and desktop widths: a free
 * user gets the PRO gate (the words of docs/product.md §Search and the upgrade prompt); a PRO user
 * uploads a cropped, re-encoded copy of a post's picture and sees that post, and pastes a repost's
 * link and sees the original.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();
let original: { id: number; handle: string; picture: Buffer };
let repostId: number;

/** Stores a post's picture as the import does, hashes included. */
async function storePicture(postId: number, picture: Buffer): Promise<void> {
  const em = app.orm.em.fork();
  const webp = await sharp(picture).resize({ width: STORED_WIDTH, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();
  await em.transactional(async (tx) => {
    await tx.execute(`insert into post_thumbnails (post_id, width, content_type, bytes) values (?, ?, 'image/webp', ?)`, [postId, STORED_WIDTH, webp]);
    await tx.execute('update posts set thumbnail_stored_at = now() where id = ?', [postId]);
    await indexPostPicture(tx, postId, webp);
  });
}

beforeAll(async () => {
  const em = app.orm.em.fork();
  const account = await createAccount(em);
  const post = await createPost(em, { account, caption: 'The original shot' });
  original = { id: post.id, handle: account.handle, picture: await syntheticPicture(4242) };
  await storePicture(post.id, original.picture);
  for (const seed of [1, 2, 3, 4, 5]) await storePicture((await createPost(em)).id, await syntheticPicture(seed));
  const repost = await createPost(em, { caption: 'Someone else’s repost' });
  repostId = repost.id;
  await storePicture(repost.id, await croppedReencodedCopy(original.picture, { left: 0.1, top: 0.1, right: 0.1, bottom: 0.1 }));
}, 60_000);

async function openAs(browser: Browser, roleFlags: number[]): Promise<{ page: Page; errors: string[] }> {
  const user = await createUser(app.orm.em.fork(), { roleFlags });
  await app.signIn(browser, user);
  const opened = await openPage(browser, `${app.url}/visualmatch`);
  await expect.poll(() => opened.page.getByRole('heading', { level: 1 }).innerText()).toBe('Visual Match AI');
  return { page: opened.page, errors: opened.errors };
}

function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>('document.documentElement.scrollWidth > window.innerWidth');
}

for (const viewport of VIEWPORTS) {
  describe(`Visual Match at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('shows a free user the PRO gate', async () => {
      const { page, errors } = await openAs(browser, []);
      const prompt = page.getByTestId('upgrade-prompt');
      await expect.poll(() => prompt.isVisible()).toBe(true);
      expect(await prompt.getByRole('link', { name: 'Upgrade today' }).getAttribute('href')).toBe('/plans?returnTo=%2Fvisualmatch');
      await page.keyboard.press('Escape');
      await expect.poll(() => prompt.isVisible()).toBe(false);
      await expect.poll(() => page.getByText('Upgrade to PRO to search for social media posts by image content.').isVisible()).toBe(true);
      expect(await page.locator('input[type="file"]').count()).toBe(0);
      expect(await overflowsSideways(page)).toBe(false);
      expect(errors).toEqual([]);
      await page.close();
    });

    it('finds the original post from a cropped, re-encoded copy, and from a repost’s link', async () => {
      const { page, errors } = await openAs(browser, [RoleFlag.pro]);
      await expect.poll(() => page.getByText('Searching pictures by words is not available yet', { exact: false }).isVisible()).toBe(true);
      const copy = await croppedReencodedCopy(original.picture);
      await page.getByLabel('Choose a picture').setInputFiles({ name: 'copy.jpg', mimeType: 'image/jpeg', buffer: copy });

      const results = page.getByRole('region', { name: 'Posts that look alike' });
      const first = results.getByRole('listitem').first();
      await expect.poll(() => first.getByRole('link').getAttribute('href').catch(() => null)).toBe(`/posts/${original.id}`);
      await expect.poll(() => first.innerText()).toContain(`@${original.handle}`);
      expect(await first.innerText()).toMatch(/\d+% alike/);
      // The repost looks alike too; none of the unrelated pictures does.
      const hrefs = await results.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs.sort()).toEqual([`/posts/${original.id}`, `/posts/${repostId}`].sort());
      await expect
        .poll(() => first.locator('img').evaluate((image: { complete: boolean; naturalWidth: number }) => (image.complete ? image.naturalWidth : 0)).catch(() => 0))
        .toBeGreaterThan(0);
      expect(await overflowsSideways(page)).toBe(false);
      await page.screenshot({ path: `${SCREENSHOT_DIR}/visualmatch-${viewport.name}.png`, fullPage: true });

      await page.getByLabel('Or paste a post link').fill(`${app.url}/posts/${repostId}`);
      await page.getByRole('button', { name: 'Find look-alikes' }).click();
      await expect.poll(() => results.getByRole('link').evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([`/posts/${original.id}`]);
      expect(errors).toEqual([]);
      await page.close();
    });
  });
}
