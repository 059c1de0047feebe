import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import { precompress } from './build/precompress';
import { routePreloads } from './build/routePreloads';
import { splitDocuments } from './build/splitDocuments';

const clientDir = fileURLToPath(new URL('.', import.meta.url));
const apiServer = 'http://localhost:4000';
const inClient = (folder: string) => fileURLToPath(new URL(folder, import.meta.url));
/** The client's and domain's TypeScript modules (not main.tsx, which runs the app). */
const OWN_SOURCE = /[\\/](client[\\/]src[\\/](?!main\.tsx)|domain[\\/]).*\.tsx?$/;

function browserBuildOnly(plugin: Plugin): Plugin {
  return { ...plugin, apply: (_config, env) => env.command === 'build' && !env.isSsrBuild };
}

/** The server render's build is code for Node: the browser's public files (icons, the social card) stay out of it. */
const serverBuildWithoutPublicFiles: Plugin = {
  name: 'byline:server-build-without-public-files',
  config: (_config, env) => (env.isSsrBuild ? { build: { copyPublicDir: false } } : undefined),
};

export default defineConfig({
  root: clientDir,
  // The server render's build (`vite build --ssr`, for Node) needs neither compressed copies nor the route table.
  plugins: [splitDocuments(), react(), browserBuildOnly(routePreloads(inClient('./src/shell/routes.tsx'))), browserBuildOnly(precompress()), serverBuildWithoutPublicFiles],
  resolve: {
    // rxjs (Apollo's) ships ES5 under the default condition, with tslib's class helpers; its
    // `es2015` build is the same code as native classes: ~2 KB gz less on every first load.
    conditions: [...defaultClientConditions, 'es2015'],
    // One name per layer instead of ../../../ (kept in step with tsconfig.json's paths).
    alias: {
      '@domain': inClient('../domain'),
      '@features': inClient('./src/features'),
      '@gql': inClient('./src/gql'),
      '@router': inClient('./src/router/index.ts'),
      '@shell': inClient('./src/shell'),
      '@test': inClient('./src/test'),
      '@ui': inClient('./src/ui'),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No polyfill for <link rel="modulepreload"> (0.2 KB gz in every first load): every browser the
    // app supports has it, and where one does not, the links are ignored and modules load on import.
    modulePreload: {
      polyfill: false,
      // The page's own preloads (the shell's libraries) stay; a dynamic import lists no chunks
      // (Vite still adds its stylesheets itself). Vite would list every chunk each dynamic import
      // needs, so that they download beside it, and that list of ~150 hashed file names sits in the
      // shell (1.7 KB gz of every first load). Without it a page reached in the app fetches its
      // chunk, then the chunks it imports: a Link starts that on hover, focus or touch (router/Link.tsx),
      // and a page opened from outside gets its chunks named by the server (route-preloads).
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'html' ? deps : []),
    },
    rolldownOptions: {
      // Our own modules do nothing on import but define things (and import their CSS), so one
      // whose exports nobody uses can go. Without this, a feature's index.ts pulled every module
      // it re-exports (each imports CSS, which counts as a side effect) into whoever imported one
      // name from it: the top bar's search box brought the whole credits feature into the shell.
      treeshake: { moduleSideEffects: (id) => (OWN_SOURCE.test(id) ? false : undefined) },
      output: {
        // The first load of any route needs the shell, the libraries it runs on and the page's
        // chunk: the shell's modules go in two files (libraries, own code) instead of dozens of
        // small shared chunks, each of which costs a round trip on a slow network.
        codeSplitting: {
          groups: [
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'], priority: 2 },
            { name: 'shell', tags: ['$initial'], priority: 1 },
            // What nearly every page shows while loading or empty: one small file instead of three,
            // each of which had its own wrapper and request (0.4 KB gz less on a signed-in page).
            { name: 'page-common', test: /[\\/]client[\\/]src[\\/]ui[\\/](Skeleton|EmptyState|PageFrame)\.tsx$/, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: apiServer, ws: true, changeOrigin: true },
      '/api': { target: apiServer, changeOrigin: true },
    },
  },
  test: {
    name: 'client',
    root: clientDir,
    environment: 'jsdom',
    // Each file still gets its own modules (and mocks) in a fresh VM context, but the jsdom
    // environment is set up once per worker instead of once per file: 68 s → 44 s for the
    // project on a 2-core machine, all tests passing.
    pool: 'vmThreads',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/test/setup.ts'],
    // Stylesheets load empty in these tests, except one a test asks for as text (`?raw`) to
    // cascade it itself (ui/buttonStyles.test.tsx).
    css: { include: [/[?&]raw(?:&|$)/] },
    // Above the 10 s Testing Library waits for an element (src/test/setup.ts).
    testTimeout: 30_000,
  },
});
