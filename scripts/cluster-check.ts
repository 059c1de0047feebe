/**
 * `npm run cluster:check [-- --links 500] [--no-kill]`: three Byline processes on one PostgreSQL
 * behind a round-robin proxy, one killed with SIGKILL in the middle of a bulk import; checks
 * nothing was lost or done twice (scripts/cluster/cluster-check.ts says what and how). Uses a
 * fresh database on DATABASE_URL's server when set, else an embedded PostgreSQL in a temp folder.
 * Exits 1 when a check fails.
 */
import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { startEmbeddedPostgres } from '../server/src/db/embedded-postgres.js';
import { createLogger } from '../server/src/logger.js';
import { freePort } from '../server/src/test-support/free-port.js';
import { withDatabase } from '../server/src/test-support/global-setup.js';
import { runClusterCheck, type ClusterCheckReport } from './cluster/cluster-check.js';
import { formatClusterReport } from './cluster/cluster-report.js';

const { values } = parseArgs({
  options: {
    links: { type: 'string', default: '500' },
    processes: { type: 'string', default: '3' },
    'no-kill': { type: 'boolean', default: false },
  },
});
const links = Number(values.links);
const processes = Number(values.processes);
if (!Number.isInteger(links) || links < 10 || links > 500) throw new Error('--links must be a whole number from 10 to 500 (a bulk import takes at most 500)');
if (!Number.isInteger(processes) || processes < 2) throw new Error('--processes must be at least 2');

const stops: Array<() => Promise<void>> = [];
let report: ClusterCheckReport;
try {
  const databaseUrl = await freshDatabase();
  report = await runClusterCheck({ databaseUrl, links, processes, kill: !values['no-kill'], log: (message) => console.log(message) });
} finally {
  for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error(error));
}
console.log(`\n${formatClusterReport(report)}`);
process.exit(report.ok ? 0 : 1);

/** A database no one else uses: created on DATABASE_URL's server (and dropped after), or an embedded PostgreSQL's. */
async function freshDatabase(): Promise<string> {
  const name = `byline_cluster_${randomBytes(4).toString('hex')}`;
  let adminUrl = process.env.DATABASE_URL?.trim();
  if (!adminUrl) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'byline-cluster-db-'));
    // As root the embedded PostgreSQL runs as another user, who must be able to enter the folder.
    chmodSync(dataDir, 0o755);
    stops.push(async () => rmSync(dataDir, { recursive: true, force: true }));
    console.log(`Fresh embedded PostgreSQL in ${dataDir}…`);
    const embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', logger: createLogger('warn'), throwaway: true });
    stops.push(() => embedded.stop());
    adminUrl = embedded.url;
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  stops.push(async () => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  });
  return withDatabase(adminUrl, name);
}
