import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { seriousViolations, settled, type AxeViolation } from './axe.js';
import { matchesPattern, routePatterns, seedForAxe, type SeededAddresses } from './axe-routes.js';
import { useBrowser, useTestApp, VIEWPORTS } from './test-app.js';

const phone = VIEWPORTS.find((viewport) => viewport.name === 'phone')!;
const desktop = VIEWPORTS.find((viewport) => viewport.name === 'desktop')!;

/** Each width's violations on the page, as `path @ width: rule (impact) help at targets`, for a readable failure. */
async function violationsAtBothWidths(page: Page, path: string): Promise<string[]> {
  const lines = (width: number, violations: AxeViolation[]) =>
    violations.map((violation) => `${path} @ ${width}px: ${violation.rule} (${violation.impact}) ${violation.help} at ${violation.targets.join(' | ')}`);
  await settled(page);
  const found = lines(desktop.width, await seriousViolations(page));
  await page.setViewportSize({ width: phone.width, height: phone.height });
  return [...found, ...lines(phone.width, await seriousViolations(page))];
}

/** Goes to `path` as the app's own links do (history and popstate, which the router follows). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  // A string, evaluated in the page: the e2e files are type-checked without the DOM library.
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(path)}); dispatchEvent(new PopStateEvent('popstate'))`);
}

/**
 * The tests of one pass over every route of the route table, signed out or signed in, on the demo
 * data: axe-core finds no serious or critical violation at 1280 px, nor once the same tab is
 * narrowed to 375 px (what a person resizing sees). An address that ends on a page already checked
 * in the pass (every private page signed out is the sign-in page) is checked once. Server-rendered
 * first loads are checked by the first page here and by the browser tests of each feature.
 * docs/product.md §Accessibility.
 */
export function checkEveryRoute(signedIn: boolean): void {
  const app = useTestApp();
  const browser = useBrowser(desktop);
  let seeded: SeededAddresses;

  beforeAll(async () => {
    seeded = await seedForAxe(app.orm.em.fork());
  }, 120_000);

  it('has one address to check for every route of the route table', () => {
    for (const pattern of routePatterns()) expect(seeded.paths.some((path) => matchesPattern(pattern, path)), pattern).toBe(true);
  });

  it('has no serious or critical axe-core violation on any route at 1280 and 375 px', async () => {
    const checked = new Set<string>();
    const found: string[] = [];
    // One tab, moved from route to route inside the app (as following links does): a fresh load
    // per route would spend most of the test starting the app. The first page is a full load.
    const page = await app.openAs(browser, signedIn ? { id: seeded.viewerId } : null, '/');
    try {
      for (const path of seeded.paths) {
        await page.setViewportSize({ width: desktop.width, height: desktop.height });
        await navigateInApp(page, path);
        const landedOn = new URL(page.url()).pathname;
        if (checked.has(landedOn)) continue;
        checked.add(landedOn);
        found.push(...(await violationsAtBothWidths(page, path)));
      }
    } finally {
      await page.close();
    }
    expect(found.join('\n')).toBe('');
  }, 600_000);
}
