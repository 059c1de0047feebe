import { afterAll, beforeAll } from 'vitest';
import { openOrm, type MikroORM } from '../db/orm.js';
import type { TestDatabase } from './database.js';

/** An ORM over a test file's database that records its SQL, to hold batched loading to a query count. */
export interface QueryLog {
  readonly orm: MikroORM;
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
    async selectsDuring(work) {
      statements.length = 0;
      await work();
      return statements.filter((sql) => /select/i.test(sql));
    },
  };
}
