import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { getConstructionPlans } from 'pg-boss';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres, type EmbeddedDatabase } from '../db/embedded-postgres.js';
import { migrate } from '../db/orm.js';
import { openOrm } from '../registry.js';
import { createLogger } from '../logger.js';
import { QUEUE_SCHEMA } from '../queue/job-queue.js';
import { freePort } from './free-port.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A database URL whose server the tests may create databases on. */
    testAdminDatabaseUrl: string;
    /** Name of the migrated database each test file copies (CREATE DATABASE … TEMPLATE). */
    testTemplateDatabase: string;
  }
}

export const TEMPLATE_DATABASE = 'byline_test_template';

/**
 * Once per run: a real PostgreSQL (embedded in a fresh temp folder, or the server named by
 * DATABASE_URL) with a migrated template database. Each test file then makes its own copy,
 * so files run in parallel and in any order.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const logger = createLogger('warn');
  let embedded: EmbeddedDatabase | null = null;
  let dataDir: string | null = null;
  let adminUrl: string;
  if (process.env.DATABASE_URL) {
    adminUrl = process.env.DATABASE_URL;
  } else {
    dataDir = mkdtempSync(path.join(tmpdir(), 'byline-test-'));
    // mkdtemp makes a private folder; as root, PostgreSQL runs as another user who must enter it.
    chmodSync(dataDir, 0o755);
    embedded = await startEmbeddedPostgres({ dataDir, port: await freePort(), database: 'postgres', logger, throwaway: true });
    adminUrl = embedded.url;
  }

  await recreateTemplate(adminUrl);
  const templateUrl = withDatabase(adminUrl, TEMPLATE_DATABASE);
  const orm = await openOrm(templateUrl);
  await migrate(orm);
  await orm.close();
  await installQueueSchema(templateUrl);

  project.provide('testAdminDatabaseUrl', adminUrl);
  project.provide('testTemplateDatabase', TEMPLATE_DATABASE);

  return async () => {
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}

/**
 * pg-boss creates its schema (about a hundred statements of DDL) at a database's first start, and every test
 * file's server and browser-test app starts on a fresh copy of the template: that install was
 * most of the queue's start, once per file. Installed here once, each copy's queue finds it in
 * place, as a restarted server does. The same statements pg-boss runs itself (its construction
 * plans), so the copies hold what a first start would have made, and no queue, job or schedule.
 */
async function installQueueSchema(databaseUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(getConstructionPlans(QUEUE_SCHEMA));
  } finally {
    await client.end();
  }
}

async function recreateTemplate(adminUrl: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DATABASE} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${TEMPLATE_DATABASE}`);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

