import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

// Quiet on a closed network: no background fetches to Google's hosts.
const FLAGS = ['--headless', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-sandbox'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** Debian's Chromium (never a downloaded one) with its own throw-away profile. */
export async function launchBrowser(viewport: { width: number; height: number }): Promise<Browser> {
  const profile = mkdtempSync(path.join(tmpdir(), 'byline-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_PATH,
    headless: true,
    args: FLAGS,
    viewport,
  });
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

export const SCREENSHOT_DIR = path.resolve('e2e/screenshots');
