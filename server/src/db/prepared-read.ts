import type { EntityManager, PostgreSqlConnection } from '@mikro-orm/postgresql';

/**
 * Read statements sent as PostgreSQL prepared statements on the ORM's own pool.
 *
 * MikroORM writes every value into the SQL text, so PostgreSQL parses and plans each statement
 * anew: for a page's credits that was ~1.5 ms of PostgreSQL's CPU against ~0.4 ms for the same
 * statement prepared (its plan kept after a few runs, `plan_cache_mode = auto`). The hot read
 * paths send their fixed statements through here instead. Only statements whose best plan does not
 * depend on the values may be prepared (lookups by ids, a viewer's rows, lists in index order):
 * PostgreSQL may settle on one generic plan for them. A statement whose plan should follow its
 * values (a text search, a tag's posts) is sent unprepared (`prepare: false`), planned every time
 * as before.
 *
 * The SQL is written as for `em.execute` (`?` placeholders) and takes scalar values only; an id
 * list goes as one `?::int[]` parameter (`idArray`), so the text stays the same whatever its
 * length. Inside a transaction the statement goes through `em.execute` on the transaction's
 * connection, with the same meaning. Statements are logged as the ORM logs its own, so query
 * counts (tests, the bench) see them.
 */

/** At most this many statement texts are prepared (each takes memory on every pooled connection); later ones run unprepared. */
export const MAX_PREPARED_STATEMENTS = 100;

interface Statement {
  /** pg's statement name; undefined: unnamed (parsed and planned on every run). */
  name: string | undefined;
  /** The SQL with `$n` placeholders. */
  text: string;
}

/**
 * PostgreSQL refuses to run a prepared statement whose result columns changed since it was
 * prepared (a migration altered a table while this process kept its pooled connections):
 * "cached plan must not change result type". Statements name their columns, so adding a column
 * does not do it; changing a column's type still does.
 */
function isStalePlan(error: unknown): boolean {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === '0A000' && typeof message === 'string' && message.includes('cached plan must not change result type');
}

/**
 * The same statement under a new name, so that every pooled connection prepares it afresh (the
 * old name stays unusable on the connections that prepared it, and pg keeps no way to drop it
 * from them all).
 */
function renamed(sql: string, statement: Statement): Statement {
  if (statement.name === undefined) return statement;
  const fresh = { name: `${statement.name.replace(/_v\d+$/, '')}_v${++renames}`, text: statement.text };
  prepared.set(sql, fresh);
  return fresh;
}

let renames = 0;

const prepared = new Map<string, Statement>();

/**
 * `?` placeholders as `$1`, `$2`…, read as `em.execute` reads them (MikroORM's `formatQuery`):
 * every `?` is one, quoted or not, except `\?` (a literal question mark); `??` (an identifier)
 * is not supported here.
 */
export function numberedPlaceholders(sql: string): string {
  if (sql.includes('??')) throw new Error('?? (identifier placeholders) are not supported by readRows');
  let n = 0;
  return sql.replace(/\\\?|\?/g, (match) => (match === '?' ? `$${++n}` : '?'));
}

function statementOf(sql: string, prepare: boolean): Statement {
  const known = prepared.get(sql);
  if (known) return known;
  const text = numberedPlaceholders(sql);
  if (!prepare || prepared.size >= MAX_PREPARED_STATEMENTS) return { name: undefined, text };
  const statement = { name: `byline_read_${prepared.size + 1}`, text };
  prepared.set(sql, statement);
  return statement;
}

/** An id list as one parameter for `= any(?::int[])`: PostgreSQL's array literal, which `em.execute` writes as a quoted string. */
export function idArray(ids: readonly number[]): string {
  for (const id of ids) if (!Number.isSafeInteger(id)) throw new Error(`not an id: ${id}`);
  return `{${ids.join(',')}}`;
}

export interface ReadOptions {
  /** False for a statement whose plan should follow its values (see above). */
  prepare?: boolean;
}

/** Runs a read statement (`?` placeholders, scalar values) and returns its rows. */
export async function readRows<Row>(em: EntityManager, sql: string, params: readonly unknown[], { prepare = true }: ReadOptions = {}): Promise<Row[]> {
  if (em.isInTransaction()) return em.execute<Row[]>(sql, [...params]);
  const connection = em.getConnection() as PostgreSqlConnection;
  const pool = await connection.getNativeClient();
  const statement = statementOf(sql, prepare);
  const logger = em.config.getLogger();
  const started = Date.now();
  const run = ({ name, text }: Statement) => pool.query<Row & object>({ name, text, values: params as unknown[] });
  try {
    const result = await run(statement).catch((error: unknown) => {
      if (!isStalePlan(error)) throw error;
      return run(renamed(sql, statement));
    });
    logger.logQuery({ query: sql, params: [...params], took: Date.now() - started, results: result.rows.length, level: 'info' });
    return result.rows;
  } catch (error) {
    logger.logQuery({ query: sql, params: [...params], took: Date.now() - started, level: 'error' });
    throw em.getDriver().convertException(error as Error);
  }
}
