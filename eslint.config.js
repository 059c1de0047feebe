// @ts-check
import { readdirSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The client's layers point one way (docs: DESIGN "Conventions"): `features/*` may use `ui/` and
 * the shell's services; `ui/` uses neither; a feature reaches another only through its index.ts;
 * anything outside a file's own folder (or feature) goes by its alias, never by `../../`.
 * `no-restricted-imports` replaces its whole option list per file, so each folder gets one
 * complete list, made here.
 */
const TEST_FILES = '*.test.{ts,tsx}';
const SOURCE_FILES = '*.{ts,tsx}';
const featureNames = readdirSync(path.join(import.meta.dirname, 'client/src/features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** @typedef {{ regex: string, message: string }} Restriction */
/** @type {Restriction[]} */
const EVERY_CLIENT_FILE = [
  {
    regex: '^@features/[^/]+/',
    message: "Another feature is reached through what it exports on purpose: import from '@features/<name>' (its index.ts).",
  },
];
/** @type {Restriction} */
const NO_TEST_HELPERS = { regex: '^@test/', message: 'Test helpers are for tests only.' };
/** @type {Restriction} */
const UI_USES_NEITHER = {
  regex: '^@(features|shell)(/|$)|^@test/renderApp$',
  message: 'ui/ is shared by every layer, so it uses neither features nor the shell: move the piece that needs them to a feature or the shell.',
};
/** @param {string} feature @returns {Restriction} */
const ownFeatureRelatively = (feature) => ({
  regex: `^@features/${feature}(/|$)`,
  message: 'Inside a feature, import its own modules relatively (its index.ts is for the others).',
});
/** @param {number} depth @returns {Restriction} */
const leavingFolder = (depth) => ({
  regex: `^(\\.\\./){${depth}}`,
  message: 'This climbs out of its folder: import another layer by its alias (@domain, @ui, @router, @shell, @features, @gql, @test).',
});

/**
 * One config per folder depth (files right in `dir`, one folder down, two down), test files apart:
 * they may use the test helpers.
 * @param {string} dir @param {Restriction[]} extra @param {number[]} depths
 */
function layer(dir, extra, depths = [1, 2, 3]) {
  return depths.flatMap((depth) => {
    const prefix = `${dir}/${'*/'.repeat(depth - 1)}`;
    const patterns = [...EVERY_CLIENT_FILE, ...extra, leavingFolder(depth)];
    return [
      { files: [prefix + SOURCE_FILES], ignores: [prefix + TEST_FILES], rules: { 'no-restricted-imports': ['error', { patterns: [...patterns, NO_TEST_HELPERS] }] } },
      { files: [prefix + TEST_FILES], rules: { 'no-restricted-imports': ['error', { patterns }] } },
    ];
  });
}

const clientLayers = [
  ...layer('client/src', [], [1]),
  ...layer('client/src/shell', []),
  ...layer('client/src/test', []),
  ...layer('client/src/ui', [UI_USES_NEITHER]),
  // The router is a library kept in the tree: every layer uses it, it uses none of them.
  ...layer('client/src/router', [UI_USES_NEITHER, { regex: '^@(ui|domain|gql)(/|$)', message: 'The router uses nothing of the app.' }]),
  ...featureNames.flatMap((feature) => layer(`client/src/features/${feature}`, [ownFeatureRelatively(feature)])),
  {
    // Only the route table loads a page module of a feature by its path (lazily: one chunk each).
    files: ['client/src/**/*.{ts,tsx}'],
    ignores: ['client/src/shell/routes.tsx', `client/src/**/${TEST_FILES}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression > Literal[value=/^@features/]', message: "Only the shell's route table loads a feature's page by path." },
      ],
    },
  },
];

/**
 * Server modules speak to each other through their index.ts only (docs/architecture.md, "Modules"):
 * a file of `server/src/modules/<name>/` may import its own module's files and another module's
 * index.ts, never another module's files. Files outside the modules (the registry, app.ts, seed,
 * test support) use the index.ts too, and the infrastructure (db/, graphql/, http/, queue/,
 * pubsub/, errors/) imports no module at all: it is handed what it needs (registry.ts).
 */
const serverModuleNames = readdirSync(path.join(import.meta.dirname, 'server/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const MODULE_INTERNALS_MESSAGE = "Another module is reached through what it exports on purpose: import from its index.ts ('../<module>/index.js').";
const serverModuleLayers = serverModuleNames.flatMap((name) =>
  [1, 2, 3, 4, 5].map((depth) => ({
    files: [`server/src/modules/${name}/${'*/'.repeat(depth - 1)}*.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: `^(\\.\\./){${depth}}(?!${name}/)[^./][^/]*/(?!index\\.js$)`, message: MODULE_INTERNALS_MESSAGE }] },
      ],
    },
  })),
);
const serverOutsideModules = [
  {
    files: ['server/src/*.ts', 'server/src/{seed,test-support,cluster}/**/*.ts', 'bench/**/*.ts', 'e2e/**/*.ts', 'scripts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)modules/[^/]+/(?!index\\.js$)', message: MODULE_INTERNALS_MESSAGE }] }] },
  },
  {
    files: ['server/src/{db,graphql,http,queue,pubsub,errors}/**/*.ts'],
    ignores: ['server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)modules/', message: 'Infrastructure imports no module: take what it needs as an argument (the registry, server/src/registry.ts, hands over the modules\' lists).' }] },
      ],
    },
  },
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', 'dist/**', 'client/dist/**', 'client/dist-ssr/**', 'client/src/gql/**', '.data/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // type-graphql resolvers list classes as `Function`.
      '@typescript-eslint/no-unsafe-function-type': 'off',
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...clientLayers,
  ...serverModuleLayers,
  ...serverOutsideModules,
  {
    // Server test files share one module graph (vitest.config.ts: isolate false), so a file may
    // not leave mocks, stubbed globals or changed environment variables behind for the next.
    files: ['server/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'stubGlobal', 'stubEnv', 'resetModules', 'useFakeTimers'].map((property) => ({
          object: 'vi',
          property,
          message: 'Server test files share one module graph: use real servers and per-file data instead of mocks or global changes.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "AssignmentExpression > MemberExpression.left[object.type='MemberExpression'][object.object.name='process'][object.property.name='env']",
          message: 'Server test files share one process: pass settings to the server under test instead of changing process.env.',
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs', '.ci/**'],
    languageOptions: { globals: { process: 'readonly', console: 'readonly', URL: 'readonly' } },
  },
);
