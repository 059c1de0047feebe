import type { PersistedQueryOptions } from '@apollo/server';
import type { QueryResult } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches, type PurgeLimits } from '../db/batched-delete.js';

type KeyValueCache = NonNullable<PersistedQueryOptions['cache']>;

/**
 * A registered query lives a day: a client whose hash has expired gets PERSISTED_QUERY_NOT_FOUND
 * and sends the query once more, so the TTL costs little and keeps what anyone can register bounded.
 */
export const PERSISTED_QUERY_TTL_SECONDS = 24 * 60 * 60;

/**
 * Longer query texts are not kept (the client just goes on sending them in full): the app's own
 * operations are far shorter, and the table holds whatever any caller registers.
 */
export const MAX_PERSISTED_QUERY_LENGTH = 20_000;

/**
 * Apollo Server's key-value cache over the `graphql_cache` table, so every server process sees
 * what another stored (automatic persisted queries registered anywhere run everywhere). `ttl` is
 * in seconds, null or absent meaning no expiry; an expired row reads as missing until the
 * housekeeping job purges it.
 */
export class PostgresKeyValueCache implements KeyValueCache {
  constructor(
    private readonly em: EntityManager,
    private readonly maxValueLength: number = Number.POSITIVE_INFINITY,
  ) {}

  async get(key: string): Promise<string | undefined> {
    const rows = await this.em
      .getConnection()
      .execute<{ value: string }[]>('select value from graphql_cache where key = ? and (expires_at is null or expires_at > now())', [key]);
    return rows[0]?.value;
  }

  async set(key: string, value: string, options?: { ttl?: number | null }): Promise<void> {
    if (value.length > this.maxValueLength) return;
    const ttl = options?.ttl ?? null;
    await this.em.getConnection().execute(
      `insert into graphql_cache (key, value, expires_at)
       values (?, ?, case when ?::float8 is null then null else now() + ?::float8 * interval '1 second' end)
       on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`,
      [key, value, ttl, ttl],
      'run',
    );
  }

  async delete(key: string): Promise<boolean> {
    const result = await this.em.getConnection().execute<QueryResult>('delete from graphql_cache where key = ?', [key], 'run');
    return result.affectedRows > 0;
  }
}

/** Apollo's `persistedQueries` option: automatic persisted queries kept in PostgreSQL. */
export function persistedQueriesInPostgres(em: EntityManager): PersistedQueryOptions {
  return { cache: new PostgresKeyValueCache(em, MAX_PERSISTED_QUERY_LENGTH), ttl: PERSISTED_QUERY_TTL_SECONDS };
}

/** Expired cache rows, deleted by the housekeeping job. */
export function purgeExpiredGraphQLCache(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from graphql_cache where key in (
       select key from graphql_cache where expires_at <= now() limit ? for update skip locked)`,
    limits,
  );
}
