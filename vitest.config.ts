import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';

/**
 * One run, four projects: pure domain rules, server integration tests against a real
 * PostgreSQL, client components in jsdom, and browser tests in Chromium against the built app.
 */
/**
 * Server code must load graphql the way Node does (its CJS `main`, as type-graphql and Apollo
 * do): otherwise it is loaded twice (ESM for our files, CJS for them) and schema checks fail.
 */
const nodeResolution = { alias: [{ find: /^graphql$/, replacement: createRequire(import.meta.url).resolve('graphql') }] };

export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'domain', include: ['domain/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: nodeResolution,
        test: {
          name: 'server',
          include: ['server/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test-support/global-setup.ts'],
          setupFiles: ['reflect-metadata'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      'client/vite.config.ts',
      {
        resolve: nodeResolution,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/src/test-support/global-setup.ts', 'e2e/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // A poll waits for the page (its chunks and data come over HTTP), up to 10 s on a busy
          // machine; it looks often, since each look is one cheap round trip to the browser.
          expect: { poll: { timeout: 10_000, interval: 25 } },
        },
      },
    ],
  },
});
