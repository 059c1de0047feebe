/**
 * Starts a whole Byline server in this process over DATABASE_URL (seeded only with --seed), or over
 * a throw-away embedded PostgreSQL seeded with the synthetic set of --size posts, then measures
 * latency and throughput of the main read paths with plain fetch. Prints a table and writes
 * bench/results/latest.json.
 */
import 'reflect-metadata';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startByline, type BylineServer } from '../server/src/boot.js';
import { loadConfig } from '../server/src/config.js';
import { seedSyntheticData, type SyntheticSeedResult } from '../server/src/seed/synthetic-data.js';
import type { BenchArgs } from './args.js';
import { benchDir, isCompiledRun } from './compiled.js';
import { runLoad, type LoadResult } from './load.js';
import { QueryCounter } from './query-counter.js';
import { buildScenarios } from './scenarios.js';
import { freePort } from '../server/src/test-support/free-port.js';


interface Row extends LoadResult {
  scenario: string;
  sqlPerRequest: number | null;
}

export async function runBenchmark(args: BenchArgs): Promise<void> {
  console.log(`Running ${isCompiledRun() ? 'compiled (bench/results/.build)' : 'from the TypeScript sources'}.`);
  const databaseUrl = process.env.DATABASE_URL?.trim() || null;
  const tempDir = mkdtempSync(path.join(os.tmpdir(), 'byline-bench-'));
  // As root the embedded PostgreSQL runs as another user, who must be able to enter the folder.
  chmodSync(tempDir, 0o755);
  const counter = new QueryCounter();
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: tempDir,
      EMBEDDED_PG_PORT: String(await freePort()),
      JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_PER_MINUTE: '1000000',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    }),
    clientDistDir: null,
  };

  let server: BylineServer | null = null;
  try {
    console.log(databaseUrl ? 'Starting Byline over DATABASE_URL…' : `Starting Byline over a fresh embedded PostgreSQL in ${tempDir}…`);
    server = await startByline(config, counter.logger);
    counter.attach(server.orm);
    let seeded: SyntheticSeedResult | null = null;
    if (!databaseUrl || args.seed) {
      console.log(`Seeding ${args.size.toLocaleString('en-US')} synthetic posts…`);
      seeded = await seedSyntheticData(server.orm.em.fork(), { posts: args.size });
      console.log(`  seeded in ${(seeded.elapsedMs / 1000).toFixed(1)} s`);
    }
    const em = server.orm.em.fork();
    const [stats] = await em.execute<Array<{ posts: string; users: string; version: string }>>(
      `select (select count(*) from posts) as posts, (select count(*) from users) as users, current_setting('server_version') as version`,
    );
    // A deterministic spread of public posts over the whole table, not just the newest.
    const visible = await em.execute<Array<{ id: number }>>(`select id from posts where not is_private and type <> 5 and not is_deleted order by hashint4(id) limit 1000`);
    const scenarios = buildScenarios(server.url, visible.map((row) => row.id));

    const rows: Row[] = [];
    for (const scenario of scenarios) {
      await runLoad((index) => scenario.send(index), 20, 2); // warm-up: JIT, pools, caches
      const probes = 5;
      const statements = await counter.measure(async () => {
        for (let index = 0; index < probes; index++) await scenario.send(index);
      });
      if (args.showSql) console.log(`\n${scenario.name}, ${probes} requests:\n  ${counter.statements.join('\n  ')}`);
      for (const concurrency of args.concurrency) {
        const result = await runLoad((index) => scenario.send(index), args.requests, concurrency);
        rows.push({ scenario: scenario.name, ...result, sqlPerRequest: statements / probes });
      }
    }

    printTable(rows);
    const report = {
      date: new Date().toISOString(),
      machine: { cpu: os.cpus()[0]?.model ?? 'unknown', cores: os.cpus().length, memoryGb: Math.round(os.totalmem() / 2 ** 30), node: process.version, postgres: stats?.version ?? null },
      database: databaseUrl ? 'DATABASE_URL' : 'embedded (fresh)',
      server: isCompiledRun() ? 'compiled with tsc, plain node' : 'TypeScript sources under @swc-node/register',
      data: { posts: Number(stats?.posts ?? 0), users: Number(stats?.users ?? 0), seeded },
      requestsPerRun: args.requests,
      results: rows,
    };
    const resultsDir = path.join(benchDir(), 'results');
    mkdirSync(resultsDir, { recursive: true });
    writeFileSync(path.join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log(`\nWritten to ${path.relative(process.cwd(), path.join(resultsDir, 'latest.json'))}`);
    if (rows.some((row) => row.errors > 0)) process.exitCode = 1;
  } finally {
    await server?.stop();
    rmSync(tempDir, { recursive: true, force: true });
  }
}

function printTable(rows: Row[]): void {
  const header = ['scenario', 'conc', 'reqs', 'p50 ms', 'p95 ms', 'p99 ms', 'req/s', 'errors', 'SQL/req'];
  const cells = rows.map((row) => [
    row.scenario,
    String(row.concurrency),
    String(row.requests),
    row.p50Ms.toFixed(1),
    row.p95Ms.toFixed(1),
    row.p99Ms.toFixed(1),
    row.requestsPerSecond.toFixed(0),
    String(row.errors),
    row.sqlPerRequest === null ? '-' : String(row.sqlPerRequest),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log(`\n${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of cells) console.log(format(line));
  for (const row of rows) if (row.firstError) console.log(`  ${row.scenario} (concurrency ${row.concurrency}): ${row.errors} errors, first: ${row.firstError}`);
}
