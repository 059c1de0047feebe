import { isRaw, raw, RawQueryFragment, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';

/** What a query builder gives back once built: its SQL with `?` placeholders and their values. */
export interface BuiltQuery {
  sql: string;
  params: readonly unknown[];
}

/** A query to run (`em.execute(sql, params)`). */
export interface QueryToRun {
  sql: string;
  params: unknown[];
}

/**
 * Builds the query for an ORM filter. `where` and `numbers` may hold stand-ins instead of this
 * request's values (see `FilterQueryCache`): build the query from them as they are. `options` is
 * whatever else the SQL text depends on (the order), the same for every request it is named by.
 */
export type FilterQueryBuilder<T, O> = (em: EntityManager, where: FilterQuery<T>, numbers: readonly number[], options: O) => { toQuery(): BuiltQuery };

/** A filter taken apart: its shape (everything that decides the SQL text) and its values, in walk order. */
interface TakenApart {
  shape: string;
  values: unknown[];
  /** The same filter with each value replaced by its stand-in. */
  standIns: unknown;
}

/** Where each of a built query's parameters comes from: a value of the filter (its index), or a constant of the query itself. */
type ParamSource = { value: number } | { constant: unknown };

interface Template {
  sql: string;
  params: ParamSource[];
}

// Stand-ins, recognisable among the constants a built query holds: integers far below any id or
// count (MikroORM passes numbers through, which stand-in strings would not be for a numeric
// relation), and strings no query of ours spells. Only the stand-in filter holds them: a
// request's own values are never read for stand-ins, so a text equal to one changes nothing.
const NUMBER_STAND_IN_BASE = -7_340_000_000_000;
const STRING_STAND_IN = /^<filter value (\d+)>$/;
const numberStandIn = (index: number) => NUMBER_STAND_IN_BASE - index;
const stringStandIn = (index: number) => `<filter value ${index}>`;

function standInIndex(param: unknown, count: number): number | null {
  if (typeof param === 'number') {
    const index = NUMBER_STAND_IN_BASE - param;
    return Number.isInteger(index) && index >= 0 && index < count ? index : null;
  }
  if (typeof param === 'string') {
    const match = STRING_STAND_IN.exec(param);
    const index = match ? Number(match[1]) : -1;
    return index >= 0 && index < count ? index : null;
  }
  return null;
}

const isPlainObject = (value: object): boolean => {
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

/**
 * Takes a filter apart into shape and values: numbers and strings are values (a stand-in takes
 * their place), everything else is shape (keys, operators, null, booleans, array lengths, raw SQL
 * fragments' text). Returns null for a filter holding anything else (a Date, an entity): those
 * are not cached.
 */
function takeApart(filter: unknown, values: unknown[]): { shape: string; standIns: unknown } | null {
  if (filter === null || filter === undefined || typeof filter === 'boolean') return { shape: String(filter), standIns: filter };
  if (typeof filter === 'number') {
    if (!Number.isFinite(filter)) return null;
    values.push(filter);
    return { shape: '#', standIns: numberStandIn(values.length - 1) };
  }
  if (typeof filter === 'string') {
    values.push(filter);
    return { shape: '$', standIns: stringStandIn(values.length - 1) };
  }
  if (typeof filter !== 'object') return null;
  if (isRaw(filter)) {
    const params = takeApart(filter.params, values);
    return params && { shape: `raw(${JSON.stringify(filter.sql)},${params.shape})`, standIns: raw(filter.sql, params.standIns as unknown[]) };
  }
  if (Array.isArray(filter)) {
    const shapes: string[] = [];
    const standIns: unknown[] = [];
    for (const item of filter) {
      const part = takeApart(item, values);
      if (!part) return null;
      shapes.push(part.shape);
      standIns.push(part.standIns);
    }
    return { shape: `[${shapes.join(',')}]`, standIns };
  }
  if (!isPlainObject(filter)) return null;
  const shapes: string[] = [];
  const standIns: Record<string | symbol, unknown> = {};
  for (const key of Object.keys(filter)) {
    const part = takeApart((filter as Record<string, unknown>)[key], values);
    if (!part) return null;
    shapes.push(`${JSON.stringify(key)}:${part.shape}`);
    standIns[key] = part.standIns;
  }
  // A raw SQL fragment as a key (`{ [raw('…', params)]: [] }`) is a symbol that stands for it.
  for (const symbol of Object.getOwnPropertySymbols(filter)) {
    const fragment = RawQueryFragment.getKnownFragment(symbol);
    if (!fragment) return null;
    const key = takeApart(fragment, values);
    const value = key && takeApart((filter as Record<symbol, unknown>)[symbol], values);
    if (!key || !value) return null;
    shapes.push(`${key.shape}:${value.shape}`);
    standIns[(key.standIns as RawQueryFragment).key] = value.standIns;
  }
  return { shape: `{${shapes.join(',')}}`, standIns };
}

function takeFilterApart(where: unknown, numbers: readonly number[]): TakenApart | null {
  const values: unknown[] = [];
  const filter = takeApart(where, values);
  const extra = filter && takeApart([...numbers], values);
  return filter && extra ? { shape: `${filter.shape}|${extra.shape}`, values, standIns: [filter.standIns, extra.standIns] } : null;
}

/**
 * The SQL of a query over an ORM filter, built by MikroORM's query builder once per filter shape
 * and then filled with each request's values, instead of turning the same filter into the same
 * SQL text on every request (the posts query's building was ~8% of explore's CPU).
 *
 * The filter stays the source of truth (the visibility rules in post.policy keep their one
 * spelling): the first time a shape is seen, the builder runs over the filter with stand-ins in
 * place of its values, and the stand-ins found among the built parameters say where each value
 * goes. A shape whose values do not all come back as parameters (a value MikroORM wrote into the
 * SQL text, or changed) is never cached: it is built every time, as before.
 *
 * It holds SQL text and nothing read from the database: it depends only on the code, so it is the
 * same in every server process and no write can make it stale.
 */
export class FilterQueryCache<T, O> {
  private readonly templates = new Map<string, Template | null>();

  /** Shapes kept at most: explore's filters combine into a few hundred; past that, the oldest go. */
  static readonly MAX_SHAPES = 500;

  /** `nameOf(options)` must tell apart any two options that build different SQL. */
  constructor(
    private readonly build: FilterQueryBuilder<T, O>,
    private readonly nameOf: (options: O) => string,
  ) {}

  /** The query for `where` with `numbers` (limit, offset…) and `options`. `where` is not changed. */
  toQuery(em: EntityManager, where: FilterQuery<T>, numbers: readonly number[], options: O): QueryToRun {
    const parts = takeFilterApart(where, numbers);
    if (!parts) return this.buildNow(em, where, numbers, options);
    const key = `${this.nameOf(options)}|${parts.shape}`;
    let template = this.templates.get(key);
    if (template === undefined) {
      const [standInWhere, standInNumbers] = parts.standIns as [FilterQuery<T>, number[]];
      template = templateOf(this.build(em, standInWhere, standInNumbers, options).toQuery(), parts.values.length);
      if (this.templates.size >= FilterQueryCache.MAX_SHAPES) this.templates.delete(this.templates.keys().next().value as string);
      this.templates.set(key, template);
    }
    if (!template) return this.buildNow(em, where, numbers, options);
    const { values } = parts;
    return { sql: template.sql, params: template.params.map((source) => ('value' in source ? values[source.value] : source.constant)) };
  }

  private buildNow(em: EntityManager, where: FilterQuery<T>, numbers: readonly number[], options: O): QueryToRun {
    const { sql, params } = this.build(em, where, numbers, options).toQuery();
    return { sql, params: [...params] };
  }
}

/** Where each parameter of a query built from stand-ins comes from; null when some value did not come back as a parameter. */
function templateOf(built: BuiltQuery, valueCount: number): Template | null {
  const seen = new Set<number>();
  const params: ParamSource[] = built.params.map((param) => {
    const index = standInIndex(param, valueCount);
    if (index === null) return { constant: param };
    seen.add(index);
    return { value: index };
  });
  if (seen.size !== valueCount) return null;
  // A stand-in written into the SQL text would be sent as it is: not cacheable.
  for (let index = 0; index < valueCount; index++) {
    if (built.sql.includes(String(numberStandIn(index))) || built.sql.includes(stringStandIn(index))) return null;
  }
  return { sql: built.sql, params };
}
