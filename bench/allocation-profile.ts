/**
 * BENCH_ALLOC_PROF=<file.heapprofile> in the server process (server-process.ts): V8's sampling
 * heap profiler over the whole run, keeping the samples of objects already collected too (Node's
 * `--heap-prof` keeps only what is still alive when it stops, which for per-request garbage is
 * nearly nothing), written when the server stops. Open it in Chrome DevTools (Memory tab) or sum
 * it by function with bench/allocation-summary.ts.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';

export async function startAllocationProfile(file: string): Promise<() => Promise<void>> {
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.enable');
  await session.post('HeapProfiler.startSampling', { samplingInterval: 64 * 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
  return async () => {
    const { profile } = await session.post('HeapProfiler.stopSampling');
    writeFileSync(file, JSON.stringify(profile));
    session.disconnect();
  };
}
