/** Sends requests with a fixed number in flight and summarises their latencies. */
import { runTimeline } from './timeline.js';

export interface LoadResult {
  requests: number;
  concurrency: number;
  errors: number;
  /** The first error seen, to say what went wrong. */
  firstError: string | null;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  meanMs: number;
  requestsPerSecond: number;
}

/** The middle value (the upper one of an even count); NaN for none. */
export function median(values: readonly number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
}

/** Nearest-rank percentile of sorted values. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] as number;
}

/**
 * Runs `send(i)` for i = 0 … total-1 with `concurrency` workers, each starting its next request
 * as soon as the previous one ends. A request that throws counts as an error.
 */
export async function runLoad(send: (index: number) => Promise<void>, total: number, concurrency: number): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | null = null;
  const timeline = runTimeline(concurrency);
  const worker = async () => {
    for (let index = next++; index < total; index = next++) {
      const started = performance.now();
      try {
        await send(index);
        const latency = performance.now() - started;
        latencies.push(latency);
        timeline.request(started, latency);
      } catch (error) {
        errors++;
        firstError ??= error instanceof Error ? error.message : String(error);
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const elapsedSeconds = (performance.now() - started) / 1000;
  timeline.write();
  latencies.sort((a, b) => a - b);
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    requests: total,
    concurrency,
    errors,
    firstError,
    p50Ms: round(percentile(latencies, 50)),
    p95Ms: round(percentile(latencies, 95)),
    p99Ms: round(percentile(latencies, 99)),
    meanMs: round(latencies.reduce((sum, value) => sum + value, 0) / Math.max(1, latencies.length)),
    requestsPerSecond: round(latencies.length / elapsedSeconds),
  };
}
