import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../test-support/sql.js';
import { startTestServer, useTestServer, type TestServer } from '../test-support/test-server.js';

// Two server processes over one database, as in production behind a load balancer.
const env = useTestServer();
let second: TestServer;

beforeAll(async () => {
  second = await startTestServer(env.database.url);
});

afterAll(async () => {
  await second?.stop();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

async function post(server: { url: string }, body: Record<string, unknown>) {
  const response = await fetch(`${server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as { data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } };
}

const persisted = (sha256Hash: string) => ({ persistedQuery: { version: 1, sha256Hash } });

describe('automatic persisted queries', () => {
  it('run by hash alone on another server once one server has seen the query', async () => {
    // A query text of this test's own, so no other test's registration can answer for it.
    const query = `query PersistedAcrossServers_${Date.now()} { __typename rateLimit { limit } }`;
    const hash = sha256(query);
    const expected = { __typename: 'Query', rateLimit: { limit: env.server.config.graphqlPointsPerHour } };

    const unknownYet = await post(second, { extensions: persisted(hash) });
    expect(unknownYet.body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');

    const registered = await post(env.server, { query, extensions: persisted(hash) });
    expect(registered).toEqual({ status: 200, body: { data: expected } });
    // Apollo stores the query after answering; wait for the row rather than for a fixed time.
    await expect.poll(async () => (await queryRows(env.database.url, 'select 1 from graphql_cache where key = $1', [`apq:${hash}`])).length).toBe(1);

    expect(await post(second, { extensions: persisted(hash) })).toEqual({ status: 200, body: { data: expected } });
    const [row] = await queryRows<{ value: string; ttl: number }>(
      env.database.url,
      `select value, extract(epoch from expires_at - now())::int as ttl from graphql_cache where key = $1`,
      [`apq:${hash}`],
    );
    expect(row?.value).toBe(query);
    expect(row?.ttl).toBeGreaterThan(23 * 60 * 60);
  });

  it('answers an unknown hash with PERSISTED_QUERY_NOT_FOUND', async () => {
    const answer = await post(env.server, { extensions: persisted(sha256(`never registered ${Date.now()}`)) });
    expect(answer.body.data).toBeUndefined();
    expect(answer.body.errors).toEqual([expect.objectContaining({ message: 'PersistedQueryNotFound', extensions: expect.objectContaining({ code: 'PERSISTED_QUERY_NOT_FOUND' }) as unknown })]);
  });

  it('refuses a hash that is not the query’s, and stores nothing under it', async () => {
    const query = '{ __typename }';
    const wrongHash = sha256(`some other query ${Date.now()}`);
    const answer = await post(env.server, { query, extensions: persisted(wrongHash) });
    expect(answer).toEqual({ status: 400, body: { errors: [{ message: 'provided sha does not match query', extensions: { code: 'BAD_REQUEST', status: 400 } }] } });
    expect(await queryRows(env.database.url, 'select 1 from graphql_cache where key = $1', [`apq:${wrongHash}`])).toEqual([]);
    expect((await post(second, { extensions: persisted(wrongHash) })).body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_FOUND');
  });

  it('refuses an unknown protocol version as a bad request', async () => {
    const query = '{ __typename }';
    const answer = await post(env.server, { query, extensions: { persistedQuery: { version: 2, sha256Hash: sha256(query) } } });
    expect(answer).toEqual({ status: 400, body: { errors: [{ message: 'Unsupported persisted query version', extensions: { code: 'BAD_REQUEST', status: 400 } }] } });
  });
});
