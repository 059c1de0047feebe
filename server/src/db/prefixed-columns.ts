/**
 * A view's columns read out of a joined row under a prefix (`u."id" as "author_id"`): the select
 * list that names them, and the row keys to read them by, made once per prefix rather than for
 * every column of every row (about 100 rows a page).
 */
export function prefixedColumns<Column extends string>(columns: readonly Column[]) {
  const keysByPrefix = new Map<string, Record<Column, string>>();
  return {
    /** The select list over the table under `alias`, each column named `${prefix}${column}`. */
    selectList: (alias: string, prefix = ''): string => columns.map((column) => `${alias}."${column}" as "${prefix}${column}"`).join(', '),
    /** The row keys of the columns under `prefix`. */
    keys(prefix: string): Record<Column, string> {
      let keys = keysByPrefix.get(prefix);
      if (!keys) keysByPrefix.set(prefix, (keys = Object.fromEntries(columns.map((name) => [name, `${prefix}${name}`])) as Record<Column, string>));
      return keys;
    },
  };
}
