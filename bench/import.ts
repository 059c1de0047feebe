/**
 * `npm run bench:import`: time from paste to post, and import throughput through the queue,
 * against the local fixture networks (no real network is reachable or wanted here).
 * Uses DATABASE_URL when set, else an embedded PostgreSQL in a temp folder.
 */
import 'reflect-metadata';
import { chmodSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startByline } from '../server/src/boot.js';
import { loadConfig } from '../server/src/config.js';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { createLogger } from '../server/src/logger.js';
import { signSessionToken } from '../server/src/modules/auth/sessions/session-token.js';
import { enqueuePostImport } from '../server/src/modules/posts/import/tracking/post-import.queue.js';
import { createUser } from '../server/src/test-support/factories.js';
import { startFixtureNetworks } from '../server/src/test-support/fixture-networks/fixture-network-server.js';

const PASTES = Number(process.env.BENCH_PASTES ?? 40);
const QUEUED_IMPORTS = Number(process.env.BENCH_IMPORTS ?? 400);
const SECRET = 'bench-secret-that-is-long-enough-for-hs256';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

async function main(): Promise<void> {
  const logger = createLogger('warn');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'byline-bench-import-'));
  chmodSync(dataDir, 0o755);
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir, port: 54390, database: 'byline_bench', logger });
  const fixtures = await startFixtureNetworks();
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: process.env.DATABASE_URL ?? embedded!.url, JWT_SECRET: SECRET, LOG_LEVEL: 'warn' }),
    clientDistDir: null,
    scraperBaseUrl: fixtures.baseUrl,
    rateLimitPerMinute: 1_000_000,
  };
  const server = await startByline(config, logger);
  try {
    const user = await createUser(server.orm.em.fork());
    const token = signSessionToken({ userId: user.id, masqueradingAdminId: null }, SECRET);
    const run = Date.now() % 1_000_000;

    // Paste to post: one new link at a time, as a person would.
    const latencies: number[] = [];
    for (let i = 0; i < PASTES; i++) {
      const url = `https://www.tiktok.com/@bench/video/74${String(run).padStart(6, '0')}${String(i).padStart(8, '0')}`;
      const started = performance.now();
      const response = await fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: 'mutation($url: String!) { trackPost(input: { url: $url }) { outcome post { id } } }', variables: { url } }),
      });
      const body = (await response.json()) as { data?: { trackPost: { outcome: string } } };
      if (body.data?.trackPost.outcome !== 'IMPORTED') throw new Error(`paste ${i} did not import: ${JSON.stringify(body)}`);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);

    // Throughput: many links queued at once, drained by the workers.
    const ids = Array.from({ length: QUEUED_IMPORTS }, (_, i) => `75${String(run).padStart(6, '0')}${String(i).padStart(8, '0')}`);
    const queuedAt = performance.now();
    for (const externalId of ids) await enqueuePostImport(server.queue.boss, { url: `https://www.tiktok.com/@bench/video/${externalId}`, networkId: 5, externalId });
    const em = server.orm.em.fork();
    for (;;) {
      const [row] = await em.execute<Array<{ n: number }>>("select count(*)::int as n from posts where import_status = 'imported' and external_id like ?", [`75${String(run).padStart(6, '0')}%`]);
      if ((row?.n ?? 0) >= QUEUED_IMPORTS) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const seconds = (performance.now() - queuedAt) / 1000;

    const results = {
      pasteToPostMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1), samples: PASTES },
      queuedImports: { posts: QUEUED_IMPORTS, seconds, postsPerSecond: QUEUED_IMPORTS / seconds },
    };
    console.table({
      'paste → post (ms)': { p50: results.pasteToPostMs.p50.toFixed(1), p95: results.pasteToPostMs.p95.toFixed(1), max: results.pasteToPostMs.max?.toFixed(1) },
    });
    console.log(`queued imports: ${QUEUED_IMPORTS} posts in ${seconds.toFixed(1)} s = ${results.queuedImports.postsPerSecond.toFixed(1)} posts/s (one server process)`);
    mkdirSync(new URL('./results', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/import-latest.json', import.meta.url), JSON.stringify(results, null, 2));
  } finally {
    await server.stop();
    await fixtures.close();
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
