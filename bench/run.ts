/**
 * `npm run bench [-- --size 20000 --requests 200 --concurrency 1,10,32 --keep-data DIR --only feed,search --seed --show-sql --from-sources]`
 * See bench/README.md. By default the benchmark runs compiled (see compiled.ts for why).
 */
import { parseArgs } from './args.js';
import { isCompiledRun, runCompiled } from './compiled.js';

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const args = parseArgs(argv);
  if (!args.fromSources && !isCompiledRun()) {
    process.exitCode = runCompiled(argv);
    return;
  }
  const { runBenchmark } = await import('./benchmark.js');
  await runBenchmark(args);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
