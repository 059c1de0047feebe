import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';
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
  const profile = mkdtempSync(path.join(tmpdir(), 'byline-chromium-'));
  // Port 0: Chromium picks a free port and writes it to DevToolsActivePort in the profile.
  const owner = await chromium.launchPersistentContext(profile, { executablePath, headless: true, args: [...CHROMIUM_FLAGS, '--remote-debugging-port=0'] });
  try {
    project.provide('chromiumCdpEndpoint', await devToolsEndpoint(profile));
  } catch (error) {
    await owner.close();
    throw error;
  }
  return async () => {
    await owner.close();
    rmSync(profile, { recursive: true, force: true });
  };
}

/** `ws://127.0.0.1:{port}{path}` from the file Chromium writes once its DevTools server listens. */
async function devToolsEndpoint(profile: string): Promise<string> {
  const file = path.join(profile, 'DevToolsActivePort');
  const deadline = Date.now() + 30_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error('Chromium did not open its DevTools port within 30 s');
    await sleep(20);
  }
  const [port, browserPath] = readFileSync(file, 'utf8').split('\n');
  return `ws://127.0.0.1:${port}${browserPath}`;
}
