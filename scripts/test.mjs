// `npm test`: domain unit tests, server integration tests on a real PostgreSQL, client
// component tests, and browser tests in Chromium against the built app — in one vitest run.
// Extra arguments go to vitest (e.g. `npm test -- --project server`).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureChromium } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const args = process.argv.slice(2);
const run = (command, commandArgs, env = process.env) => {
  const result = spawnSync(command, commandArgs, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

/** Runs the commands side by side (each is mostly one busy core); exits if any fails. */
const runTogether = async (...commands) => {
  const codes = await Promise.all(
    commands.map(
      ([command, commandArgs]) =>
        new Promise((resolve) => spawn(command, commandArgs, { cwd: root, stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1))),
    ),
  );
  const failed = codes.find((code) => code !== 0);
  if (failed !== undefined) process.exit(failed);
};

const onlySome = args.some((arg) => arg.startsWith('--project')) && !args.includes('e2e');
let chromium = process.env.CHROMIUM_PATH ?? '';
if (!onlySome) {
  try {
    chromium = ensureChromium();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
  // The browser tests run the app as it ships: compiled server and built client (`npm run
  // build`, its two halves at once). The server is emitted without type checking (`--noCheck`:
  // the same files byte for byte, a third of the CPU); `npm run typecheck` checks the types.
  await runTogether(['npx', ['tsc', '-p', 'tsconfig.server.json', '--noCheck']], ['npm', ['run', 'build:client']]);
}
// Vitest's default on a 2-core machine is one worker (cores - 1), which ran every file in turn
// while the server files mostly wait (on PostgreSQL, on timeouts they test: the server project
// used 120 s of CPU in 209 s with two workers). Three files at once keep both cores busy with
// browser files beside waiting ones. Given on the command line, not in vitest.config.ts, because
// a project from its own config file (the client's) does not take the root's limit there, and
// vitest refuses projects with different limits in one group.
const workers = args.some((arg) => arg.startsWith('--maxWorkers')) ? [] : ['--maxWorkers=3'];
// Tests that start a server as a process of its own (tests of recovery, the cluster check) run
// the server just built rather than compiling the sources once more in each process.
const builtServer = onlySome ? {} : { BYLINE_TEST_BUILT_SERVER: 'dist/server/src/main.js' };
// Node's compile cache (V8 code cache on disk) for the run: vitest's workers, and above all the
// app each browser test file starts as a process of its own (about forty a run), which spent a
// fifth of its start compiling the same modules again; with the cache the next start reads them.
// Node checks each entry against the module's source and compiles afresh when it does not match
// or cannot be read: a quiet optimization. Kept in node_modules (ignored by git; a clean clone starts empty).
const compileCache = process.env.NODE_COMPILE_CACHE ? {} : { NODE_COMPILE_CACHE: path.join(root, 'node_modules', '.cache', 'node-compile') };
run('npx', ['vitest', 'run', ...workers, ...args], { ...process.env, CHROMIUM_PATH: chromium, ...builtServer, ...compileCache });
