import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../graphql/global-id.js';
import { createUser } from '../test-support/factories.js';
import { queryRows } from '../test-support/sql.js';
import { graphql, useTestServer } from '../test-support/test-server.js';

/** A built client, so page paths and static files are served too. */
const clientDir = mkdtempSync(path.join(tmpdir(), 'byline-bad-input-client-'));
mkdirSync(path.join(clientDir, 'assets'));
writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
afterAll(() => rmSync(clientDir, { recursive: true, force: true }));

/** Bad input is the client's mistake: a 4xx in the app's shape, never the generic 500. */
const env = useTestServer({ rateLimitPerMinute: 100_000, authAttemptsPerIp: 100_000, authAttemptsPerAccount: 100_000, clientDistDir: clientDir });

const ENCODINGS = ['gzip', 'deflate', 'br', 'zstd'] as const;

function expectNoStack(body: unknown): void {
  expect(JSON.stringify(body)).not.toMatch(/stacktrace|\bat .+\.(ts|js):\d+/);
}

function postRaw(path: string, body: string | Uint8Array, headers: Record<string, string>): Promise<Response> {
  return fetch(`${env.server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

describe('a body whose Content-Encoding does not decode', () => {
  it.each(ENCODINGS)('is a 400 on the REST façade (%s)', async (encoding) => {
    const response = await postRaw('/api/track', '{"action":"view","target":"x"}', { 'content-encoding': encoding });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, code: 'BAD_USER_INPUT', message: `The request body could not be decoded as ${encoding}.` });
  });

  it.each(ENCODINGS)('is a 400 with a GraphQL error on /graphql (%s)', async (encoding) => {
    const response = await postRaw('/graphql', '{"query":"{ viewer { id } }"}', { 'content-encoding': encoding });
    expect(response.status).toBe(400);
    const body: unknown = await response.json();
    expect(body).toEqual({ errors: [{ message: `The request body could not be decoded as ${encoding}.`, extensions: { code: 'BAD_USER_INPUT', status: 400 } }] });
    expectNoStack(body);
  });

  it('still accepts a body that does decode', async () => {
    const response = await postRaw('/graphql', gzipSync('{"query":"{ viewer { id } }"}'), { 'content-encoding': 'gzip' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { viewer: null } });
  });

  it('answers other body errors on /graphql as GraphQL errors too', async () => {
    const response = await postRaw('/graphql', '{"query":', {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_USER_INPUT', status: 400 } }] });
  });
});

describe('a malformed percent-escape in a REST path', () => {
  it.each(['/api/posts/%E0%A4%A', '/api/posts/%', '/media/posts/%E0%A4%A/thumbnail'])('is a 400 with a clear message (%s)', async (path) => {
    const response = await fetch(`${env.server.url}${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, code: 'BAD_USER_INPUT', message: 'The request path contains a malformed percent-escape (%).' });
  });
});

describe('outside the API', () => {
  it('answers a page path with a malformed percent-escape with a 400 and no stack', async () => {
    const response = await fetch(`${env.server.url}/teams/%E0%A4%A`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, code: 'BAD_USER_INPUT', message: 'The request path contains a malformed percent-escape (%).' });
  });

  it('keeps a missing asset a 404', async () => {
    const response = await fetch(`${env.server.url}/assets/missing.js`);
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ success: false, code: 'NOT_FOUND', message: 'Not found' });
  });
});

describe('NUL characters', () => {
  const NUL_TEXT = 'ab\u0000c';

  it.each([
    ['user', 'username', 'query($text: String!) { user(username: $text) { id } }'],
    ['search', 'text', 'query($text: String!) { search(text: $text) { nodes { key } } }'],
    ['postByUrl', 'url', 'query($text: String!) { postByUrl(url: $text) { id } }'],
    ['usernameAvailable', 'username', 'query($text: String!) { usernameAvailable(username: $text) { available } }'],
  ])('in a GraphQL argument (%s, from a variable) are BAD_USER_INPUT', async (field, argument, query) => {
    const response = await graphql(env.server, query, { variables: { text: NUL_TEXT } });
    expect(response.body.errors).toEqual([
      expect.objectContaining({ message: 'Text must not contain NUL characters.', path: [field], extensions: { code: 'BAD_USER_INPUT', status: 400, details: { argument } } }),
    ]);
    expectNoStack(response.body);
  });

  it('in a GraphQL argument written in the query are BAD_USER_INPUT', async () => {
    const response = await graphql(env.server, '{ user(username: "a\\u0000b") { id } }');
    expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'username' } } });
  });

  it('inside an input object are BAD_USER_INPUT', async () => {
    const response = await graphql(env.server, 'mutation($name: String!) { createPersonalAccessToken(input: { name: $name }) { __typename } }', { variables: { name: NUL_TEXT } });
    expect(response.body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', details: { argument: 'input.name' } } });
  });

  it('in a REST body (the invitation code of a sign-up) are a 400', async () => {
    const response = await postRaw('/api/auth/email/signup', JSON.stringify({ email: 'nul@example.com', password: 'Tr1cky-Walrus-Umbrella', invitationCode: NUL_TEXT }), {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, code: 'BAD_USER_INPUT', message: 'Text must not contain NUL characters.', details: { field: 'invitationCode' } });
  });

  it('in a REST query or path are a 400', async () => {
    for (const path of ['/api/auth/email/check?email=a%00@example.com', '/api/posts/by-url?url=https://x.com/a%00b', '/api/posts/1%00']) {
      const response = await fetch(`${env.server.url}${path}`);
      expect(response.status, path).toBe(400);
      expect(((await response.json()) as { message: string }).message, path).toBe('Text must not contain NUL characters.');
    }
  });
});

const STATS_SERIES =
  'query($subject: StatsSubjectInput!) { statsSeries(input: { subject: $subject, metric: VIEWS, interval: DAY, from: "2026-01-01T00:00:00.000Z", to: "2026-01-31T00:00:00.000Z" }) { __typename } }';

describe('an id the database could not hold', () => {
  // One past PostgreSQL's int, the type of every id column a global id names.
  const tooBig = toGlobalId('Post', 2_147_483_648);

  it('is BAD_USER_INPUT where one object of a type is asked for (post(id:))', async () => {
    const response = await graphql(env.server, 'query($id: ID!) { post(id: $id) { id } }', { variables: { id: tooBig } });
    expect(response.status).toBe(200);
    expect(response.body.errors).toEqual([expect.objectContaining({ message: 'Invalid id', path: ['post'], extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', status: 400 }) })]);
    expectNoStack(response.body);
  });

  it.each([
    ['Post', tooBig],
    // Credit roles and networks are keyed by a smallint.
    ['CreditRole', toGlobalId('CreditRole', 32_768)],
    ['Network', toGlobalId('Network', 32_768)],
  ])('is no object for node(id:), as any other id that names nothing (%s)', async (_type, id) => {
    const response = await graphql(env.server, 'query($id: ID!) { node(id: $id) { id } }', { variables: { id } });
    expect(response.body).toEqual({ data: { node: null } });
  });

  it.each(['/api/posts/2147483648', '/media/posts/2147483648/thumbnail', '/api/teams/reports/4294967296/csv'])('is a 400 in a REST path (%s)', async (path) => {
    const response = await fetch(`${env.server.url}${path}`);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, code: 'BAD_USER_INPUT', message: 'Invalid id', details: { field: 'id' } });
  });

  it.each([
    ['postId', { postId: tooBig }],
    ['roleId, a smallint', { userId: toGlobalId('User', 1), roleId: toGlobalId('CreditRole', 32_768) }],
  ])('is BAD_USER_INPUT inside an input object (statsSeries %s)', async (_label, subject) => {
    const response = await graphql(env.server, STATS_SERIES, { variables: { subject } });
    expect(response.body.errors).toEqual([expect.objectContaining({ message: 'Invalid id', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', status: 400 }) })]);
  });
});

describe('a page cursor naming a row past the int range', () => {
  it.each(['after', 'before'])('is an invalid cursor (posts(%s:))', async (argument) => {
    const cursor = Buffer.from('id:2147483648').toString('base64url');
    const response = await graphql(env.server, `query($cursor: String) { posts(${argument}: $cursor) { nodes { id } } }`, { variables: { cursor } });
    expect(response.body.errors).toEqual([expect.objectContaining({ message: 'Invalid cursor', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT', status: 400 }) })]);
  });
});

describe('an empty id', () => {
  const EMPTY_ID_MESSAGE = 'An id must not be empty.';

  it.each(['postId', 'socialAccountId', 'userId', 'listId', 'teamReportId'])('is BAD_USER_INPUT as a statsSeries subject (%s)', async (field) => {
    const response = await graphql(env.server, STATS_SERIES, { variables: { subject: { [field]: '' } } });
    expect(response.body.errors).toEqual([
      expect.objectContaining({ message: EMPTY_ID_MESSAGE, path: ['statsSeries'], extensions: { code: 'BAD_USER_INPUT', status: 400, details: { argument: `input.subject.${field}` } } }),
    ]);
    expectNoStack(response.body);
  });

  it('is BAD_USER_INPUT for node(id:) and in a list of ids', async () => {
    const single = await graphql(env.server, '{ node(id: "") { id } }');
    expect(single.body.errors?.[0]).toMatchObject({ message: EMPTY_ID_MESSAGE, extensions: { code: 'BAD_USER_INPUT', details: { argument: 'id' } } });
    const many = await graphql(env.server, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { variables: { ids: [toGlobalId('Post', 1), ''] } });
    expect(many.body.errors?.[0]).toMatchObject({ message: EMPTY_ID_MESSAGE, extensions: { code: 'BAD_USER_INPUT', details: { argument: 'ids.1' } } });
  });
});

describe('unpaired UTF-16 surrogates', () => {
  const LONE_SURROGATE_MESSAGE = 'Text must not contain unpaired surrogate characters.';
  const LONE = 'fuzz\uD800@example.com';

  async function auditRows(): Promise<number> {
    const [row] = await queryRows<{ count: string }>(env.database.url, 'select count(*) from audit_logs');
    return Number(row?.count);
  }

  async function usersWithEmailLike(pattern: string): Promise<number> {
    const [row] = await queryRows<{ count: string }>(env.database.url, 'select count(*) from users where email like $1', [pattern]);
    return Number(row?.count);
  }

  it.each([
    ['/api/auth/email/signin', { email: LONE, password: 'Tr1cky-Walrus-Umbrella' }, 'email'],
    ['/api/auth/email/signup', { email: LONE, password: 'Tr1cky-Walrus-Umbrella', invitationCode: 'abcdef123456' }, 'email'],
    ['/api/track', { action: 'view', target: 'post', targetId: 'a\uDC00b' }, 'targetId'],
    ['/api/track', { action: 'view', target: 'post', fields: { note: '\uDBFF' } }, 'fields.note'],
  ])('in a REST body are a 400 that records nothing (%s %s)', async (path, body, field) => {
    const auditBefore = await auditRows();
    const response = await postRaw(path, JSON.stringify(body), {});
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, code: 'BAD_USER_INPUT', message: LONE_SURROGATE_MESSAGE, details: { field } });
    expect(await auditRows()).toBe(auditBefore);
    expect(await usersWithEmailLike('fuzz%@example.com')).toBe(0);
  });

  it('in a key of a REST body are a 400', async () => {
    const response = await postRaw('/api/track', '{"action":"view","target":"post","fields":{"\\ud800":"x"}}', {});
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe(LONE_SURROGATE_MESSAGE);
  });

  it('in a GraphQL argument are BAD_USER_INPUT and record nothing (inviteFriend)', async () => {
    const em = env.server.orm.em.fork();
    const inviter = await createUser(em);
    const auditBefore = await auditRows();
    const response = await graphql(env.server, 'mutation($input: InviteFriendInput!) { inviteFriend(input: $input) { email } }', {
      token: env.server.tokenFor(inviter.id),
      variables: { input: { email: LONE } },
    });
    expect(response.body.errors).toEqual([
      expect.objectContaining({ message: LONE_SURROGATE_MESSAGE, path: ['inviteFriend'], extensions: { code: 'BAD_USER_INPUT', status: 400, details: { argument: 'input.email' } } }),
    ]);
    expect(await auditRows()).toBe(auditBefore);
    const [invitations] = await queryRows<{ count: string }>(env.database.url, 'select count(*) from user_invitations where inviter_id = $1', [inviter.id]);
    expect(Number(invitations?.count)).toBe(0);
  });

  it('leave well-formed text alone: a pair of surrogates is one character (an emoji)', async () => {
    const response = await postRaw('/api/track', JSON.stringify({ action: 'view', target: 'post', fields: { note: '🙂' } }), {});
    expect(response.status).toBe(200);
  });
});
