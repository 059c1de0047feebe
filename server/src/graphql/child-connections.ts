import type { EntityClass, EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { idArray, readRows } from '../db/prepared-read.js';
import type { Connection } from './connection.js';
import { connectionFromRows, idWindow, type IdOrder, type KeysetPage } from './pagination.js';

/** Where a parent's children live: a table with a foreign key to the parent and an integer id. */
export interface ChildList<T, Row extends object = Record<string, unknown>> {
  /** Names the loader (one per request and page arguments). */
  name: string;
  entity: EntityClass<T>;
  table: string;
  parentColumn: string;
  order: IdOrder;
  /** Optional fixed condition on the child row (alias `t`), written in the code, e.g. `t."accepted_at" is null`. */
  filterSql?: string;
  /**
   * Builds a child from its row for display only (a view type the entity also fits), sparing the
   * ORM's hydration and identity map; the entity (`em.map`) when omitted.
   */
  fromRow?: (columns: Row) => T;
}

// One set of loaders per request: each request (and WebSocket operation) forks its own EntityManager.
// Table and column names come from the code (ChildList constants), never from a request.
const pageLoaders = new WeakMap<EntityManager, Map<string, DataLoader<number, object[]>>>();
const countLoaders = new WeakMap<EntityManager, Map<string, DataLoader<number, number>>>();

function loaderFor<V>(store: WeakMap<EntityManager, Map<string, DataLoader<number, V>>>, em: EntityManager, key: string, batch: (parentIds: readonly number[]) => Promise<V[]>): DataLoader<number, V> {
  let loaders = store.get(em);
  if (!loaders) store.set(em, (loaders = new Map()));
  let loader = loaders.get(key);
  if (!loader) loaders.set(key, (loader = new DataLoader(batch)));
  return loader;
}

/**
 * One page of each parent's children (a post's credits, a team's members) for every parent on
 * the page in a single query: a window function ranks each parent's rows past the cursor, so
 * twenty posts cost one query, not twenty. Each parent's total comes with its page (totalCount
 * then asks nothing more). The statements are prepared (db/prepared-read.ts): lookups by parent
 * ids, whose plan does not depend on the values, planned once per connection, not every page.
 */
export async function childConnection<C extends { id: number }, Row extends object>(em: EntityManager, list: ChildList<C, Row>, parentId: number, page: KeysetPage): Promise<Connection<C>> {
  const window = idWindow(page, list.order);
  const filterSql = filterSqlOf(list);
  const pageKey = `${list.name}:${page.size}:${page.backward}:${page.cursorId ?? ''}`;
  const pages = loaderFor<object[]>(pageLoaders, em, pageKey, async (parentIds) => {
    const cursorSql = window.idCondition === undefined ? '' : `and t."id" ${'$lt' in window.idCondition ? '<' : '>'} ?`;
    const cursorParams = window.idCondition === undefined ? [] : ['$lt' in window.idCondition ? window.idCondition.$lt : window.idCondition.$gt];
    // Each parent's total comes in the same statement (counted before the cursor applies), so a
    // page that also shows totalCount sends one statement, not two.
    const rows = await readRows<Record<string, unknown>>(
      em,
      `select * from (
         select t.*, row_number() over (partition by t."${list.parentColumn}" order by t."id" ${window.orderBy}) as "page_rank"
           from (select t.*, count(*) over (partition by t."${list.parentColumn}") as "parent_total"
                   from "${list.table}" t where t."${list.parentColumn}" = any(?::int[]) ${filterSql}) t
          where true ${cursorSql}
       ) ranked where "page_rank" <= ? order by "${list.parentColumn}", "page_rank"`,
      [idArray(parentIds), ...cursorParams, window.limit],
    );
    const byParent = new Map<number, object[]>();
    const counted = countsOf(em, list);
    for (const row of rows) {
      const parent = Number(row[list.parentColumn]);
      const { page_rank: _rank, parent_total: total, ...columns } = row;
      counted.prime(parent, Number(total));
      // `select t.*` reads the table's own columns: the shape the list's fromRow names.
      const child = list.fromRow ? list.fromRow(columns as Row) : em.map(list.entity, columns as EntityDictionary<C>);
      byParent.set(parent, [...(byParent.get(parent) ?? []), child]);
    }
    return parentIds.map((id) => byParent.get(id) ?? []);
  });
  const fetched = (await pages.load(parentId)) as C[];
  return connectionFromRows(fetched, page, (row) => row.id, () => countsOf(em, list).load(parentId));
}

/** The list's fixed condition as an `and …` clause, or nothing. */
function filterSqlOf<C, Row extends object>(list: ChildList<C, Row>): string {
  return list.filterSql ? `and (${list.filterSql})` : '';
}

/** Each parent's number of children: primed by the page statement, else one grouped count (a page past the last child). */
function countsOf<C, Row extends object>(em: EntityManager, list: ChildList<C, Row>): DataLoader<number, number> {
  const filterSql = filterSqlOf(list);
  return loaderFor(countLoaders, em, list.name, async (parentIds) => {
    const rows = await readRows<{ parent: number; total: string | number }>(
      em,
      `select t."${list.parentColumn}" as parent, count(*) as total from "${list.table}" t where t."${list.parentColumn}" = any(?::int[]) ${filterSql} group by t."${list.parentColumn}"`,
      [idArray(parentIds)],
    );
    const totals = new Map(rows.map((row) => [Number(row.parent), Number(row.total)]));
    return parentIds.map((id) => totals.get(id) ?? 0);
  });
}
