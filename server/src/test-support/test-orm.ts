import { afterAll, beforeAll } from 'vitest';
import type { MikroORM } from '../db/orm.js';
import { openOrm } from '../registry.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/**
 * A test file's own database and an ORM over it, with no server: opened before the file's tests
 * and closed after. Read `env.orm` / `env.database` inside tests.
 */
export function useTestOrm(): { readonly database: TestDatabase; readonly orm: MikroORM } {
  const env = {} as { database: TestDatabase; orm: MikroORM };
  beforeAll(async () => {
    env.database = await createTestDatabase();
    env.orm = await openOrm(env.database.url);
  });
  afterAll(async () => {
    await env.orm?.close();
    await env.database?.drop();
  });
  return env;
}
