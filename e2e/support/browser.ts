import path from 'node:path';
import { chromium, type Browser as ChromiumBrowser, type BrowserContext } from 'playwright-core';
import { afterAll, inject } from 'vitest';
import { withTabPool } from './tab-pool.js';

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

let connection: Promise<ChromiumBrowser> | null = null;

// One connection per test file, dropped when the file ends (closing a DevTools connection closes
// the contexts it made, not the browser, which lives for the run).
afterAll(async () => {
  const open = connection;
  connection = null;
  await (await open)?.close();
});

/**
 * A fresh browser context (own cookies, storage and viewport) in the run's one Chromium,
 * Debian's (never a downloaded one), launched by `e2e/support/global-setup.ts`. Its tabs are
 * recycled (`withTabPool`): a closed tab is reset and handed to the next `newPage()`.
 */
export async function launchBrowser(viewport: { width: number; height: number }): Promise<Browser> {
  connection ??= chromium.connectOverCDP(inject('chromiumCdpEndpoint'));
  const context = await (await connection).newContext({ viewport });
  return { context: withTabPool(context), close: () => context.close() };
}

export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');
