import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { MIGRATIONS } from '../../../migrations/index.js';
import { withDatabase } from '../test-support/global-setup.js';
import { queryRows } from '../test-support/sql.js';
import { migrate, type MikroORM } from './orm.js';
import { openOrm } from '../registry.js';

// An empty database (not a copy of the migrated template): what a fresh install starts on.
const adminUrl = inject('testAdminDatabaseUrl');
const name = `byline_fresh_${randomBytes(6).toString('hex')}`;
const databaseUrl = withDatabase(adminUrl, name);
const orms: MikroORM[] = [];

async function onAdmin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  await onAdmin(`create database ${name}`);
});

afterAll(async () => {
  await Promise.all(orms.map((orm) => orm.close()));
  await onAdmin(`drop database if exists ${name} with (force)`);
});

describe('migrations run by several processes at once', () => {
  it('are applied once, by whichever comes first, and none of them fails', async () => {
    orms.push(...(await Promise.all([1, 2, 3].map(() => openOrm(databaseUrl)))));
    const applied = await Promise.all(orms.map((orm) => migrate(orm)));

    expect(applied.flat().sort()).toEqual(MIGRATIONS.map((migration) => migration.name).sort());
    const recorded = await queryRows<{ name: string; times: number }>(databaseUrl, 'select name, count(*)::int as times from mikro_orm_migrations group by name');
    expect(recorded).toHaveLength(MIGRATIONS.length);
    expect(recorded.every((row) => row.times === 1)).toBe(true);
  }, 120_000);
});
