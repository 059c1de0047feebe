/**
 * BENCH_MEMORY_PROBE=1 in the server process (server-process.ts): samples its own memory every
 * 100 ms and keeps the sample with the highest resident size, with V8's heap spaces, external
 * memory and the anonymous / file-backed split at that moment, so a run can say what its peak RSS
 * consisted of (bench/memory-ab.ts asks for it and starts a new window).
 */
import { readFileSync } from 'node:fs';
import { constants, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import v8 from 'node:v8';
import type { MemoryBreakdown } from './children.js';

const MB = 1024 * 1024;
const round = (bytes: number) => Math.round((bytes / MB) * 10) / 10;

function statusMb(field: string): number | null {
  const match = new RegExp(`^${field}:\\s+(\\d+)\\s+kB`, 'm').exec(readFileSync('/proc/self/status', 'utf8'));
  return match ? Math.round((Number(match[1]) / 1024) * 10) / 10 : null;
}

function sample(): MemoryBreakdown {
  const usage = process.memoryUsage();
  const spaces: MemoryBreakdown['spaces'] = {};
  for (const space of v8.getHeapSpaceStatistics()) spaces[space.space_name] = { committed: round(space.physical_space_size), used: round(space.space_used_size) };
  return {
    rss: round(usage.rss),
    heapTotal: round(usage.heapTotal),
    heapUsed: round(usage.heapUsed),
    external: round(usage.external),
    arrayBuffers: round(usage.arrayBuffers),
    spaces,
    rssAnon: statusMb('RssAnon'),
    rssFile: statusMb('RssFile'),
    gc: noPauses(),
    highest: { heapTotal: 0, outsideHeap: 0 },
  };
}

type GcPauses = MemoryBreakdown['gc'];
const noPauses = (): GcPauses => ({ major: 0, majorMs: 0, majorMaxMs: 0, minor: 0, minorMs: 0, minorMaxMs: 0 });

/**
 * Starts sampling; `takePeak()` returns the highest sample since the last call, with the garbage
 * collections' main-thread pauses over that window (perf_hooks 'gc' entries), and starts a new window.
 */
export function startMemoryProbe(): { takePeak(): MemoryBreakdown } {
  let peak = sample();
  let pauses = noPauses();
  const round1 = (ms: number) => Math.round(ms * 10) / 10;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind;
      if (kind === constants.NODE_PERFORMANCE_GC_MAJOR) {
        pauses.major++;
        pauses.majorMs = round1(pauses.majorMs + entry.duration);
        pauses.majorMaxMs = round1(Math.max(pauses.majorMaxMs, entry.duration));
      } else if (kind === constants.NODE_PERFORMANCE_GC_MINOR) {
        pauses.minor++;
        pauses.minorMs = round1(pauses.minorMs + entry.duration);
        pauses.minorMaxMs = round1(Math.max(pauses.minorMaxMs, entry.duration));
      }
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  let highest = { heapTotal: 0, outsideHeap: 0 };
  const timer = setInterval(() => {
    const now = sample();
    if (now.rss > peak.rss) peak = now;
    highest = { heapTotal: Math.max(highest.heapTotal, now.heapTotal), outsideHeap: Math.max(highest.outsideHeap, round1((now.rssAnon ?? 0) - now.heapTotal)) };
  }, 100);
  timer.unref();
  return {
    takePeak() {
      const taken = { ...peak, gc: pauses, highest };
      peak = sample();
      pauses = noPauses();
      highest = { heapTotal: 0, outsideHeap: 0 };
      return taken;
    },
  };
}
