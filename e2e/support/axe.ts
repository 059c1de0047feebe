import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** axe-core's browser bundle, injected into each page checked. */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** One rule broken on a page, with where: enough to find and fix it from the test's output. */
export interface AxeViolation {
  rule: string;
  impact: string;
  help: string;
  targets: string[];
}

interface AxeResultsInPage {
  violations: Array<{ id: string; impact: string | null; help: string; nodes: Array<{ target: unknown[] }> }>;
}

/** What the product must never ship: axe-core's serious and critical findings. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * Runs axe-core over the page as it is now and returns its serious and critical violations. Every
 * rule axe runs by default is checked (WCAG 2.x A and AA, and its best practices).
 */
export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Evaluated rather than added as a script tag, which the page's Content Security Policy refuses.
  if (!(await page.evaluate('typeof globalThis.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  // A string, evaluated in the page: the e2e files are type-checked without the DOM library.
  const results = (await page.evaluate('axe.run(document, { resultTypes: ["violations"] })')) as AxeResultsInPage;
  return results.violations
    .filter((violation) => violation.impact !== null && BLOCKING_IMPACTS.has(violation.impact))
    .map((violation) => ({
      rule: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.map(String).join(' ')),
    }));
}

/**
 * Waits until the page shows what it loaded: no request in flight for Playwright's idle window,
 * and nothing marked busy (skeletons, tables loading). Checking earlier would test a skeleton.
 */
export async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page.locator('[aria-busy="true"]').first().waitFor({ state: 'detached' });
}
