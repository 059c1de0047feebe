import pg from 'pg';

/** Runs one query on its own connection: tests look at the database as an outsider would. */
export async function queryRows<T>(databaseUrl: string, text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}
