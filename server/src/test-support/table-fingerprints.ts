import pg from 'pg';

/**
 * Every table's row count and a digest of all its rows (each row as text, sorted), plus every
 * sequence's position: two databases with equal fingerprints hold the same data, byte for byte
 * in bytea columns, and hand out the same next ids.
 */
export async function tableFingerprints(url: string): Promise<Record<string, string>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const tables = await client.query<{ table_schema: string; table_name: string }>(
      `select table_schema, table_name from information_schema.tables
        where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema')
        order by 1, 2`,
    );
    const fingerprints: Record<string, string> = {};
    for (const { table_schema: schema, table_name: table } of tables.rows) {
      const name = `${quote(schema)}.${quote(table)}`;
      const result = await client.query<{ rows: number; digest: string }>(
        `select count(*)::int as rows, md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as digest from ${name} t`,
      );
      fingerprints[`${schema}.${table}`] = `${result.rows[0]!.rows} rows, ${result.rows[0]!.digest}`;
    }
    const sequences = await client.query<{ schemaname: string; sequencename: string; last_value: string | null }>(
      'select schemaname, sequencename, last_value from pg_sequences',
    );
    for (const row of sequences.rows) fingerprints[`sequence ${row.schemaname}.${row.sequencename}`] = String(row.last_value);
    return fingerprints;
  } finally {
    await client.end();
  }
}

function quote(identifier: string): string {
  return `"${identifier.replaceAll('"', '""')}"`;
}
