import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { loadConfig } from '../../server/src/config.js';
import type { MikroORM } from '../../server/src/db/orm.js';
import { openOrm } from '../../server/src/registry.js';
import { createTestDatabase, type TestDatabase } from '../../server/src/test-support/database.js';
import { createSession } from '../../server/src/test-support/factories.js';
import { launchBrowser, SCREENSHOT_DIR, type Browser } from './browser.js';
import { E2E_JWT_SECRET, startBuiltApp, type BuiltApp } from './built-app.js';
import { appReady } from './pages.js';

/** The two widths every browser test runs at: a phone and a desktop. */
export interface Viewport {
  name: 'phone' | 'desktop';
  width: number;
  height: number;
}

export const VIEWPORTS: readonly Viewport[] = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1280, height: 800 },
];

/**
 * A server the app talks to in a test (the fixture networks, the Stripe stand-in, a mail
 * capture), started before the app, with the environment that points the app at it.
 */
export interface Dependency {
  env: Record<string, string>;
  /** Told the app's address once it is up (the Stripe stand-in sends its webhooks there). */
  appStarted?(appUrl: string): void;
  stop(): Promise<void>;
}

export type StartDependency = () => Promise<Dependency>;

export interface TestAppOptions {
  /** Start what the app needs, in this order, before it starts; stopped after it, last first. */
  dependsOn?: StartDependency | readonly StartDependency[];
  /** Settings of the app's own, e.g. a higher sign-in attempt limit for a file that signs in often. */
  env?: Record<string, string>;
}

/** Someone to sign in as: only the id counts. */
type Person = { id: number };

/** The built app of one test file, on its own database, and the ways a browser signs in to it. */
export interface TestApp {
  readonly url: string;
  readonly databaseUrl: string;
  /** For the test's own data (factories) and checks. */
  readonly orm: MikroORM;
  /** Leaves `browser` signed in as `user` only (its session cookie), or signed out for null. */
  signIn(browser: Browser, user: Person | null): Promise<void>;
  /** A real stored session of `user`: its access token (for a Bearer header or cookie) and refresh token. */
  sessionFor(user: Person): Promise<{ accessToken: string; refreshToken: string }>;
  /** Signs `browser` in with a real stored session and its refresh cookie, as the sign-in page would. */
  signInWithSession(browser: Browser, user: Person): Promise<void>;
  /** A new tab of `browser` signed in as `user` (or signed out), opened at `path`. */
  openAs(browser: Browser, user: Person | null, path: string): Promise<Page>;
}

/**
 * For the whole test file: a fresh database, the built app (`dist/`) on it and an ORM for the
 * test's data, torn down when the file ends. The fields can be read once the file's beforeAll
 * hooks have run (inside tests and later hooks).
 */
export function useTestApp(options: TestAppOptions = {}): TestApp {
  let database: TestDatabase | undefined;
  const dependencies: Dependency[] = [];
  let app: BuiltApp | undefined;
  let orm: MikroORM | undefined;
  const starters = options.dependsOn === undefined ? [] : typeof options.dependsOn === 'function' ? [options.dependsOn] : options.dependsOn;

  beforeAll(async () => {
    database = await createTestDatabase();
    for (const start of starters) dependencies.push(await start());
    const dependencyEnv = Object.assign({}, ...dependencies.map((dependency) => dependency.env)) as Record<string, string>;
    app = await startBuiltApp(database.url, { ...dependencyEnv, ...options.env });
    for (const dependency of dependencies) dependency.appStarted?.(app.url);
    orm = await openOrm(database.url);
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });

  afterAll(async () => {
    await orm?.close();
    await app?.stop();
    for (const dependency of dependencies.splice(0).reverse()) await dependency.stop();
    await database?.drop();
  });

  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the test app is not started yet: use it inside tests or hooks');
    return value;
  };

  const testApp: TestApp = {
    get url() {
      return started(app).url;
    },
    get databaseUrl() {
      return started(database).url;
    },
    get orm() {
      return started(orm);
    },
    async signIn(browser, user) {
      await browser.context.clearCookies();
      if (user) await browser.context.addCookies([sessionCookie('byline_session', started(app).tokenFor(user.id))]);
    },
    async sessionFor(user) {
      const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: started(database).url, JWT_SECRET: E2E_JWT_SECRET });
      const { accessToken, refreshToken } = await createSession(started(orm).em.fork(), config, user.id);
      return { accessToken, refreshToken };
    },
    async signInWithSession(browser, user) {
      const { accessToken, refreshToken } = await testApp.sessionFor(user);
      await browser.context.clearCookies();
      await browser.context.addCookies([sessionCookie('byline_session', accessToken), sessionCookie('byline_refresh', refreshToken)]);
    },
    async openAs(browser, user, path) {
      await testApp.signIn(browser, user);
      const page = await browser.context.newPage();
      await page.goto(`${testApp.url}${path}`);
      // A server-rendered page is on screen before the app runs in it; a click then would do nothing.
      await appReady(page);
      return page;
    },
  };

  function sessionCookie(name: string, value: string) {
    return { name, value, url: started(app).url, httpOnly: true, sameSite: 'Lax' as const };
  }

  return testApp;
}

/**
 * A browser context at `viewport` for the enclosing describe: opened before its tests, closed
 * after them. Usable as a Browser once the describe's beforeAll hooks have run.
 */
export function useBrowser(viewport: Viewport): Browser {
  let browser: Browser | undefined;
  beforeAll(async () => {
    browser = await launchBrowser({ width: viewport.width, height: viewport.height });
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    get context() {
      if (!browser) throw new Error('the browser is not open yet: use it inside tests or hooks');
      return browser.context;
    },
    close: async () => browser?.close(),
  };
}

/** The page is no wider than the screen: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page, width: number): Promise<void> {
  // A string, evaluated in the page: the e2e files are type-checked without the DOM library.
  expect(Number(await page.evaluate('document.documentElement.scrollWidth'))).toBeLessThanOrEqual(width);
}
