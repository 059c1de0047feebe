import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { encodeGeohash } from '../domain/geohash.js';
import { PLACES } from '../domain/place-list.js';
import { placeLabel } from '../domain/places.js';
import { toGlobalId } from '../server/src/graphql/global-id.js';
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

/** A message written through the API as `from` (the browser tests are about the reader). */
async function writeAs(from: { id: number }, input: Record<string, unknown>, mutation: 'startConversation' | 'sendMessage' = 'startConversation'): Promise<number> {
  const { accessToken } = await app.sessionFor(from);
  const inputType = mutation === 'startConversation' ? 'StartConversationInput' : 'SendMessageInput';
  const response = await fetch(`${app.url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${accessToken}` },
    body: JSON.stringify({ query: `mutation($input: ${inputType}!) { ${mutation}(input: $input) { conversation { databaseId } } }`, variables: { input } }),
  });
  const body = (await response.json()) as { data?: Record<string, { conversation: { databaseId: number } }> };
  return body.data![mutation]!.conversation.databaseId;
}

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

    it('keeps the list live across tabs, shows older messages in place, and asks before blocking', async () => {
      const suffix = uniqueSuffix();
      const em = app.orm.em.fork();
      const me = await createUser(em, { name: `Reader ${suffix}` });
      const ann = await createUser(em, { name: `Ann ${suffix}` });
      const ben = await createUser(em, { name: `Ben ${suffix}` });
      // Ann's conversation holds more than a page: her first message is on the page before.
      const withAnn = await writeAs(ann, { userId: toGlobalId('User', me.id), body: `First from Ann ${suffix}` });
      await queryRows(app.databaseUrl, `insert into messages (conversation_id, sender_id, body, created_at) select $1, $2, 'Earlier ' || n, now() - interval '1 hour' from generate_series(1, 55) n`, [withAnn, ann.id]);
      await writeAs(ann, { conversationId: toGlobalId('Conversation', withAnn), body: 'Latest from Ann' }, 'sendMessage');
      await writeAs(ben, { userId: toGlobalId('User', me.id), body: 'Hi from Ben' });

      await app.signIn(creatorBrowser, me);
      const listTab = await openPage(creatorBrowser, `${app.url}/messages`);
      await liveCountListening(listTab);
      const rows = listTab.page.getByRole('link', { name: new RegExp(`(Ann|Ben) ${suffix}`) });
      await expect.poll(async () => (await rows.allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([`Ben ${suffix} (unread)`, `Ann ${suffix} (unread)`]);

      // A second tab reads Ann's conversation: the newest page, then the one before, in place.
      const threadTab = await openPage(creatorBrowser, `${app.url}/messages/${withAnn}`);
      const page = threadTab.page;
      const thread = page.getByRole('list', { name: `Messages with Ann ${suffix}` });
      await expect.poll(() => thread.innerText()).toContain('Latest from Ann');
      expect(await thread.innerText()).not.toContain(`First from Ann ${suffix}`);
      const older = page.getByRole('button', { name: 'Show older messages' });
      const fromBottom = () => thread.evaluate((element) => element.scrollHeight - element.scrollTop);
      // Read from the top of the newest page, where the button is wanted.
      await thread.evaluate((element) => (element.scrollTop = 0));
      const before = await fromBottom();
      await older.focus();
      await page.keyboard.press('Enter');
      await expect.poll(() => thread.innerText()).toContain(`First from Ann ${suffix}`);
      // The place kept: as far from the bottom as before; the last page shown, the button is gone and focus is in the list.
      expect(Math.abs((await fromBottom()) - before)).toBeLessThanOrEqual(2);
      await expect.poll(() => older.count()).toBe(0);
      expect(await thread.evaluate((element) => element.ownerDocument.activeElement === element)).toBe(true);
      await expectNoSidewaysScroll(page, viewport.width);

      // Answered in this tab: the list in the other moves Ann to the top with the words sent, live.
      await page.getByLabel(`Write to Ann ${suffix}`).fill('Sent from the other tab');
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(async () => (await rows.allInnerTexts()).map((text) => text.split('\n')[0])).toEqual([`Ann ${suffix}`, `Ben ${suffix} (unread)`]);
      expect(await rows.first().innerText()).toContain('You: Sent from the other tab');

      // Blocking asks first, in words, and Cancel leaves everything as it was.
      const blocks = () => queryRows(app.databaseUrl, 'select 1 from user_blocks where blocker_id = $1 and blocked_id = $2', [me.id, ann.id]);
      await page.getByRole('button', { name: 'Block' }).click();
      const confirm = page.getByRole('dialog', { name: `Block Ann ${suffix}?` });
      await confirm.waitFor();
      expect(await confirm.innerText()).toContain('They are not told.');
      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `messages-block-${viewport.width}.png`) });
      await page.keyboard.press('Escape');
      await expect.poll(() => confirm.count()).toBe(0);
      expect(await blocks()).toEqual([]);
      await page.getByRole('button', { name: 'Block' }).click();
      await confirm.getByRole('button', { name: 'Block' }).click();
      await page.getByRole('button', { name: 'Unblock' }).waitFor();
      expect(await blocks()).toHaveLength(1);
      expect(await page.getByText("You can't message this person.").isVisible()).toBe(true);
      expect(listTab.errors).toEqual([]);
      expect(threadTab.errors).toEqual([]);
    });
  });
}
