import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';

let database: TestDatabase;
let client: pg.Client;
beforeAll(async () => {
  database = await createTestDatabase();
  client = new pg.Client({ connectionString: database.url });
  await client.connect();
  // Enough rows, with statistics, for the planner to choose as it would in production.
  await client.query(`insert into users (email) select 'person' || n || '@example.test' from generate_series(1, 5000) n`);
  await client.query(
    `insert into auth_sessions (user_id, refresh_token_hash, expires_at)
     select id, md5(id::text) || md5('r' || id), now() + interval '30 days' from users`,
  );
  await client.query(
    `insert into one_time_tokens (purpose, email, secret_hash, expires_at)
     select 'verify_email', 'person' || n || '@example.test', md5(n::text) || md5('s' || n), now() + interval '10 minutes' from generate_series(1, 5000) n`,
  );
  await client.query('analyze users, auth_sessions, one_time_tokens');
});
afterAll(async () => {
  await client?.end();
  await database?.drop();
});

async function plan(sql: string, params: unknown[]): Promise<string> {
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain ${sql}`, params);
  return result.rows.map((row) => row['QUERY PLAN']).join('\n');
}

/** The lookups of the accounts code, as it writes them (addresses are stored lower-cased). */
const LOOKUPS: Array<[string, string, unknown[], RegExp]> = [
  [
    'the latest verification code of an address (every code check)',
    `select id from one_time_tokens where purpose = 'verify_email' and email = $1 and used_at is null and expires_at > now() order by created_at desc limit 1`,
    ['someone@example.test'],
    /Index Cond: \(\(\(purpose\)::text = 'verify_email'::text\) AND \(\(email\)::text = /,
  ],
  [
    "an address's old codes, deleted before a new one is sent",
    `delete from one_time_tokens where purpose = 'verify_email' and email = $1`,
    ['someone@example.test'],
    /Index Cond: \(\(\(purpose\)::text = 'verify_email'::text\) AND \(\(email\)::text = /,
  ],
  [
    'every session of a user, with the masquerades they opened (password reset)',
    `update auth_sessions set revoked_at = now() where (user_id = $1 or masquerading_admin_id = $1) and revoked_at is null`,
    [1],
    /Index Cond: \(masquerading_admin_id = /,
  ],
];

describe('indexes for the accounts lookups', () => {
  it.each(LOOKUPS)('%s is answered by an index', async (_name, sql, params, indexCondition) => {
    const text = await plan(sql, params);
    expect(text).not.toMatch(/Seq Scan/);
    expect(text).toMatch(indexCondition);
  });
});
