import { createRequire } from 'node:module';
import { defineConfig } from 'vitest/config';
import InterleavedSequencer from './scripts/interleaved-sequencer.js';

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
    // Browser and server files side by side from start to end (scripts/interleaved-sequencer.ts).
    sequence: { sequencer: InterleavedSequencer },
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
          // One module graph for all server files: importing type-graphql, MikroORM and Apollo
          // once instead of once per file took the project from about 3 minutes to under 2 on
          // a busy 2-core machine. Safe because each file builds its own database and servers
          // and none mocks modules or changes globals (eslint.config.js forbids it in server tests).
          isolate: false,
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
          // Browser tests import server modules (factories, module indexes with resolvers) for their
          // data: type-graphql's decorators need the metadata polyfill loaded first, as on the server.
          setupFiles: ['reflect-metadata'],
          // A browser flow runs 3-4 times slower inside the whole suite than alone (two cores shared
          // by browsers, app servers and PostgreSQL): a 16 s team flow took over 60 s there.
          testTimeout: 180_000,
          hookTimeout: 180_000,
          // A poll waits for the page (its chunks and data come over HTTP), up to 10 s on a busy
          // machine; it looks often, since each look is one cheap round trip to the browser.
          expect: { poll: { timeout: 10_000, interval: 25 } },
        },
      },
    ],
  },
});
