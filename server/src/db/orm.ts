import 'reflect-metadata';
import { DataloaderType } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import pg from 'pg';
import { MIGRATIONS } from '../../../migrations/index.js';
import type { Logger } from '../logger.js';

export { MikroORM };
export type { EntityManager } from '@mikro-orm/postgresql';

export interface OrmHooks {
  logger?: Logger;
  /** Called with every SQL statement (tests use it to prove relations load in batches). */
  onQuery?: (sql: string) => void;
}

/** The ORM's options over `entities` (the app's are listed in registry.ts). */
export function ormOptions(databaseUrl: string, entities: Options['entities'], hooks: OrmHooks = {}): Options {
  const { logger, onQuery } = hooks;
  return defineConfig({
    clientUrl: databaseUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    // Relations a resolver returns load in batches (one query per relation per tick, not per row).
    dataloader: DataloaderType.ALL,
    // Every request forks its own EntityManager; the global one must never collect state.
    allowGlobalContext: false,
    pool: { min: 0, max: 10 },
    migrations: {
      migrationsList: MIGRATIONS,
      tableName: 'mikro_orm_migrations',
      transactional: true,
      allOrNothing: true,
      silent: true,
      // Migrations are written by hand; no schema snapshot files in the working folder.
      snapshot: false,
    },
    debug: onQuery ? ['query'] : false,
    logger: (message: string) => {
      if (onQuery) onQuery(message);
      else logger?.debug({ orm: message });
    },
  });
}

export async function openOrmWith(databaseUrl: string, entities: Options['entities'], hooks: OrmHooks = {}): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl, entities, hooks));
}

/** The advisory lock migrating processes take turns on (any number only Byline uses). */
export const MIGRATION_LOCK_KEY = 4_107_733_201;

/**
 * Applies every pending migration; returns the names applied. Several processes starting at once
 * on one database (a fresh install scaled out, a rolling deploy that brings a migration) take
 * turns under an advisory lock: otherwise each ran the same pending migration and all but one
 * died on its duplicate objects. Whoever comes second finds nothing left to do. The lock is held
 * by a session of its own, so it ends with that session even if this process dies mid-way.
 */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const lock = new pg.Client({ connectionString: orm.config.get('clientUrl') });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const applied = await orm.migrator.up();
    return applied.map((migration) => migration.name);
  } finally {
    await lock.end();
  }
}
