import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createUser } from '../server/src/test-support/factories.js';
import { queryRows } from '../server/src/test-support/sql.js';
import { notifyUser } from '../server/src/modules/notifications/index.js';
import { seriousViolations, settled } from './support/axe.js';
import { SCREENSHOT_DIR } from './support/browser.js';
import { mailCapture } from './support/dependencies.js';
import { expectNoSidewaysScroll, useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Notification preferences end to end (docs/product.md §Notification preferences), in Chromium
 * against the built app with real mail, at phone and desktop widths: a person turns one kind's
 * mail off on /settings/notifications, then a mail of another kind arrives with its one-click
 * unsubscribe link, which they open signed out, confirm, and that kind's mail is off too.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

const mailbox = mailCapture();
const app = useTestApp({ dependsOn: [mailbox.start] });

async function storedPreferences(userId: number): Promise<Array<{ kind: string; delivery: string }>> {
  return queryRows<{ kind: string; delivery: string }>(app.databaseUrl, 'select kind, delivery from notification_preferences where user_id = $1 order by kind', [userId]);
}

for (const viewport of VIEWPORTS) {
  describe(`notification preferences at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('turns a kind off in Settings, then unsubscribes from another by the mail’s link, signed out', async () => {
      const person = await createUser(app.orm.em.fork());
      const page = await app.openAs(browser, person, '/settings/notifications');
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe('Notification settings');

      const jobs = page.getByRole('radiogroup', { name: 'Jobs' });
      await expect.poll(() => jobs.getByRole('radio', { name: 'By mail at once' }).isChecked()).toBe(true);
      await jobs.getByRole('radio', { name: 'In the app' }).check();
      await expect.poll(() => page.getByRole('status').innerText()).toBe('Jobs: In the app. Saved.');
      await expect.poll(() => storedPreferences(person.id)).toEqual([{ kind: 'jobs', delivery: 'in_app' }]);

      await settled(page);
      expect(await seriousViolations(page)).toEqual([]);
      await expectNoSidewaysScroll(page, viewport.width);
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, `notification-settings-${viewport.name}.png`), fullPage: true });
      await page.close();

      // Credits still come by mail at once: this one carries the one-click unsubscribe link.
      await notifyUser(app.orm.em.fork(), person.id, { kind: 'credit_accepted', message: 'Maya accepted your credit as 🎬 Director', link: '/notifications' });
      const mail = await mailbox.server.waitForMail(person.email!, { subject: /accepted your credit/, timeoutMs: 30_000 });
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const link = /^<(https?:\/\/[^>]+\/unsubscribe\/[^>]+)>/.exec(mail.headers['list-unsubscribe'] ?? '')?.[1];
      expect(link).toBeDefined();
      expect(mail.text).toContain(link!);

      await app.signIn(browser, null);
      const unsubscribe = await browser.context.newPage();
      // The mail names the public address; the test app answers on its own.
      await unsubscribe.goto(`${app.url}${new URL(link!).pathname}`);
      await expect.poll(() => unsubscribe.getByRole('heading', { level: 1 }).innerText()).toBe('Unsubscribe from Credits mails?');
      // Opening the link changed nothing: mail scanners open links too.
      expect(await storedPreferences(person.id)).toEqual([{ kind: 'jobs', delivery: 'in_app' }]);
      expect(await seriousViolations(unsubscribe)).toEqual([]);

      await unsubscribe.getByRole('button', { name: 'Unsubscribe' }).click();
      await expect.poll(() => unsubscribe.getByRole('heading', { level: 1 }).innerText()).toBe('You are unsubscribed');
      await expect.poll(() => unsubscribe.getByRole('status').innerText()).toContain('Credits mails are turned off');
      expect(await storedPreferences(person.id)).toEqual([
        { kind: 'credits', delivery: 'in_app' },
        { kind: 'jobs', delivery: 'in_app' },
      ]);
      expect(await seriousViolations(unsubscribe)).toEqual([]);
      await expectNoSidewaysScroll(unsubscribe, viewport.width);
      await unsubscribe.screenshot({ path: path.join(SCREENSHOT_DIR, `unsubscribe-${viewport.name}.png`), fullPage: true });
      await unsubscribe.close();
    });
  });
}
