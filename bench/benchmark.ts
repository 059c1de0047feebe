/**
 * Prepares the database (database.ts), starts Byline and the raw SQL baseline in two child
 * processes (children.ts), checks that both answer every scenario with the same data, then loads
 * both in turn at each concurrency. Prints a table and writes bench/results/latest.json.
 */
import 'reflect-metadata';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pino } from 'pino';
import type { BenchArgs } from './args.js';
import { cpuMs, postgresCpuMs, postmasterOf, samplePeakMemory, startChild, type BenchChild } from './children.js';
import { compareAnswers } from './compare.js';
import { measureCreatorViewers } from './creator-viewers.js';
import { benchDir, isCompiledRun } from './compiled.js';
import { prepareDatabase } from './database.js';
import { loadFixtures } from './fixtures.js';
import { runLoad } from './load.js';
import { printTable, type Row } from './report.js';
import { askByline, askRaw, buildScenarios, type Scenario } from './scenarios.js';

/** Requests compared field by field per scenario, before any load (covers each explore variant and search word). */
const CHECKED_REQUESTS = 10;
/**
 * Requests sent to each side before a scenario is measured. V8 optimizes a function only after
 * many calls, on a background thread that shares the machine's two cores with the run: with 20,
 * the first scenario (the feed) was measured while the server's GraphQL path was still being
 * compiled (2.9-3.5 ms of CPU a request against 2.2-2.5 once warm).
 */
const WARM_UP_REQUESTS = 200;
const COUNTED_REQUESTS = 5;

export async function runBenchmark(args: BenchArgs): Promise<void> {
  console.log(`Running ${isCompiledRun() ? 'compiled (bench/results/.build)' : 'from the TypeScript sources'}.`);
  const database = await prepareDatabase(args, pino({ level: 'warn' }));
  let ours: BenchChild | null = null;
  let raw: BenchChild | null = null;
  try {
    const em = database.orm.em.fork();
    const [stats] = await em.execute<Array<{ posts: string; users: string; accounts: string; documents: string; version: string }>>(
      `select (select count(*) from posts) as posts, (select count(*) from users) as users, (select count(*) from social_accounts) as accounts,
              (select count(*) from search_documents) as documents, current_setting('server_version') as version`,
    );
    console.log(`Data: ${Number(stats?.posts).toLocaleString('en-US')} posts, ${Number(stats?.users).toLocaleString('en-US')} users, ${Number(stats?.accounts).toLocaleString('en-US')} accounts, ${Number(stats?.documents).toLocaleString('en-US')} search documents.`);
    const [backend] = await em.execute<Array<{ pid: number }>>('select pg_backend_pid() as pid');
    const postmaster = backend ? postmasterOf(Number(backend.pid)) : null;
    const fixtures = await loadFixtures(em);
    const token = fixtures.viewer.token;
    ours = await startChild('server-process', database.url);
    raw = await startChild('raw-server', database.url);
    const scenarios = buildScenarios(fixtures).filter((scenario) => args.only.length === 0 || args.only.some((word) => scenario.name.toLowerCase().includes(word)));

    const rows: Row[] = [];
    const checks: Array<{ scenario: string; requests: number; comparedValues: number }> = [];
    for (const scenario of scenarios) {
      console.log(`\n${scenario.name}`);
      const sendOurs = (index: number) => askByline(ours!.url, scenario, index, token).then((data) => scenario.check(data));
      const sendRaw = (index: number) => askRaw(raw!.url, scenario, index, token).then((data) => scenario.check(data));
      if (scenario.rawPath) checks.push({ scenario: scenario.name, requests: CHECKED_REQUESTS, comparedValues: await checkSameData(ours, raw, scenario, token) });
      await runLoad(sendOurs, WARM_UP_REQUESTS, 2); // JIT, pools, caches
      if (scenario.rawPath) await runLoad(sendRaw, WARM_UP_REQUESTS, 2);
      const statements = await ours.countStatements(async () => {
        for (let index = 0; index < COUNTED_REQUESTS; index++) await sendOurs(index);
      });
      if (args.showSql) console.log(`  ${COUNTED_REQUESTS} requests sent:\n    ${statements.join('\n    ')}`);
      for (const concurrency of args.concurrency) {
        // One request per connection first, on both sides, unmeasured: the run then measures
        // answers over `concurrency` open connections, as wrk or autocannon do. Under load the
        // server's event loop takes new connections in one at a time, a turn of the loop apart
        // (15–45 ms here), so 22 new connections at the start of a 200-request run were most of
        // our p99 at 32 (docs/perf/history.md, "Tenth round"); the raw baseline's turns are far shorter.
        await runLoad(sendOurs, concurrency, concurrency);
        const memory = samplePeakMemory(ours.pid);
        const oursCpu = cpuPerRequest(() => cpuMs(ours!.pid), args.requests);
        const oursPostgresCpu = cpuPerRequest(() => (postmaster === null ? null : postgresCpuMs(postmaster)), args.requests);
        const oursResult = await runLoad(sendOurs, args.requests, concurrency);
        const cpuMsPerRequest = oursCpu.stop();
        const postgresCpuMsPerRequest = oursPostgresCpu.stop();
        const peakRssMb = memory.stop();
        const rawCpu = cpuPerRequest(() => cpuMs(raw!.pid), args.requests);
        const rawPostgresCpu = cpuPerRequest(() => (postmaster === null ? null : postgresCpuMs(postmaster)), args.requests);
        if (scenario.rawPath) await runLoad(sendRaw, concurrency, concurrency);
        const rawResult = scenario.rawPath ? await runLoad(sendRaw, args.requests, concurrency) : null;
        const rawCpuMsPerRequest = scenario.rawPath ? rawCpu.stop() : null;
        const rawPostgresCpuMsPerRequest = scenario.rawPath ? rawPostgresCpu.stop() : null;
        const row: Row = {
          scenario: scenario.name,
          concurrency,
          ours: oursResult,
          raw: rawResult,
          sqlPerRequest: statements.length / COUNTED_REQUESTS,
          peakRssMb,
          cpuMsPerRequest,
          rawCpuMsPerRequest,
          postgresCpuMsPerRequest,
          rawPostgresCpuMsPerRequest,
        };
        rows.push(row);
        console.log(`  conc ${concurrency}: ours ${oursResult.requestsPerSecond.toFixed(0)} req/s p99 ${oursResult.p99Ms} ms CPU ${cpuMsPerRequest ?? '-'} + PG ${postgresCpuMsPerRequest ?? '-'} ms/req${rawResult ? `; raw ${rawResult.requestsPerSecond.toFixed(0)} req/s p99 ${rawResult.p99Ms} ms CPU ${rawCpuMsPerRequest ?? '-'} + PG ${rawPostgresCpuMsPerRequest ?? '-'} ms/req` : ''}`);
      }
    }

    printTable(rows);
    const creatorViewers = args.only.length === 0 || args.only.some((word) => 'creator search'.includes(word)) ? await measureCreatorViewers(database.orm) : [];
    const report = {
      date: new Date().toISOString(),
      machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), load: os.loadavg(), node: process.version, postgres: stats?.version ?? null },
      database: database.kind,
      server: isCompiledRun() ? 'compiled with tsc, plain node' : 'TypeScript sources under @swc-node/register',
      data: { posts: Number(stats?.posts ?? 0), users: Number(stats?.users ?? 0), accounts: Number(stats?.accounts ?? 0), searchDocuments: Number(stats?.documents ?? 0) },
      seeding: { seeded: database.seeded, indexedMs: database.indexedMs, indexedDocuments: database.indexedDocuments },
      requestsPerRun: args.requests,
      sameDataChecks: checks,
      results: rows,
      creatorViewers,
    };
    const resultsDir = path.join(benchDir(), 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
    if (rows.some((row) => row.ours.errors > 0 || (row.raw?.errors ?? 0) > 0)) process.exitCode = 1;
  } finally {
    await ours?.stop();
    await raw?.stop();
    await database.close();
  }
}

/** CPU time (`read()`, ms so far) over a run, per request; null where /proc is not there. */
function cpuPerRequest(read: () => number | null, requests: number): { stop(): number | null } {
  const before = read();
  return {
    stop() {
      const after = read();
      return before === null || after === null ? null : Math.round(((after - before) / requests) * 100) / 100;
    },
  };
}

/** Both servers must carry the same data for the same requests; a difference stops the run. Returns how many values were compared. */
async function checkSameData(ours: BenchChild, raw: BenchChild, scenario: Scenario, token: string): Promise<number> {
  let compared = 0;
  for (let index = 0; index < CHECKED_REQUESTS; index++) {
    const [mine, theirs] = await Promise.all([askByline(ours.url, scenario, index, token), askRaw(raw.url, scenario, index, token)]);
    const result = compareAnswers(mine, theirs);
    if (result.difference) {
      throw new Error(`${scenario.name}: Byline and the raw SQL baseline answered request ${index} (${JSON.stringify(scenario.variables(index))}) differently.\n  ${result.difference}`);
    }
    compared += result.compared;
  }
  if (compared === 0) throw new Error(`${scenario.name}: the two answers had no values in common to compare`);
  console.log(`  same data as raw SQL: ${compared} values over ${CHECKED_REQUESTS} requests`);
  return compared;
}
