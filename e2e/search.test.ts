import { ref } from '@mikro-orm/core';
import type { Page } from 'playwright-core';
import { describe, expect, it, vi } from 'vitest';
import { RoleFlag, TagType as TagTypeId } from '../domain/enums.js';
import { createAccount, createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { TagType, Tag } from '../server/src/modules/tags/index.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS, type Viewport } from './support/test-app.js';

/**
 * The global box's text search end to end (docs/product.md §Search), in Chromium against the built
 * app at phone and desktop widths: results reach the index through the outbox and its queue job (no
 * test hook), a signed-out visitor searches with a typo and walks the grouped results with the
 * keyboard, the shortcuts appear from 3 characters, the empty state keeps the spec's words, and the
 * image content search is gated to PRO.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** Letters only, so the name is one word the typo rules apply to. */
function letters(length: number): string {
  return Array.from({ length }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');
}

async function openBox(page: Page, viewport: Viewport) {
  if (viewport.name === 'phone') await page.getByRole('button', { name: 'Search', exact: true }).click();
  const box = page.getByRole('searchbox', { name: 'Search or paste a link to track' });
  await box.click();
  return box;
}

for (const viewport of VIEWPORTS) {
  describe(`search box at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('a signed-out visitor finds a person despite a typo, walks the grouped results with the keyboard, and sees the empty state', async () => {
      const em = app.orm.em.fork();
      const surname = `Qu${letters(6)}`;
      const person = await createUser(em, { username: `mq_${uniqueSuffix()}`, name: `Marisol ${surname}` });
      const account = await createAccount(em);
      account.owner = ref(person);
      account.ownerVerifiedAt = new Date();
      account.followerCount = 12_000;
      const festival = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.event), name: `${surname} Festival` });
      await em.flush();
      const post = await createPost(em, { account });
      post.tags.add(festival);
      await em.flush();
      await creditUser(em, post, person);
      const host = await createUser(em);

      const page = await app.openAs(browser, null, `/${host.username}`);
      const box = await openBox(page, viewport);
      // One letter changed in the 8-letter surname: within the typo budget.
      const typed = surname.slice(0, 4) + (surname[4] === 'y' ? 'o' : 'y') + surname.slice(5);
      await box.pressSequentially(typed.toLowerCase());
      const results = page.getByTestId('track-results');
      const shortcuts = results.getByRole('list', { name: 'Search shortcuts' });
      await expect.poll(() => shortcuts.getByRole('link').allInnerTexts()).toEqual([`Search creators for “${typed.toLowerCase()}”`, `Search posts for “${typed.toLowerCase()}”`]);
      // The index is filled by the outbox's queue job: the person shows up once it has run.
      const people = results.getByRole('region', { name: 'People' });
      await expect.poll(async () => (await people.count()) > 0 && (await people.innerText()), { timeout: 20_000 }).toContain(person.name);
      expect(await results.getByRole('region', { name: 'Events' }).innerText()).toContain(`${surname} Festival`);
      expect(await results.getByRole('region', { name: 'Events' }).getByTestId('tag-icon-1').count()).toBe(1);
      await expectNoSidewaysScroll(page, viewport.width);

      // Down through the three shortcuts to the person, then Enter opens their profile.
      await box.press('ArrowDown');
      await box.page().keyboard.press('ArrowDown');
      await box.page().keyboard.press('ArrowDown');
      await box.page().keyboard.press('ArrowDown');
      await expect.poll(() => page.locator(':focus').innerText()).toContain(person.name!);
      await page.keyboard.press('Enter');
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/${person.username}`);

      // Nothing matches: the spec's empty state (the shortcuts stay).
      const again = await openBox(page, viewport);
      await again.fill(`zz${letters(10)}`);
      await expect
        .poll(() => page.getByTestId('track-results').getByRole('status').innerText())
        .toBe('No results found. Paste a url to import or search for a creator, tag, role, job, or location.');
      await again.press('Escape');
      await expect.poll(() => page.getByTestId('track-results').count()).toBe(0);
    });

    it('gates the image content search: the upgrade prompt for others, the search for PRO', async () => {
      const member = await createUser(app.orm.em.fork());
      const page = await app.openAs(browser, member, `/${member.username}`);
      const box = await openBox(page, viewport);
      await box.pressSequentially('su');
      await expect.poll(() => page.getByTestId('track-results').count()).toBe(1);
      expect(await page.getByRole('list', { name: 'Search shortcuts' }).count()).toBe(0);
      await box.pressSequentially('nset');
      await page.getByRole('button', { name: /Search images for “sunset”/ }).click();
      const prompt = page.getByTestId('image-search-upgrade');
      await expect.poll(() => prompt.innerText()).toContain('Upgrade to PRO to search for social media posts by image content.');
      await page.keyboard.press('Escape');

      const pro = await createUser(app.orm.em.fork(), { roleFlags: [RoleFlag.pro] });
      const proPage = await app.openAs(browser, pro, `/${pro.username}`);
      const proBox = await openBox(proPage, viewport);
      await proBox.pressSequentially('sunset');
      await expect.poll(() => proPage.getByRole('link', { name: 'Search images for “sunset”' }).getAttribute('href')).toBe('/explore?imageSearch=sunset');
    });

    it('explore filtered through the URL: chips, list view, and the same link in a new tab shows the same posts', async () => {
      const em = app.orm.em.fork();
      const member = await createUser(em);
      const tag = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.tag), name: `e2e${letters(8)}` });
      await em.flush();
      const tagged = await createPost(em, { caption: `Tagged ${tag.name}` });
      await createPost(em, { caption: 'Not tagged' });
      tagged.tags.add(tag);
      await em.flush();

      const link = `/explore?tags=${encodeURIComponent(`${tag.name}~${tag.id}`)}&postView=list`;
      const page = await app.openAs(browser, member, link);
      const posts = page.getByRole('list', { name: 'Posts' });
      await expect.poll(() => posts.getByRole('listitem').count()).toBe(1);
      expect(await posts.innerText()).toContain(`Tagged ${tag.name}`);
      expect(await page.getByRole('list', { name: 'Filters' }).innerText()).toContain(tag.name);
      await expectNoSidewaysScroll(page, viewport.width);

      // The same link in a new tab: the same filters and posts.
      const tab = await page.context().newPage();
      await tab.goto(page.url());
      await expect.poll(() => tab.getByRole('list', { name: 'Posts' }).innerText()).toContain(`Tagged ${tag.name}`);
      expect(await tab.getByRole('list', { name: 'Posts' }).getByRole('listitem').count()).toBe(1);

      // Removing the chip widens the search; back brings the filter again.
      await page.getByRole('button', { name: `Remove filter ${tag.name}` }).click();
      await expect.poll(() => posts.getByRole('listitem').count()).toBeGreaterThan(1);
      await page.goBack();
      await expect.poll(() => posts.getByRole('listitem').count()).toBe(1);
    });
  });
}
