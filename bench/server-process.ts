/**
 * The Byline server under test, in its own process (forked by children.ts) so that its memory
 * can be read from /proc and the load generator's work is not counted as the server's. Starts
 * `startByline` over BENCH_DATABASE_URL in production mode and answers the parent over IPC:
 * `count-start` / `count-stop` switch the ORM's query log on and off (query-counter.ts).
 */
import 'reflect-metadata';
import os from 'node:os';
import { startByline } from '../server/src/boot.js';
import { loadConfig } from '../server/src/config.js';
import { BENCH_JWT_SECRET } from './fixtures.js';
import type { ChildReply, ChildRequest } from './children.js';
import { startAllocationProfile } from './allocation-profile.js';
import { startMemoryProbe } from './memory-probe.js';
import { QueryCounter } from './query-counter.js';
import { startGcLog } from './timeline.js';

async function main(): Promise<void> {
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl || !process.send) throw new Error('server-process.ts is started by the benchmark (children.ts)');
  const counter = new QueryCounter();
  const config = {
    ...loadConfig({
      NODE_ENV: 'production',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: os.tmpdir(),
      DATABASE_URL: databaseUrl,
      JWT_SECRET: BENCH_JWT_SECRET,
      LOG_LEVEL: 'warn',
      // Never answers 429, but its per-request PostgreSQL upsert still runs, as in production.
      RATE_LIMIT_PER_MINUTE: '1000000',
      // Likewise the GraphQL cost budget: a kept database keeps its hourly totals between runs, and a
      // few runs within the hour spent the default 5,000 points (HTTP 429 mid-run).
      GRAPHQL_POINTS_PER_HOUR: '100000000',
    }),
    clientDistDir: null,
  };
  const server = await startByline(config, counter.logger);
  counter.attach(server.orm);
  startGcLog();
  const memoryProbe = process.env.BENCH_MEMORY_PROBE === '1' ? startMemoryProbe() : null;
  const stopAllocationProfile = process.env.BENCH_ALLOC_PROF ? await startAllocationProfile(process.env.BENCH_ALLOC_PROF) : async () => {};
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void stopAllocationProfile()
      .then(() => server.stop())
      .then(() => process.exit(0));
  };
  const reply = (message: ChildReply) => process.send?.(message);
  let counting: Promise<string[]> | null = null;
  let stopCounting: (() => void) | null = null;
  process.on('message', (message: ChildRequest) => {
    if (message.type === 'count-start') {
      counting = counter.measureUntil(new Promise<void>((resolve) => (stopCounting = resolve)));
      reply({ type: 'count-started' });
    } else if (message.type === 'count-stop') {
      stopCounting?.();
      void counting?.then((statements) => reply({ type: 'counted', statements }));
    } else if (message.type === 'memory-peak') {
      reply({ type: 'memory-peak', peak: memoryProbe?.takePeak() ?? null });
    } else if (message.type === 'stop') {
      stop();
    }
  });
  // The parent gone (it failed, or was stopped) leaves nobody to send 'stop': stop anyway.
  process.once('disconnect', stop);
  reply({ type: 'ready', url: server.url });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
