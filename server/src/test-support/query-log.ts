import { afterAll, beforeAll } from 'vitest';
import type { MikroORM } from '../db/orm.js';
import { openOrm } from '../registry.js';
import { createTestDatabase, type TestDatabase } from './database.js';

/** An ORM over a test file's database that records its SQL, to hold batched loading to a query count. */
export interface QueryLog {
  readonly orm: MikroORM;
  /** Every statement this ORM ran since the last `resetStatements()` or `selectsDuring`. */
  readonly statements: readonly string[];
  /** Forgets the statements so far; `statements` then holds only what follows. */
  resetStatements(): void;
  /** The SELECT statements this ORM ran while `work` ran. */
  selectsDuring(work: () => Promise<unknown>): Promise<string[]>;
}

/** Opens the logging ORM before the file's tests (after `useTestServer` made the database) and closes it after. */
export function useQueryLog(env: { database: TestDatabase }): QueryLog {
  const statements: string[] = [];
  let orm: MikroORM | null = null;
  beforeAll(async () => {
    orm = await openOrm(env.database.url, { onQuery: (sql) => statements.push(sql) });
  });
  afterAll(async () => {
    await orm?.close();
  });
  return {
    get orm() {
      if (!orm) throw new Error('useQueryLog: the ORM opens in beforeAll; use it inside tests');
      return orm;
    },
    statements,
    resetStatements() {
      statements.length = 0;
    },
    async selectsDuring(work) {
      statements.length = 0;
      await work();
      return statements.filter((sql) => /select/i.test(sql));
    },
  };
}

/**
 * A database of the file's own with a logging ORM, for tests of a store that need no server
 * (the rate limit, the GraphQL budget): made before the file's tests, dropped after.
 */
export function useLoggedDatabase(): QueryLog {
  let database: TestDatabase | null = null;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.drop();
  });
  // Registered after the database's hooks: opened after it is made, closed before it is dropped.
  return useQueryLog({
    get database() {
      if (!database) throw new Error('useLoggedDatabase: the database is made in beforeAll');
      return database;
    },
  });
}
