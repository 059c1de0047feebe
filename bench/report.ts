/** The benchmark's table: Byline beside the raw SQL baseline, one line per scenario and concurrency. */
import type { LoadResult } from './load.js';

export interface Row {
  scenario: string;
  concurrency: number;
  ours: LoadResult;
  /** null for scenarios without a raw baseline (the health check). */
  raw: LoadResult | null;
  /** SQL statements one Byline request sends (the rate limiter's upsert left out); the raw baseline sends 1. */
  sqlPerRequest: number;
  /** Peak resident memory of the Byline server process during this run, MB. */
  peakRssMb: number | null;
  /** The Byline server process's CPU time (user + system) over the run, per request, ms. */
  cpuMsPerRequest: number | null;
  /** The same for the raw SQL baseline's process. */
  rawCpuMsPerRequest: number | null;
  /** PostgreSQL's CPU time (all its processes, when it runs on this machine) over Byline's run, per request, ms. */
  postgresCpuMsPerRequest: number | null;
  /** The same over the raw baseline's run. */
  rawPostgresCpuMsPerRequest: number | null;
}

/** ours / raw requests per second: 1 is parity, 0.5 is half as many. */
export function throughputRatio(row: Row): number | null {
  return row.raw && row.raw.requestsPerSecond > 0 ? row.ours.requestsPerSecond / row.raw.requestsPerSecond : null;
}

/** ours / raw p99 latency: 1 is parity, 2 is twice as slow at the tail. */
export function p99Ratio(row: Row): number | null {
  return row.raw && row.raw.p99Ms > 0 ? row.ours.p99Ms / row.raw.p99Ms : null;
}

export function printTable(rows: readonly Row[]): void {
  const header = ['scenario', 'conc', 'p50', 'p95', 'p99', 'req/s', 'raw p50', 'raw p95', 'raw p99', 'raw req/s', 'thr ratio', 'p99 ratio', 'SQL/req', 'CPU ms/req', 'raw CPU ms/req', 'PG CPU ms/req', 'raw PG CPU ms/req', 'peak RSS MB', 'errors'];
  const ms = (value: number | undefined) => (value === undefined ? '-' : value.toFixed(1));
  const cpu = (value: number | null) => (value === null ? '-' : value.toFixed(2));
  const ratio = (value: number | null) => (value === null ? '-' : value.toFixed(2));
  const cells = rows.map((row) => [
    row.scenario,
    String(row.concurrency),
    ms(row.ours.p50Ms),
    ms(row.ours.p95Ms),
    ms(row.ours.p99Ms),
    row.ours.requestsPerSecond.toFixed(0),
    ms(row.raw?.p50Ms),
    ms(row.raw?.p95Ms),
    ms(row.raw?.p99Ms),
    row.raw ? row.raw.requestsPerSecond.toFixed(0) : '-',
    ratio(throughputRatio(row)),
    ratio(p99Ratio(row)),
    String(row.sqlPerRequest),
    cpu(row.cpuMsPerRequest),
    cpu(row.rawCpuMsPerRequest),
    cpu(row.postgresCpuMsPerRequest),
    cpu(row.rawPostgresCpuMsPerRequest),
    row.peakRssMb === null ? '-' : String(row.peakRssMb),
    String(row.ours.errors + (row.raw?.errors ?? 0)),
  ]);
  const widths = header.map((title, column) => Math.max(title.length, ...cells.map((line) => (line[column] ?? '').length)));
  const format = (line: string[]) => line.map((cell, column) => (column === 0 ? cell.padEnd(widths[column] ?? 0) : cell.padStart(widths[column] ?? 0))).join('  ');
  console.log('\nLatency in ms. ours = Byline (GraphQL); raw = one SQL statement behind node:http; ratios are ours/raw.');
  console.log(`${format(header)}\n${widths.map((width) => '-'.repeat(width)).join('  ')}`);
  for (const line of cells) console.log(format(line));
  for (const row of rows) {
    if (row.ours.firstError) console.log(`  ${row.scenario} (concurrency ${row.concurrency}): ${row.ours.errors} errors, first: ${row.ours.firstError}`);
    if (row.raw?.firstError) console.log(`  raw ${row.scenario} (concurrency ${row.concurrency}): ${row.raw.errors} errors, first: ${row.raw.firstError}`);
  }
}
