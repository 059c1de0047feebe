/**
 * `npm run seed` fills the database `npm start` uses with the demo data set;
 * `npm run seed -- --size 100000` adds a large synthetic set for benchmarks instead.
 */
import 'reflect-metadata';
import { loadavg } from 'node:os';
import pg from 'pg';
import { ConfigError, loadConfig, type AppConfig } from '../config.js';
import { runningEmbeddedPostgresUrl, startEmbeddedPostgres } from '../db/embedded-postgres.js';
import { migrate } from '../db/orm.js';
import { openOrm } from '../registry.js';
import { createLogger, type Logger } from '../logger.js';
import { seedDemoData } from './demo-data.js';
import { seedSyntheticData } from './synthetic-data.js';

const USAGE = `Usage: npm run seed [-- --size N [--seed S]]
  (no options)  the demo data set: people with pictures, accounts, ~100 posts with pictures, 90 days
                of numbers, credits and tags, a team (once)
  --size N      N synthetic posts with users, accounts, credits, tags, pictures and 30 days of numbers
                in proportion, for benchmarks
  --seed S      vary the synthetic data (default 1)`;

interface SeedArgs {
  size: number | null;
  seed: number;
}

function parseSeedArgs(argv: readonly string[]): SeedArgs {
  const args: SeedArgs = { size: null, seed: 1 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split('=', 2) as [string, string | undefined];
    const value = () => {
      const raw = inline ?? argv[++i];
      const number = Number(raw);
      if (raw === undefined || !Number.isInteger(number) || number < 1) throw new UsageError(`${flag} needs a whole number of at least 1 (got ${raw ?? 'nothing'})`);
      return number;
    };
    if (flag === '--size') args.size = value();
    else if (flag === '--seed') args.seed = value();
    else if (flag === '--help' || flag === '-h') throw new UsageError('');
    else throw new UsageError(`unknown option ${flag}`);
  }
  return args;
}

class UsageError extends Error {}

interface SeedDatabase {
  url: string;
  description: string;
  stop(): Promise<void>;
}

/** The database `npm start` uses: DATABASE_URL, an embedded PostgreSQL already running, or one we start. */
async function openSeedDatabase(config: AppConfig, logger: Logger): Promise<SeedDatabase> {
  if (config.databaseUrl !== null) return { url: config.databaseUrl, description: 'DATABASE_URL', stop: async () => {} };
  // Starting the embedded server would stop one `npm start` is running; use that one instead.
  const runningUrl = runningEmbeddedPostgresUrl(config.dataDir, 'byline', logger);
  if (runningUrl !== null && (await canConnect(runningUrl))) return { url: runningUrl, description: `the embedded PostgreSQL already running (${new URL(runningUrl).port})`, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPostgresPort, database: 'byline', logger });
  return { url: embedded.url, description: `the embedded PostgreSQL in ${config.dataDir}`, stop: () => embedded.stop() };
}

async function canConnect(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function printCounts(counts: Record<string, number>): void {
  for (const [name, count] of Object.entries(counts)) console.log(`  ${name.padEnd(14)}${count.toLocaleString('en-US').padStart(12)}`);
}

async function main(): Promise<void> {
  const args = parseSeedArgs(process.argv.slice(2));
  const config = loadConfig();
  // The seed prints its own summary; the server's info lines would only bury it.
  const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel);
  const started = performance.now();
  const database = await openSeedDatabase(config, logger);
  try {
    console.log(`Seeding ${database.description}…`);
    const orm = await openOrm(database.url, { logger });
    try {
      await migrate(orm);
      if (args.size === null) {
        const { created, ...counts } = await seedDemoData(orm.em.fork());
        if (!created) console.log('The demo data is already there (user byline_demo exists); nothing to do.');
        else {
          console.log('Demo data added:');
          printCounts(counts);
        }
      } else {
        const { elapsedMs, phases, ...counts } = await seedSyntheticData(orm.em.fork(), { posts: args.size, seed: args.seed });
        console.log(`Synthetic data added (${args.size.toLocaleString('en-US')} posts requested) in ${(elapsedMs / 1000).toFixed(1)} s:`);
        printCounts(counts);
        // Per step, so a run on a busy machine still says where the time went (bench/README.md).
        console.log(`Where the time went (load average ${loadavg().map((load) => load.toFixed(1)).join(' ')}):`);
        for (const { name, ms } of phases) console.log(`  ${name.padEnd(36)}${(ms / 1000).toFixed(1).padStart(8)} s`);
      }
    } finally {
      await orm.close();
    }
  } finally {
    await database.stop();
  }
  console.log(`Done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    if (error.message) console.error(error.message);
    console.error(USAGE);
    process.exit(error.message ? 2 : 0);
  }
  if (error instanceof ConfigError) console.error(error.message);
  else console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exit(1);
});
