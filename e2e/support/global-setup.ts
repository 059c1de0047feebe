import { existsSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { freePort } from '../../server/src/test-support/free-port.js';
import { CHROMIUM_FLAGS } from './chromium-flags.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The DevTools address of the run's one Chromium; each test file connects to it. */
    chromiumCdpEndpoint: string;
  }
}

/**
 * Once per run: checks that the built app and a Chromium are there, then launches the one
 * Chromium every browser test file shares. A launch and its close cost a second or two on a busy
 * machine, and each file used to pay that once per viewport; a browser context (own cookies,
 * storage, clock and viewport) costs tens of milliseconds and isolates as well. Files reach the
 * browser straight over the DevTools protocol, so their calls do not pass through this process.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const executablePath = process.env.CHROMIUM_PATH;
  if (!executablePath || !existsSync(executablePath)) {
    throw new Error('Browser tests need CHROMIUM_PATH (run them through `npm test`, which finds or installs Chromium).');
  }
  for (const file of ['dist/server/src/main.js', 'client/dist/index.html']) {
    if (!existsSync(file)) throw new Error(`Browser tests run the built app, but ${file} is missing: run \`npm run build\` (npm test does).`);
  }
  // A fixed free port, not a profile's DevToolsActivePort: with a persistent context, this
  // process's Playwright would adopt (and instrument) every page the test files open.
  const port = await freePort();
  const browser = await chromium.launch({ executablePath, headless: true, args: [...CHROMIUM_FLAGS, `--remote-debugging-port=${port}`] });
  try {
    project.provide('chromiumCdpEndpoint', await devToolsEndpoint(port));
  } catch (error) {
    await browser.close();
    throw error;
  }
  return () => browser.close();
}

/** The browser's DevTools address, once it answers on `port` (it listens just after launch). */
async function devToolsEndpoint(port: number): Promise<string> {
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      const version = (await (await fetch(`${endpoint}/json/version`)).json()) as { webSocketDebuggerUrl?: string };
      if (version.webSocketDebuggerUrl) return version.webSocketDebuggerUrl;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`Chromium's DevTools did not answer on port ${port} within 30 s`);
    await sleep(20);
  }
}
