/**
 * The cluster under test: the fixture networks (each process behind a gate of its own), an SMTP
 * capture, N Byline processes configured as production would be (NODE_ENV=production, one
 * database, one public URL: the proxy's) and the round-robin proxy in front of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startFixtureNetworks } from '../../server/src/test-support/fixture-networks/fixture-network-server.js';
import { startServerProcess, type ServerProcess } from '../../server/src/test-support/server-process.js';
import { startSmtpCapture, type SmtpCapture } from '../../server/src/test-support/smtp-capture.js';
import { startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.js';
import { startScraperGate, type ScraperGate } from './scraper-gate.js';

export interface RunningCluster {
  proxy: RoundRobinProxy;
  mail: SmtpCapture;
  servers: ServerProcess[];
  /** The process the check kills: the first. */
  victim: ServerProcess;
  victimGate: ScraperGate;
  /** The harness's own look at the database, as an outsider. */
  db: pg.Pool;
  /** Runs before the rest of `stop` (subscribers leave before the processes go). */
  onStop(step: () => Promise<void>): void;
  stop(): Promise<void>;
}

const JWT_SECRET = 'cluster-check-secret-that-is-long-enough-for-hs256';

export async function startCluster(options: { databaseUrl: string; processes: number; victimHoldsAfter: number; now: () => number }): Promise<RunningCluster> {
  const first: Array<() => Promise<void>> = [];
  const last: Array<() => Promise<void>> = [];
  const stop = async () => {
    for (const step of [...first.reverse(), ...last.reverse()]) await step().catch(() => undefined);
  };
  const servers: ServerProcess[] = [];
  try {
    const fixtures = await startFixtureNetworks();
    last.push(() => fixtures.close());
    const mail = await startSmtpCapture();
    last.push(() => mail.close());
    const proxy = await startRoundRobinProxy({ now: options.now });
    last.push(() => proxy.close());
    const dataDir = mkdtempSync(path.join(tmpdir(), 'byline-cluster-'));
    last.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    const db = new pg.Pool({ connectionString: options.databaseUrl, max: 2 });
    last.push(() => db.end());

    const names = Array.from({ length: options.processes }, (_, i) => `byline-${i + 1}`);
    const gates = await Promise.all(names.map((_, i) => startScraperGate(fixtures.baseUrl, { holdAfter: i === 0 ? options.victimHoldsAfter : Infinity })));
    for (const gate of gates) last.push(() => gate.stop());
    last.push(() => Promise.all(servers.map((server) => server.stop())).then(() => undefined));
    // All settled before going on: a process that failed to start must not leave the others running.
    const started = await Promise.allSettled(
      names.map((name, i) =>
        startServerProcess(name, {
          NODE_ENV: 'production',
          DATABASE_URL: options.databaseUrl,
          DATA_DIR: path.join(dataDir, name),
          JWT_SECRET,
          PUBLIC_URL: proxy.url,
          SCRAPER_BASE_URL: gates[i]!.baseUrl,
          SMTP_URL: mail.url,
          // Every client comes from 127.0.0.1 through the proxy: per-address limits would count them as one.
          RATE_LIMIT_PER_MINUTE: '1000000',
          GRAPHQL_POINTS_PER_HOUR: '100000000',
          AUTH_ATTEMPTS_PER_IP: '100000',
          AUTH_ATTEMPTS_PER_ACCOUNT: '100000',
          // How often a process looks for a dead one's jobs (60 s by default): the check waits for it.
          QUEUE_SUPERVISE_INTERVAL_SECONDS: '2',
        }),
      ),
    );
    for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
    const failure = started.find((result) => result.status === 'rejected');
    if (failure) throw failure.reason;
    for (const server of servers) proxy.addBackend({ name: server.name, host: '127.0.0.1', port: server.port });
    return { proxy, mail, servers, victim: servers[0]!, victimGate: gates[0]!, db, onStop: (step) => first.push(step), stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
