import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';
import { idArray, readRows } from './prepared-read.js';

/** Rows of one request by key: batched into one statement, and answered at once when already read. */
export interface RequestLoader<K, V> {
  /**
   * The value for `key`: the row itself when this request already read it (primed from a join, or
   * loaded before), else a promise, every key asked in the same tick sharing one statement. A
   * field resolver that returns the row itself spares graphql-js a promise for the field and,
   * when no field of the object waits, for the whole object.
   */
  load(em: EntityManager, key: K): V | Promise<V>;
  /** Hands the loader a row another statement of this request already read, so it sends none. */
  prime(em: EntityManager, key: K, value: V): void;
}

/** `then(value)` at once for a value at hand, after it resolves for a promise: keeps a field resolver synchronous when its row is at hand. */
export function whenLoaded<T, R>(value: T | Promise<T>, then: (loaded: T) => R): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

interface OneRequest<K, V> {
  known: Map<unknown, V>;
  loader: DataLoader<K, V>;
}

/**
 * A loader per request: each request forks its own EntityManager, so keying the loaders by it
 * batches one page's lookups into one statement and never shares answers between requests.
 */
export function requestLoader<K, V>(
  batch: (em: EntityManager, keys: readonly K[]) => Promise<V[]>,
  /** For keys that are objects: the primitive that tells them apart (DataLoader's cacheKeyFn). */
  cacheKeyOf: (key: K) => unknown = (key) => key,
): RequestLoader<K, V> {
  const requests = new WeakMap<EntityManager, OneRequest<K, V>>();
  const of = (em: EntityManager): OneRequest<K, V> => {
    let request = requests.get(em);
    if (!request) {
      const known = new Map<unknown, V>();
      const loader = new DataLoader(
        async (keys: readonly K[]) => {
          const values = await batch(em, keys);
          keys.forEach((key, index) => known.set(cacheKeyOf(key), values[index] as V));
          return values;
        },
        { cacheKeyFn: cacheKeyOf },
      );
      requests.set(em, (request = { known, loader }));
    }
    return request;
  };
  return {
    load(em, key) {
      const request = of(em);
      const cacheKey = cacheKeyOf(key);
      return request.known.has(cacheKey) ? (request.known.get(cacheKey) as V) : request.loader.load(key);
    },
    prime(em, key, value) {
      const request = of(em);
      request.known.set(cacheKeyOf(key), value);
      request.loader.prime(key, value);
    },
  };
}

/**
 * Rows by id for a loader: runs `sql` (whose one `?` takes the ids, as `= any(?::int[])`: one
 * prepared statement whatever their number), turns each row into its view and answers in the
 * ids' order, null for an id with no row.
 */
export async function viewsById<V extends { id: number }>(
  em: EntityManager,
  sql: string,
  ids: readonly number[],
  fromColumns: (row: Record<string, unknown>) => V | null,
): Promise<Array<V | null>> {
  const rows = await readRows<Record<string, unknown>>(em, sql, [idArray(ids)]);
  const byId = new Map<number, V>();
  for (const row of rows) {
    const view = fromColumns(row);
    if (view) byId.set(view.id, view);
  }
  return ids.map((id) => byId.get(id) ?? null);
}
