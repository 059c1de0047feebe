/**
 * `npm run bench` starts under `@swc-node/register`, whose module hooks answer every module
 * resolution from a worker thread. MikroORM resolves `import('@mikro-orm/core/dataloader')` on
 * each request's first relation load, so under the hooks a `posts(first: 20)` request spends
 * about a third of its CPU time resolving modules, a cost the compiled server (`npm start`) never pays. By
 * default the benchmark therefore compiles itself and the server with tsc (as `npm run build` does)
 * and runs that in a plain Node process; `--from-sources` measures straight from the TypeScript.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

/** Inside results/ because that folder is ignored by git and ESLint alike. */
const BUILD_MARKER = '/bench/results/.build/';
const BENCH_DIR = fileURLToPath(new URL(import.meta.url.includes(BUILD_MARKER) ? '../../../' : './', import.meta.url));

/** The bench folder, wherever this file runs from (sources, or the compiled copy in bench/results/.build). */
export function benchDir(): string {
  return BENCH_DIR;
}

export function isCompiledRun(): boolean {
  return import.meta.url.includes(BUILD_MARKER);
}

/** Compiles bench/run.ts and what it imports into bench/results/.build, runs it, and returns its exit code. */
export function runCompiled(argv: readonly string[]): number {
  const buildDir = `${BENCH_DIR}results/.build`;
  rmSync(buildDir, { recursive: true, force: true });
  console.log('Compiling the benchmark and the server (tsc)…');
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const compile = spawnSync(process.execPath, [tsc, '-p', `${BENCH_DIR}tsconfig.build.json`], { stdio: 'inherit' });
  const entry = `${buildDir}/bench/run.js`;
  // tsc still writes its output when types elsewhere in the tree are wrong; only a missing entry is fatal.
  if (!existsSync(entry)) {
    console.error('The benchmark did not compile; run it from the sources with --from-sources.');
    return compile.status ?? 1;
  }
  if (compile.status !== 0) console.warn('tsc reported type errors (above); running the compiled output anyway.');
  const run = spawnSync(process.execPath, [entry, ...argv], { stdio: 'inherit' });
  return run.status ?? 1;
}
