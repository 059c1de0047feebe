import type { BrowserContext, Page } from 'playwright-core';

/**
 * Page members whose effect outlives a navigation (a fake clock, request routes, scripts and
 * bindings injected into every document, emulation): a tab that used one is really closed.
 */
const LASTING_MEMBERS = new Set<PropertyKey>([
  'clock',
  'route',
  'routeFromHAR',
  'routeWebSocket',
  'addInitScript',
  'exposeFunction',
  'exposeBinding',
  'setViewportSize',
  'emulateMedia',
  'setExtraHTTPHeaders',
]);

/**
 * Recycles the tabs a browser context opens. Opening a tab costs Chromium a new renderer
 * process and cold script caches, and Playwright its per-page set-up: measured here, a tab per
 * page load used about three times the browser CPU of navigating an open tab (43 against 15
 * CPU-seconds for 16 loads of the app), and the browser tests are CPU-bound on two cores. So
 * `newPage()` hands out an idle tab when there is one, and `close()` on it clears what the
 * next test could notice (listeners, routes, the tab's session storage, the document) and keeps
 * it for the next `newPage()` of the same context. Tabs that used a member whose effect lasts
 * (LASTING_MEMBERS) or whose reset fails are closed for real. Cookies and local storage belong to
 * the context, shared by its tabs either way.
 */
export function withTabPool(context: BrowserContext): BrowserContext {
  const idle: Page[] = [];

  const lend = (page: Page): Page => {
    let lasting = false;
    let returned = false;
    const reuseOrClose = async (): Promise<void> => {
      // A second close of the same loan (a test's own, then its clean-up's) must not hand the
      // tab out twice: by then it may be another test's.
      if (returned) return;
      returned = true;
      if (lasting || page.isClosed()) return page.close();
      try {
        page.removeAllListeners();
        await page.unrouteAll({ behavior: 'ignoreErrors' });
        // Session storage is per tab and origin: the next test in this tab must start without it.
        await page.evaluate('try { sessionStorage.clear() } catch {}');
        await page.goto('about:blank');
        idle.push(page);
      } catch {
        await page.close();
      }
    };
    return new Proxy(page, {
      get(target, property) {
        if (property === 'close') return reuseOrClose;
        if (LASTING_MEMBERS.has(property)) lasting = true;
        const value: unknown = Reflect.get(target, property, target);
        return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
      },
    });
  };

  const newPage = async (): Promise<Page> => {
    const reused = idle.pop();
    // A new tab opens in front; a kept one may be behind another, and Chromium hides background
    // tabs (no paint timings, throttled frames), so it is brought to the front as a new one would be.
    if (reused) await reused.bringToFront();
    return lend(reused ?? (await context.newPage()));
  };

  return new Proxy(context, {
    get(target, property) {
      if (property === 'newPage') return newPage;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
