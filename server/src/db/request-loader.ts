import DataLoader from 'dataloader';
import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * A DataLoader per request: each request forks its own EntityManager, so keying the loaders by it
 * batches one page's lookups into one statement and never shares answers between requests.
 */
export function requestLoader<K, V>(batch: (em: EntityManager, keys: readonly K[]) => Promise<V[]>): (em: EntityManager) => DataLoader<K, V> {
  const loaders = new WeakMap<EntityManager, DataLoader<K, V>>();
  return (em) => {
    let loader = loaders.get(em);
    if (!loader) {
      loader = new DataLoader((keys: readonly K[]) => batch(em, keys));
      loaders.set(em, loader);
    }
    return loader;
  };
}

/**
 * Rows by id for a loader: runs `sql` (whose one `?` takes the ids), turns each row into its view
 * and answers in the ids' order, null for an id with no row.
 */
export async function viewsById<V extends { id: number }>(
  em: EntityManager,
  sql: string,
  ids: readonly number[],
  fromColumns: (row: Record<string, unknown>) => V | null,
): Promise<Array<V | null>> {
  const rows = await em.execute<Array<Record<string, unknown>>>(sql, [[...ids]]);
  const byId = new Map<number, V>();
  for (const row of rows) {
    const view = fromColumns(row);
    if (view) byId.set(view.id, view);
  }
  return ids.map((id) => byId.get(id) ?? null);
}
