import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { encodeGeohash } from '../domain/geohash.js';
import { PLACES } from '../domain/place-list.js';
import { placeLabel } from '../domain/places.js';
import { CRITERIA_PLACE_GEOHASH_PRECISION } from '../domain/search-criteria.js';
import { createPost, createUser, creditUser, uniqueSuffix } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { seriousViolations, settled } from './support/axe.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { liveCountListening, openPage } from './support/pages.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Messages end to end (docs/product.md §Messages), in Chromium against the built app at phone and
 * desktop widths, with two people in two browsers: a brand finds a creator in /creators and writes
 * to them from the card; the creator, on /messages the whole time, sees the unread count rise
 * without a reload, opens the conversation and answers; the brand's count rises in turn.
 */

vi.setConfig({ expect: { poll: { timeout: 15_000, interval: 100 } } });

const app = useTestApp();

/** Each width searches its own city, so the two runs never see each other's people. */
const CITY_BY_WIDTH: Record<number, string> = { 375: 'Nairobi', 1280: 'Santiago' };

for (const viewport of VIEWPORTS) {
  describe(`messages at ${viewport.width} px`, () => {
    const brandBrowser = useBrowser(viewport);
    const creatorBrowser = useBrowser(viewport);

    it('a brand writes to a creator found in /creators; the creator sees it live and answers', async () => {
      const suffix = uniqueSuffix();
      const city = CITY_BY_WIDTH[viewport.width]!;
      const place = PLACES.find((candidate) => candidate.city === city)!;
      const em = app.orm.em.fork();
      const brand = await createUser(em, { name: `Brand ${suffix}` });
      const creator = await createUser(em, { name: `Photographer ${suffix}` });
      creator.locationGeohash = place.geohash;
      creator.locationName = placeLabel(place);
      await em.flush();
      await creditUser(em, await createPost(em), creator, 2);

      // The creator waits on /messages, listening on the live count.
      await app.signIn(creatorBrowser, creator);
      const creatorTab = await openPage(creatorBrowser, `${app.url}/messages`);
      const creatorPage = creatorTab.page;
      await liveCountListening(creatorTab);
      expect(await creatorPage.getByText('No messages yet').first().isVisible()).toBe(true);

      // The brand finds them and writes from the card.
      const geo = `${city}~${encodeGeohash(place.lat, place.lon, CRITERIA_PLACE_GEOHASH_PRECISION)}`;
      const brandPage = await app.openAs(brandBrowser, brand, `/creators?role=${encodeURIComponent('Photographer~2')}&geo=${encodeURIComponent(geo)}`);
      const card = brandPage.getByRole('list', { name: 'Creators' }).locator('.creator-card');
      await expect.poll(() => card.count()).toBe(1);
      await card.getByRole('button', { name: `Message Photographer ${suffix}` }).click();
      const dialog = brandPage.getByRole('dialog', { name: `Message Photographer ${suffix}` });
      await dialog.getByLabel(`Write to Photographer ${suffix}`).fill('Would you shoot our spring lookbook? Brief: https://example.com/brief');
      await dialog.getByRole('button', { name: 'Send' }).click();
      await dialog.getByText('Message sent.').waitFor();
      const conversations = () =>
        queryRows<{ id: number; messages: number }>(
          app.databaseUrl,
          'select c.id, (select count(*)::int from messages m where m.conversation_id = c.id) as messages from conversations c where c.started_by_id = $1',
          [brand.id],
        );
      await expect.poll(async () => (await conversations()).map((row) => row.messages)).toEqual([1]);

      // The creator's count rises without a reload; the conversation opens from the list.
      const messagesLink = creatorPage.getByRole('link', { name: 'Messages, 1 unread' });
      await messagesLink.waitFor();
      const row = creatorPage.getByRole('link', { name: new RegExp(`Brand ${suffix}`) });
      await row.waitFor();
      await row.click();
      const thread = creatorPage.getByRole('list', { name: `Messages with Brand ${suffix}` });
      await expect.poll(() => thread.innerText()).toContain('Would you shoot our spring lookbook?');
      expect(await thread.getByRole('link', { name: 'https://example.com/brief' }).getAttribute('href')).toBe('https://example.com/brief');
      // Opening it read it: the count goes back.
      await creatorPage.getByRole('link', { name: 'Messages', exact: true }).waitFor();
      await expectNoSidewaysScroll(creatorPage, viewport.width);
      // The messages link fits the bar beside the menu, whole, at both widths.
      const menu = await creatorPage.getByRole('button', { name: /^Menu/ }).boundingBox();
      expect(menu!.x + menu!.width).toBeLessThanOrEqual(viewport.width);
      await settled(creatorPage);
      expect(await seriousViolations(creatorPage)).toEqual([]);

      await creatorPage.getByLabel(`Write to Brand ${suffix}`).fill('Yes, happy to. When do you shoot?');
      await creatorPage.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => thread.innerText()).toContain('Yes, happy to.');
      await expect.poll(async () => (await conversations()).map((row) => row.messages)).toEqual([2]);
      await creatorPage.screenshot({ path: path.join(SCREENSHOT_DIR, `messages-${viewport.width}.png`) });

      // The brand hears of the answer live and reads it.
      await brandPage.getByRole('link', { name: 'Messages, 1 unread' }).waitFor();
      await dialog.getByRole('link', { name: 'Open the conversation' }).click();
      const brandThread = brandPage.getByRole('list', { name: `Messages with Photographer ${suffix}` });
      await expect.poll(() => brandThread.innerText()).toContain('Yes, happy to.');
      await brandPage.getByRole('link', { name: 'Messages', exact: true }).waitFor();
      expect(creatorTab.errors).toEqual([]);
    });
  });
}
