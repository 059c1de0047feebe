/**
 * `npm run bench:import`: time from paste to post, and import throughput through the queue with
 * pictures stored, for one server process and then two on the same database, against the local
 * fixture networks (no real network is reachable or wanted here). See bench/README.md, "Import".
 *
 * Every part runs in its own process, as in production: the fixture networks (so serving them
 * never competes with the importer for the event loop) and each Byline server (`startByline`,
 * queue workers included). This process only enqueues, waits and measures, through its own
 * connection. Uses DATABASE_URL when set, else an embedded PostgreSQL in a temp folder.
 *
 * BENCH_PASTES (40), BENCH_IMPORTS (400 per run), BENCH_PICTURE=fixture|large (the fixtures'
 * 16×16 JPEG, or a 576×1024 JPEG as TikTok's oEmbed advertises), BENCH_PROCESSES=1,2,
 * BENCH_CPU_PROF=<folder> (a V8 CPU profile of each server process).
 */
import 'reflect-metadata';
import { fork, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PgBoss } from 'pg-boss';
import pg from 'pg';
import sharp from 'sharp';

const SECRET = 'bench-secret-that-is-long-enough-for-hs256';
const SELF = fileURLToPath(import.meta.url);
const ROLE = process.argv[2] ?? 'main';

interface CpuReading {
  /** CPU milliseconds (user + system, all threads) since the process started. */
  cpuMs: number;
}

type ChildMessage = { ready: string } | ({ reply: 'cpu' } & CpuReading);

// ---------------------------------------------------------------- child processes

/** The fixture networks in a process of their own; BENCH_PICTURE=large serves a realistic cover picture. */
async function runFixtures(): Promise<void> {
  const { startFixtureNetworks } = await import('../server/src/test-support/fixture-networks/fixture-network-server.js');
  const picture = process.env.BENCH_PICTURE === 'large' ? await largeCover() : undefined;
  const fixtures = await startFixtureNetworks({ picture });
  serveParent(fixtures.baseUrl, () => fixtures.close());
}

/** A 576×1024 JPEG of shapes over a gradient (TikTok's oEmbed says its covers are 576×1024). */
async function largeCover(): Promise<Buffer> {
  const { syntheticPicture } = await import('../server/src/modules/visualmatch/synthetic-pictures.test-support.js');
  return sharp(await syntheticPicture(42, 576, 1024)).jpeg({ quality: 85 }).toBuffer();
}

/** One Byline server (HTTP, queue workers, pub/sub) on the shared database. */
async function runServer(): Promise<void> {
  const [{ startByline }, { loadConfig }, { createLogger }] = await Promise.all([
    import('../server/src/boot.js'),
    import('../server/src/config.js'),
    import('../server/src/logger.js'),
  ]);
  const logger = createLogger('warn');
  const config = {
    ...loadConfig({ NODE_ENV: 'test', PORT: '0', HOST: '127.0.0.1', DATABASE_URL: process.env.BENCH_DATABASE_URL!, JWT_SECRET: SECRET, LOG_LEVEL: 'warn' }),
    clientDistDir: null,
    scraperBaseUrl: process.env.BENCH_SCRAPER_BASE_URL!,
    rateLimitPerMinute: 1_000_000,
  };
  const server = await startByline(config, logger);
  serveParent(server.url, () => server.stop());
}

/** Tells the parent where we listen, answers its CPU readings, and stops when told. */
function serveParent(ready: string, stop: () => Promise<void>): void {
  process.on('message', (message: 'cpu' | 'stop') => {
    if (message === 'cpu') process.send!({ reply: 'cpu', cpuMs: cpuMsOf(process.cpuUsage()) } satisfies ChildMessage);
    if (message === 'stop') void stop().finally(() => process.exit(0));
  });
  process.send!({ ready } satisfies ChildMessage);
}

function cpuMsOf(usage: NodeJS.CpuUsage): number {
  return (usage.user + usage.system) / 1000;
}

// ---------------------------------------------------------------- the parent

interface Child {
  process: ChildProcess;
  url: string;
  cpuMs(): Promise<number>;
  stop(): Promise<void>;
}

function startChild(role: 'fixtures' | 'server', env: Record<string, string>): Promise<Child> {
  // BENCH_CPU_PROF=<folder>: each server writes a V8 CPU profile there when it stops.
  const profile = role === 'server' && process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}`] : [];
  const child = fork(SELF, [role], { env: { ...process.env, ...env }, execArgv: [...process.execArgv, ...profile], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  const replies: Array<(reading: number) => void> = [];
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the ${role} process exited with ${code}`)));
    child.on('message', (message: ChildMessage) => {
      if ('ready' in message) {
        resolve({
          process: child,
          url: message.ready,
          cpuMs: () => new Promise((answer) => (replies.push(answer), child.send('cpu'))),
          stop: () => new Promise((done) => (child.once('exit', () => done()), child.send('stop'))),
        });
      } else replies.shift()?.(message.cpuMs);
    });
  });
}

/**
 * CPU milliseconds used so far by the PostgreSQL whose postmaster listens on `port`: the
 * postmaster and its live backends, plus the backends that already exited (cutime/cstime).
 * Null when it is not a process on this machine we can read (DATABASE_URL elsewhere).
 */
function postgresCpuMs(port: number): number | null {
  const ticksPerMs = 100 / 1000; // USER_HZ is 100 on Linux
  const stats: Array<{ pid: number; ppid: number; cpu: number; children: number; cmdline: string }> = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ');
      stats.push({ pid: Number(entry), ppid: Number(fields[1]), cpu: Number(fields[11]) + Number(fields[12]), children: Number(fields[13]) + Number(fields[14]), cmdline });
    } catch {
      // The process ended while we read /proc.
    }
  }
  const postmaster = stats.find((process) => process.cmdline.includes(`-p ${port} `) && process.cmdline.includes('postgres'));
  if (!postmaster) return null;
  const backends = stats.filter((process) => process.ppid === postmaster.pid);
  const ticks = postmaster.cpu + postmaster.children + backends.reduce((sum, backend) => sum + backend.cpu, 0);
  return ticks / ticksPerMs;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

interface ThroughputResult {
  processes: number;
  posts: number;
  seconds: number;
  postsPerSecond: number;
  /** CPU milliseconds per imported post, by who spent them (null: not measurable here). */
  cpuMsPerPost: { servers: number; postgres: number | null; fixtures: number };
}

async function main(): Promise<void> {
  const pastes = Number(process.env.BENCH_PASTES ?? 40);
  const imports = Number(process.env.BENCH_IMPORTS ?? 400);
  const processCounts = (process.env.BENCH_PROCESSES ?? '1,2').split(',').map(Number);
  const picture = process.env.BENCH_PICTURE === 'large' ? 'large' : 'fixture';
  const [{ startEmbeddedPostgres }, { createLogger }, { openOrm }, { signSessionToken }, { createUser }, { POST_IMPORT_QUEUE, importKey }] = await Promise.all([
    import('../server/src/db/embedded-postgres.js'),
    import('../server/src/logger.js'),
    import('../server/src/registry.js'),
    import('../server/src/modules/auth/sessions/session-token.js'),
    import('../server/src/test-support/factories.js'),
    import('../server/src/modules/posts/import/tracking/post-import.queue.js'),
  ]);
  const logger = createLogger('warn');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'byline-bench-import-'));
  chmodSync(dataDir, 0o755);
  const embedded = process.env.DATABASE_URL ? null : await startEmbeddedPostgres({ dataDir, port: null, database: 'byline_bench', logger });
  const databaseUrl = process.env.DATABASE_URL ?? embedded!.url;
  const postgresPort = embedded?.port ?? null;

  const fixtures = await startChild('fixtures', { BENCH_PICTURE: picture });
  const servers: Child[] = [];
  const addServer = async () => servers.push(await startChild('server', { BENCH_DATABASE_URL: databaseUrl, BENCH_SCRAPER_BASE_URL: fixtures.url }));
  // The first server applies the migrations; the others start on a ready database.
  await addServer();
  const orm = await openOrm(databaseUrl);
  const boss = new PgBoss({ connectionString: databaseUrl, schema: 'pgboss', supervise: false, schedule: false });
  const db = new pg.Client({ connectionString: databaseUrl });
  await Promise.all([boss.start(), db.connect()]);
  try {
    const user = await createUser(orm.em.fork());
    const token = signSessionToken({ userId: user.id, masqueradingAdminId: null }, SECRET);
    const run = Date.now() % 1_000_000;

    // Paste to post: one new link at a time, as a person would, on a quiet queue.
    const latencies: number[] = [];
    for (let i = 0; i < pastes; i++) {
      const url = `https://www.tiktok.com/@bench/video/74${String(run).padStart(6, '0')}${String(i).padStart(8, '0')}`;
      const started = performance.now();
      const response = await fetch(`${servers[0]!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ query: 'mutation($url: String!) { trackPost(input: { url: $url }) { outcome post { id } } }', variables: { url } }),
      });
      const body = (await response.json()) as { data?: { trackPost: { outcome: string } } };
      if (body.data?.trackPost.outcome !== 'IMPORTED') throw new Error(`paste ${i} did not import: ${JSON.stringify(body)}`);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);

    // Throughput: many links queued at once (one statement), drained by every server's workers.
    const throughput: ThroughputResult[] = [];
    for (const [round, count] of processCounts.entries()) {
      while (servers.length < count) await addServer();
      const prefix = `7${5 + round}${String(run).padStart(6, '0')}`;
      const jobs = Array.from({ length: imports }, (_, i) => {
        const data = { url: `https://www.tiktok.com/@bench/video/${prefix}${String(i).padStart(8, '0')}`, networkId: 5 as const, externalId: `${prefix}${String(i).padStart(8, '0')}` };
        return { data, singletonKey: importKey(data) };
      });
      const cpuBefore = await Promise.all(servers.map((server) => server.cpuMs()));
      const fixturesBefore = await fixtures.cpuMs();
      const postgresBefore = postgresPort === null ? null : postgresCpuMs(postgresPort);
      const queuedAt = performance.now();
      await boss.insert(POST_IMPORT_QUEUE, jobs);
      // Done when every post is imported with its picture stored.
      for (;;) {
        const { rows } = await db.query<{ n: number }>(
          "select count(*)::int as n from posts where import_status = 'imported' and thumbnail_stored_at is not null and external_id like $1",
          [`${prefix}%`],
        );
        if ((rows[0]?.n ?? 0) >= imports) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const seconds = (performance.now() - queuedAt) / 1000;
      const cpuAfter = await Promise.all(servers.map((server) => server.cpuMs()));
      const postgresAfter = postgresPort === null ? null : postgresCpuMs(postgresPort);
      const serverCpu = cpuAfter.reduce((sum, after, index) => sum + after - cpuBefore[index]!, 0);
      throughput.push({
        processes: count,
        posts: imports,
        seconds,
        postsPerSecond: imports / seconds,
        cpuMsPerPost: {
          servers: serverCpu / imports,
          postgres: postgresBefore === null || postgresAfter === null ? null : (postgresAfter - postgresBefore) / imports,
          fixtures: ((await fixtures.cpuMs()) - fixturesBefore) / imports,
        },
      });
    }

    const results = {
      picture,
      pasteToPostMs: { p50: percentile(latencies, 50), p95: percentile(latencies, 95), max: latencies.at(-1), samples: pastes },
      queuedImports: throughput,
    };
    console.table({ 'paste → post (ms)': { p50: results.pasteToPostMs.p50.toFixed(1), p95: results.pasteToPostMs.p95.toFixed(1), max: results.pasteToPostMs.max?.toFixed(1) } });
    console.log(`queued imports with pictures stored (${picture} picture), ${imports} posts per run:`);
    console.table(
      Object.fromEntries(
        throughput.map((result) => [
          `${result.processes} server process${result.processes > 1 ? 'es' : ''}`,
          {
            'posts/s': result.postsPerSecond.toFixed(1),
            seconds: result.seconds.toFixed(1),
            'server CPU ms/post': result.cpuMsPerPost.servers.toFixed(1),
            'PostgreSQL CPU ms/post': result.cpuMsPerPost.postgres?.toFixed(1) ?? 'n/a',
            'fixtures CPU ms/post': result.cpuMsPerPost.fixtures.toFixed(1),
          },
        ]),
      ),
    );
    mkdirSync(new URL('./results', import.meta.url), { recursive: true });
    writeFileSync(new URL('./results/import-latest.json', import.meta.url), JSON.stringify(results, null, 2));
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await fixtures.stop();
    await Promise.all([boss.stop({ graceful: false }), db.end(), orm.close()]);
    await embedded?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const entry = ROLE === 'fixtures' ? runFixtures : ROLE === 'server' ? runServer : main;
entry().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
