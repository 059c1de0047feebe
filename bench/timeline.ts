/**
 * Diagnostics for where a run's slow requests come from (docs/perf/history.md, "Tenth round"), both on
 * one clock (milliseconds since the epoch) so they can be laid over each other:
 * - `BENCH_TIMELINE=<file>`: the load generator appends a line per request, `concurrency start
 *   latency`, and `# end` after each run;
 * - `BENCH_GC_LOG=<file>`: the bench's Byline server appends a line per garbage collection, `start
 *   duration kind` (V8's main-thread part; kind: minor, major, incremental or weak).
 * Unset, neither records anything.
 */
import { appendFileSync, writeFileSync } from 'node:fs';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';

const epochMs = (performanceMs: number) => (performance.timeOrigin + performanceMs).toFixed(1);

/** Collects one run's requests; `write()` appends them to BENCH_TIMELINE. */
export function runTimeline(concurrency: number): { request(startedMs: number, latencyMs: number): void; write(): void } {
  const file = process.env.BENCH_TIMELINE;
  const lines: string[] = [];
  return {
    request(startedMs, latencyMs) {
      if (file) lines.push(`${concurrency} ${epochMs(startedMs)} ${latencyMs.toFixed(1)}`);
    },
    write() {
      if (file) appendFileSync(file, `${lines.join('\n')}\n# end\n`);
    },
  };
}

const GC_KINDS: Record<number, string> = {
  [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
  [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
  [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
  [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weak',
};

/** In the server process: logs every collection to BENCH_GC_LOG until the process exits. */
export function startGcLog(): void {
  const file = process.env.BENCH_GC_LOG;
  if (!file) return;
  const lines: string[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0;
      lines.push(`${epochMs(entry.startTime)} ${entry.duration.toFixed(1)} ${GC_KINDS[kind] ?? kind}`);
    }
  }).observe({ entryTypes: ['gc'] });
  process.once('exit', () => writeFileSync(file, `${lines.join('\n')}\n`));
}
