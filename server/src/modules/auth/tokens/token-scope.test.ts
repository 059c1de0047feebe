import { describe, expect, it } from 'vitest';
import { createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { createPersonalAccessToken } from './personal-access-token.service.js';
import { INVALID_TOKEN_MESSAGE, READ_ONLY_TOKEN_MESSAGE } from './token-scope.js';
import type { TokenScope } from '../../../../../domain/token-scopes.js';
import { toGlobalId } from '../../../graphql/global-id.js';

const env = useTestServer();

const REVOKE = 'mutation ($input: RevokePersonalAccessTokenInput!) { revokePersonalAccessToken(input: $input) { revokedPersonalAccessTokenId } }';

async function tokenOf(scope: TokenScope, expiresInDays: number | null = null) {
  const user = await createUser(env.server.orm.em.fork());
  const made = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: scope, expiresInDays, scope });
  return { user, token: made.token, id: made.record.id };
}

function rest(method: string, path: string, token: string, body?: unknown) {
  return fetch(`${env.server.url}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const revokedAt = async (id: number) => (await queryRows<{ revoked_at: Date | null }>(env.database.url, 'select revoked_at from personal_access_tokens where id = $1', [id]))[0]?.revoked_at;

describe('token scopes', () => {
  it('let a read-only token run queries but refuse its mutations, which then change nothing', async () => {
    const { user, token, id } = await tokenOf('read_only');
    expect((await graphql(env.server, '{ viewer { username } }', { token })).body.data).toEqual({ viewer: { username: user.username } });

    const refused = await graphql(env.server, REVOKE, { variables: { input: { id: toGlobalId('PersonalAccessToken', id) } }, token });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ errors: [{ message: READ_ONLY_TOKEN_MESSAGE, extensions: { code: 'FORBIDDEN', status: 403, details: { reason: 'read_only_token' } } }] });
    expect(await revokedAt(id)).toBeNull();
  });

  it('let a read-write token run mutations', async () => {
    const { user, token } = await tokenOf('read_write');
    const other = await createPersonalAccessToken(env.server.orm.em.fork(), user.id, { name: 'other', expiresInDays: null, scope: 'read_write' });
    const answer = await graphql(env.server, REVOKE, { variables: { input: { id: toGlobalId('PersonalAccessToken', other.record.id) } }, token });
    expect(answer.body.errors).toBeUndefined();
    expect(await revokedAt(other.record.id)).not.toBeNull();
  });

  it('refuse REST calls that change things with a read-only token, and allow reads', async () => {
    const readOnly = await tokenOf('read_only');
    expect((await rest('GET', '/auth', readOnly.token)).status).toBe(200);
    const posted = await rest('POST', '/posts', readOnly.token, { url: 'https://www.tiktok.com/@someone/video/7300000000000000001' });
    expect(posted.status).toBe(403);
    expect(await posted.json()).toMatchObject({ success: false, code: 'FORBIDDEN', message: READ_ONLY_TOKEN_MESSAGE });
    expect((await rest('POST', '/auth/signout', readOnly.token)).status).toBe(403);
    expect(await queryRows(env.database.url, 'select id from posts where url like $1', ['%7300000000000000001%'])).toEqual([]);

    const readWrite = await tokenOf('read_write');
    expect((await rest('POST', '/auth/signout', readWrite.token)).status).toBe(200);
  });
});

describe('dead tokens', () => {
  it('answer UNAUTHENTICATED when revoked, expired or unknown, on GraphQL and REST alike', async () => {
    const revoked = await tokenOf('read_write');
    await queryRows(env.database.url, 'update personal_access_tokens set revoked_at = now() where id = $1', [revoked.id]);
    const expired = await tokenOf('read_only', 1);
    await queryRows(env.database.url, `update personal_access_tokens set expires_at = now() - interval '1 minute' where id = $1`, [expired.id]);

    for (const token of [revoked.token, expired.token, 'byl_pat_never-issued']) {
      const answer = await graphql(env.server, '{ viewer { username } }', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ errors: [{ message: INVALID_TOKEN_MESSAGE, extensions: { code: 'UNAUTHENTICATED', status: 401 } }] });
      const viaRest = await rest('GET', '/auth', token);
      expect(viaRest.status).toBe(401);
      expect(await viaRest.json()).toMatchObject({ code: 'UNAUTHENTICATED', message: INVALID_TOKEN_MESSAGE });
    }
  });
});

describe('last use', () => {
  const lastUsed = async (id: number) => (await queryRows<{ last_used_at: Date | null }>(env.database.url, 'select last_used_at from personal_access_tokens where id = $1', [id]))[0]?.last_used_at ?? null;

  it('is recorded, at most once a minute per token', async () => {
    const { token, id } = await tokenOf('read_only');
    expect(await lastUsed(id)).toBeNull();
    await graphql(env.server, '{ viewer { username } }', { token });
    const first = await lastUsed(id);
    expect(first).not.toBeNull();

    // Within the minute: no write, however many calls.
    for (let i = 0; i < 3; i++) await graphql(env.server, '{ viewer { username } }', { token });
    expect(await lastUsed(id)).toEqual(first);

    // Once the recorded use is over a minute old, the next call records itself.
    await queryRows(env.database.url, `update personal_access_tokens set last_used_at = now() - interval '61 seconds' where id = $1`, [id]);
    const before = await lastUsed(id);
    await rest('GET', '/auth', token);
    expect((await lastUsed(id))!.getTime()).toBeGreaterThan(before!.getTime() + 60_000);
  });
});
