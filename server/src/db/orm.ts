import 'reflect-metadata';
import { DataloaderType } from '@mikro-orm/core';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import { Migrator } from '@mikro-orm/migrations';
import { MikroORM, defineConfig, type Options } from '@mikro-orm/postgresql';
import { MIGRATIONS } from '../../../migrations/index.js';
import type { Logger } from '../logger.js';
import { ENTITIES } from './entities.js';

export { MikroORM };
export type { EntityManager } from '@mikro-orm/postgresql';

export interface OrmHooks {
  logger?: Logger;
  /** Called with every SQL statement (tests use it to prove relations load in batches). */
  onQuery?: (sql: string) => void;
}

export function ormOptions(databaseUrl: string, hooks: OrmHooks = {}): Options {
  const { logger, onQuery } = hooks;
  return defineConfig({
    clientUrl: databaseUrl,
    entities: ENTITIES,
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

export async function openOrm(databaseUrl: string, hooks: OrmHooks = {}): Promise<MikroORM> {
  return MikroORM.init(ormOptions(databaseUrl, hooks));
}

/** Applies every pending migration; returns the names applied. */
export async function migrate(orm: MikroORM): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((migration) => migration.name);
}
