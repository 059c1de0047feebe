import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { createUser } from '../test-support/factories.js';
import { graphql, useTestServer } from '../test-support/test-server.js';
import { GRAPHQL_LIMITS } from './limits.js';
import { printAppSchema } from './print-schema.js';

const env = useTestServer();

function expectNoStack(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/stacktrace|\bat .+\.(ts|js):\d+/);
}

describe('schema/schema.graphql', () => {
  it('is the schema the code builds (run `npm run schema:emit` after changing resolvers)', async () => {
    const committed = readFileSync(new URL('../../../schema/schema.graphql', import.meta.url), 'utf8');
    expect(committed).toBe(await printAppSchema());
  });
});

describe('viewer', () => {
  it('is null when signed out and the user when a session token is sent', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em, { username: 'Viewer_One' });

    const signedOut = await graphql(env.server, '{ viewer { id } }');
    expect(signedOut.body).toEqual({ data: { viewer: null } });

    const signedIn = await graphql(env.server, '{ viewer { databaseId username email termsAcknowledged } }', { token: env.server.tokenFor(user.id) });
    expect(signedIn.body.data).toEqual({ viewer: { databaseId: user.id, username: 'Viewer_One', email: user.email, termsAcknowledged: true } });
  });

  it('treats a forged or expired token as signed out', async () => {
    const forged = await graphql(env.server, '{ viewer { id } }', { token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.' });
    expect(forged.body.data).toEqual({ viewer: null });
  });

  it("hides another user's email and sign-up state", async () => {
    const em = env.server.orm.em.fork();
    const [me, other] = [await createUser(em), await createUser(em, { username: 'Other_Person' })];
    const response = await graphql(env.server, '{ user(username: "other_person") { username email termsAcknowledged } }', { token: env.server.tokenFor(me.id) });
    expect(response.body.data).toEqual({ user: { username: other.username, email: null, termsAcknowledged: false } });
  });
});

describe('caching', () => {
  it('tells caches not to store any answer, data or error', async () => {
    const post = (query: string) =>
      fetch(`${env.server.url}/graphql`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
    const answered = await post('{ viewer { id } }');
    const refused = await post('{ notificationCounts { new } }');
    expect([answered.status, answered.headers.get('cache-control')]).toEqual([200, 'no-store']);
    expect(refused.headers.get('cache-control')).toBe('no-store');
  });
});

describe('errors', () => {
  it('answers an unauthenticated call with the spec message and code, without a stack', async () => {
    const response = await graphql(env.server, '{ notificationCounts { new } }');
    expect(response.body.errors?.[0]).toMatchObject({
      message: 'Please sign up or sign in to do that!',
      extensions: { code: 'UNAUTHENTICATED', status: 401 },
    });
    expectNoStack(response.body);
  });

  it('answers bad input with BAD_USER_INPUT', async () => {
    const response = await graphql(env.server, '{ post(id: "not-a-number") { id } }');
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT', status: 400 });
  });

  it('does not suggest field names to a prober', async () => {
    const response = await graphql(env.server, '{ viewr { id } }');
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).not.toContain('Did you mean');
  });
});

describe('limits', () => {
  it('refuses a query deeper than the limit with a 400 and no stack', async () => {
    // team → members → team → members … : each hop is two levels.
    let selection = 'id';
    for (let level = 0; level < GRAPHQL_LIMITS.maxDepth; level++) selection = `members { nodes { team { ${selection} } } }`;
    const response = await graphql(env.server, `{ team(id: "VGVhbTox") { ${selection} } }`);
    expect(response.status).toBe(400);
    // Depth and cost both grow with nesting; whichever trips first refuses it.
    expect(response.body.errors?.[0]?.message).toMatch(/depth|cost/i);
    expectNoStack(response.body);
  });

  it('refuses too many aliases', async () => {
    const aliases = Array.from({ length: GRAPHQL_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: networks { id }`).join(' ');
    const response = await graphql(env.server, `{ ${aliases} }`);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.message).toMatch(/alias/i);
  });

  it('refuses a query over the token limit with a 400, not a 500', async () => {
    const fields = Array.from({ length: GRAPHQL_LIMITS.maxTokens }, () => 'id').join(' ');
    const response = await graphql(env.server, `{ networks { ${fields} } }`);
    expect(response.status).toBe(400);
    expect(response.body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expectNoStack(response.body);
  });

  it('keeps introspection open for integrators', async () => {
    const response = await graphql<{ __schema: { queryType: { name: string } } }>(env.server, '{ __schema { queryType { name } } }');
    expect(response.body.data?.__schema.queryType.name).toBe('Query');
  });

  it('refuses a GET query without a preflight header (CSRF protection)', async () => {
    const response = await fetch(`${env.server.url}/graphql?query=${encodeURIComponent('{ networks { id } }')}`);
    expect(response.status).toBe(400);
  });
});
