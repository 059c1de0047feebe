import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { withDatabase } from './global-setup.js';

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test file: a copy of the run's template, so it costs
 * milliseconds and shares nothing with other files.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = inject('testAdminDatabaseUrl');
  const template = inject('testTemplateDatabase');
  const name = `byline_test_${randomBytes(6).toString('hex')}`;
  await withAdmin(adminUrl, async (client) => {
    // Two files copying the template at the same instant can collide; a retry settles it.
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`CREATE DATABASE ${name} TEMPLATE ${template}`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes('is being accessed by other users')) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 100));
      }
    }
  });
  return {
    url: withDatabase(adminUrl, name),
    drop: () => withAdmin(adminUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).then(() => undefined)),
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
