import { describe, expect, it, vi } from 'vitest';
import { uniqueSuffix } from '../server/src/test-support/factories.js';
import { startErrorReportReceiver, type ErrorReportReceiver } from '../server/src/test-support/error-report-receiver.js';
import { seriousViolations } from './support/axe.js';
import { appReady } from './support/pages.js';
import { useBrowser, useTestApp, VIEWPORTS } from './support/test-app.js';

/**
 * Error reporting in the browser (docs/product.md §Errors), against the built app in production
 * with SENTRY_DSN pointing at a local receiver: the page gets the DSN at run time, loads Sentry's
 * SDK as a chunk of its own, and reports uncaught errors and unhandled rejections, never the
 * suppressed messages.
 */

vi.setConfig({ expect: { poll: { timeout: 20_000, interval: 100 } } });

let receiver: ErrorReportReceiver | undefined;
const app = useTestApp({
  dependsOn: async () => {
    receiver = await startErrorReportReceiver();
    return { env: { NODE_ENV: 'production', SENTRY_DSN: receiver.dsn, LOG_LEVEL: 'error' }, stop: () => receiver!.stop() };
  },
});

const received = () => receiver!.events().flatMap((event) => event.messages);

for (const viewport of VIEWPORTS) {
  describe(`browser error reporting at ${viewport.width} px`, () => {
    const browser = useBrowser(viewport);

    it('reports an uncaught error and an unhandled rejection, and drops a suppressed message', async () => {
      await app.signIn(browser, null);
      const page = await browser.context.newPage();
      const reporterLoaded = page.waitForResponse((response) => /\/assets\/sentryReporter-[^/]+\.js$/.test(response.url()));
      await page.goto(app.url);
      await appReady(page);
      await reporterLoaded;
      expect(await seriousViolations(page)).toEqual([]);

      const id = uniqueSuffix();
      // Thrown from timers, so nothing catches them: the page's global handlers see them.
      await page.evaluate(`
        setTimeout(() => { throw new Error('TimeoutError: suppressed ${id}'); });
        setTimeout(() => { throw new Error('Minified React error #418 ${id}'); });
        setTimeout(() => { throw new Error('uncaught ${id}'); });
        setTimeout(() => { void Promise.reject(new Error('rejected ${id}')); });
      `);

      await expect.poll(received).toEqual(expect.arrayContaining([`Error: uncaught ${id}`, `Error: rejected ${id}`]));
      await page.waitForLoadState('networkidle');
      expect(received().filter((message) => message.includes(id) && /suppressed|Minified/.test(message))).toEqual([]);
      expect(receiver!.events().every((event) => event.environment === 'production')).toBe(true);
      await page.close();
    }, 90_000);
  });
}
