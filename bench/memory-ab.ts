/**
 * Memory A/B of server flags: `BENCH_AB_SIDES="base=|hgp70=--heap-growing-percent=70" npm run
 * bench:memory -- DB_URL [scenarios=feed,post,profile,explore,search,notifications] [rounds=3]
 * [requests=200] [concurrency=32]`. One compiled build (`npm run bench` once), one server process
 * per side, each with the production flags (runtime-flags.ts) and then its own (a later flag wins),
 * over a database both read (a kept folder held by bench/hold-postgres.ts). Every round sends each
 * scenario's slice to every side in turn (the order flipping each round), so the sides share the
 * machine's minutes and serve the same sequence of pages, as a whole `npm run bench` does. Per
 * side: peak RSS (/proc, every 50 ms) and what it consisted of at its peak (memory-probe.ts), and
 * per scenario the p99 over all its slices' latencies, median req/s and server CPU per request.
 */
import 'reflect-metadata';
import os from 'node:os';
import { openOrm } from '../server/src/registry.js';
import { cpuMs, samplePeakMemory, startChild, type BenchChild } from './children.js';
import { loadFixtures } from './fixtures.js';
import { median, percentile, runLoad } from './load.js';
import { askByline, buildScenarios } from './scenarios.js';

interface Side {
  name: string;
  flags: string[];
  server: BenchChild;
  byScenario: Map<string, { latencies: number[]; requestsPerSecond: number[]; cpu: number[] }>;
}

const [databaseUrl, scenarioWords = 'feed,post,profile,explore,search,notifications', rounds = '3', requests = '200', concurrency = '32'] = process.argv.slice(2);
const sideSpecs = (process.env.BENCH_AB_SIDES ?? 'base=').split('|').map((spec) => {
  const [name = '', flags = ''] = spec.split('=', 2).length === 2 ? [spec.slice(0, spec.indexOf('=')), spec.slice(spec.indexOf('=') + 1)] : [spec, ''];
  return { name, flags: flags.split(/\s+/).filter(Boolean) };
});
if (!databaseUrl) throw new Error('usage: memory-ab.ts DB_URL [scenarios] [rounds] [requests] [concurrency], sides in BENCH_AB_SIDES="a=flags|b=flags"');

async function start(name: string, flags: string[]): Promise<Side> {
  const server = await startChild('server-process', databaseUrl!, { flags, memoryProbe: true }).catch((error: unknown) => {
    throw new Error(`${name}: ${error instanceof Error ? error.message : String(error)}`);
  });
  return { name, flags, server, byScenario: new Map() };
}

const orm = await openOrm(databaseUrl);
const fixtures = await loadFixtures(orm.em.fork());
const all = buildScenarios(fixtures);
const scenarios = scenarioWords.split(',').map((word) => {
  const found = all.find((candidate) => candidate.name.toLowerCase().includes(word.toLowerCase()));
  if (!found) throw new Error(`no scenario named like "${word}"`);
  return found;
});
// Each server holds up to 16 PostgreSQL connections (ORM pool, queue, pub/sub): four sides stay
// under the embedded server's 100.
if (sideSpecs.length > 4) throw new Error('at most 4 sides at once (PostgreSQL connections)');
const sides: Side[] = [];
const stopAll = () => Promise.all(sides.map((side) => side.server.stop()));
for (const spec of sideSpecs) sides.push(await start(spec.name, spec.flags));
const memory = new Map(sides.map((side) => [side, samplePeakMemory(side.server.pid)]));

for (const side of sides) for (const scenario of scenarios) await runLoad((index) => askByline(side.server.url, scenario, index, fixtures.viewer.token).then(() => undefined), 40, 4);
for (const side of sides) await side.server.memoryPeak(); // a new window: the peak after warming up
const load = [os.loadavg()[0]!];
let first = 0;
for (let round = 0; round < Number(rounds); round++) {
  for (const scenario of scenarios) {
    const order = round % 2 === 0 ? sides : [...sides].reverse();
    for (const side of order) {
      const entry = side.byScenario.get(scenario.name) ?? { latencies: [], requestsPerSecond: [], cpu: [] };
      side.byScenario.set(scenario.name, entry);
      const cpuBefore = cpuMs(side.server.pid) ?? 0;
      const result = await runLoad(async (index) => {
        const started = performance.now();
        scenario.check(await askByline(side.server.url, scenario, first + index, fixtures.viewer.token));
        entry.latencies.push(performance.now() - started);
      }, Number(requests), Number(concurrency));
      if (result.errors > 0) throw new Error(`${side.name}: ${result.errors} errors, first: ${result.firstError}`);
      entry.requestsPerSecond.push(result.requestsPerSecond);
      entry.cpu.push(((cpuMs(side.server.pid) ?? 0) - cpuBefore) / Number(requests));
    }
    first += Number(requests);
  }
  load.push(os.loadavg()[0]!);
}

console.log(`load average (1 min) over the run: ${load.map((value) => value.toFixed(1)).join(' → ')}`);
for (const side of sides) {
  const peak = await side.server.memoryPeak();
  console.log(`\n${side.name} (${side.flags.join(' ') || 'production flags only'}): peak RSS ${memory.get(side)!.stop()} MB`);
  if (peak) {
    const spaces = Object.entries(peak.spaces).map(([name, space]) => `${name} ${space.committed}/${space.used}`).join(', ');
    console.log(`  at its peak: rss ${peak.rss} (anon ${peak.rssAnon}, file ${peak.rssFile}), heap committed ${peak.heapTotal} used ${peak.heapUsed}, external ${peak.external} (arrayBuffers ${peak.arrayBuffers})`);
    console.log(`  spaces committed/used MB: ${spaces}`);
    console.log(`  highest over the run: heap committed ${peak.highest.heapTotal}, anonymous outside the heap ${peak.highest.outsideHeap}`);
    const gc = peak.gc;
    console.log(`  GC pauses: ${gc.major} mark-compact ${gc.majorMs} ms (longest ${gc.majorMaxMs}), ${gc.minor} scavenges ${gc.minorMs} ms (longest ${gc.minorMaxMs})`);
  }
  for (const [name, entry] of side.byScenario) {
    const sorted = [...entry.latencies].sort((a, b) => a - b);
    console.log(`  ${name.padEnd(30)} p50 ${percentile(sorted, 50).toFixed(1)} p99 ${percentile(sorted, 99).toFixed(1)} ms, ${median(entry.requestsPerSecond).toFixed(0)} req/s, CPU ${median(entry.cpu).toFixed(2)} ms/req (medians of ${entry.cpu.length} slices)`);
  }
}
await stopAll();
await orm.close();
