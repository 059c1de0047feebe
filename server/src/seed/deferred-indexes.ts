/**
 * The synthetic seed's bulk load into tables that are empty or nearly so: their secondary
 * indexes and foreign keys are dropped first and made again once the rows are in, inside the
 * same transaction. Building an index over a million rows in one sort is several times faster
 * than updating it a row at a time, and one anti-join checks a foreign key for every row at
 * once where a per-row check looks each row up. A failure rolls the drops back with the rows.
 *
 * Primary keys and unique constraints stay: the inserts name them in `on conflict`, and other
 * tables' foreign keys point at the primary keys.
 */
import type { EntityManager } from '@mikro-orm/postgresql';

interface Deferred {
  table: string;
  /** `create index …` statements, as `pg_get_indexdef` prints them. */
  indexes: string[];
  /** `[name, definition]` of each foreign key, as `pg_get_constraintdef` prints it. */
  foreignKeys: Array<[string, string]>;
}

/** The load's tables whose rows the load will at least match in number (probed up to `adding` rows). */
async function tablesWorthDeferring(tx: EntityManager, load: ReadonlyArray<{ table: string; adding: number }>): Promise<string[]> {
  const worth: string[] = [];
  for (const { table, adding } of load) {
    const [row] = await tx.execute<Array<{ n: string }>>(`select count(*) as n from (select 1 from "${table}" limit ?) s`, [adding]);
    if (Number(row?.n ?? 0) < adding) worth.push(table);
  }
  return worth;
}

/**
 * Drops the secondary indexes and foreign keys of the `load` tables that hold fewer rows than
 * the load adds, and returns what makes them again. Both run inside the caller's transaction.
 */
export async function deferIndexes(tx: EntityManager, load: ReadonlyArray<{ table: string; adding: number }>): Promise<() => Promise<void>> {
  const deferred: Deferred[] = [];
  for (const table of await tablesWorthDeferring(tx, load)) {
    const indexes = await tx.execute<Array<{ name: string; definition: string }>>(
      `select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
         from pg_index x join pg_class i on i.oid = x.indexrelid
        where x.indrelid = ?::regclass and not exists (select 1 from pg_constraint k where k.conindid = x.indexrelid)
        order by i.relname`,
      [`"${table}"`],
    );
    const foreignKeys = await tx.execute<Array<{ name: string; definition: string }>>(
      `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint where conrelid = ?::regclass and contype = 'f' order by conname`,
      [`"${table}"`],
    );
    for (const { name } of foreignKeys) await tx.execute(`alter table "${table}" drop constraint "${name}"`);
    for (const { name } of indexes) await tx.execute(`drop index "${name}"`);
    deferred.push({ table, indexes: indexes.map((index) => index.definition), foreignKeys: foreignKeys.map((key) => [key.name, key.definition]) });
  }
  return async () => {
    for (const { indexes } of deferred) for (const definition of indexes) await tx.execute(definition);
    for (const { table, foreignKeys } of deferred) {
      for (const [name, definition] of foreignKeys) await tx.execute(`alter table "${table}" add constraint "${name}" ${definition}`);
    }
  };
}
