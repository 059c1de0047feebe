import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../../domain/enums.js';
import * as MESSAGES from '../../../../../domain/messages.js';
import { createSession, createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { openSession } from '../sessions/session.service.js';
import { INVALID_TOKEN_MESSAGE } from './token-scope.js';

const env = useTestServer();

const CREATE = `mutation ($input: CreatePersonalAccessTokenInput!) {
  createPersonalAccessToken(input: $input) { secret personalAccessToken { id databaseId name tokenHint scope expiresAt lastUsedAt } }
}`;
const LIST = `{ personalAccessTokens(first: 10) {
  totalCount pageInfo { hasNextPage endCursor } edges { cursor node { id name tokenHint scope createdAt lastUsedAt expiresAt } }
} }`;
const REVOKE = 'mutation ($input: RevokePersonalAccessTokenInput!) { revokePersonalAccessToken(input: $input) { revokedPersonalAccessTokenId } }';

interface CreatedToken {
  secret: string;
  personalAccessToken: { id: string; databaseId: number; name: string; tokenHint: string; scope: string; expiresAt: string | null; lastUsedAt: string | null };
}
interface Listed {
  personalAccessTokens: { totalCount: number; pageInfo: { hasNextPage: boolean }; edges: Array<{ node: Record<string, unknown> }> };
}

describe('personal access tokens (GraphQL)', () => {
  it('are created once with a scope, work as a bearer token, list as a connection without the secret, and stop working when revoked', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em);
    const { accessToken } = await createSession(em, env.server.config, user.id);

    const created = await graphql<{ createPersonalAccessToken: CreatedToken }>(env.server, CREATE, {
      variables: { input: { name: ' CI export ', expiresInDays: 30, scope: 'READ_ONLY' } },
      token: accessToken,
    });
    const { secret, personalAccessToken } = created.body.data!.createPersonalAccessToken;
    expect(secret).toMatch(/^byl_pat_/);
    expect(personalAccessToken).toMatchObject({ name: 'CI export', tokenHint: secret.slice(-4), scope: 'READ_ONLY', lastUsedAt: null });
    expect(new Date(personalAccessToken.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const asIntegrator = await graphql(env.server, '{ viewer { username } }', { token: secret });
    expect(asIntegrator.body.data).toEqual({ viewer: { username: user.username } });

    const listed = await graphql<Listed>(env.server, LIST, { token: accessToken });
    expect(listed.body.data?.personalAccessTokens).toMatchObject({ totalCount: 1, pageInfo: { hasNextPage: false } });
    const [edge] = listed.body.data!.personalAccessTokens.edges;
    expect(edge?.node).toMatchObject({ id: personalAccessToken.id, name: 'CI export', tokenHint: secret.slice(-4), scope: 'READ_ONLY' });
    expect(edge?.node.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(secret);

    // node(id:) answers the owner only.
    const nodeQuery = 'query ($id: ID!) { node(id: $id) { ... on PersonalAccessToken { name } } }';
    expect((await graphql(env.server, nodeQuery, { variables: { id: personalAccessToken.id }, token: accessToken })).body.data).toEqual({ node: { name: 'CI export' } });
    const stranger = await createUser(em);
    const strangerToken = env.server.tokenFor(stranger.id);
    expect((await graphql(env.server, nodeQuery, { variables: { id: personalAccessToken.id }, token: strangerToken })).body.data).toEqual({ node: null });

    // A token must not mint tokens.
    const minted = await graphql(env.server, CREATE, { variables: { input: { name: 'child' } }, token: secret });
    expect(minted.body.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN' });

    const notTheirs = await graphql(env.server, REVOKE, { variables: { input: { id: personalAccessToken.id } }, token: strangerToken });
    expect(notTheirs.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });

    const revoked = await graphql(env.server, REVOKE, { variables: { input: { id: personalAccessToken.id } }, token: accessToken });
    expect(revoked.body.data).toEqual({ revokePersonalAccessToken: { revokedPersonalAccessTokenId: personalAccessToken.id } });
    const refused = await graphql(env.server, '{ viewer { username } }', { token: secret });
    expect(refused.status).toBe(401);
    expect(refused.body.errors).toEqual([{ message: INVALID_TOKEN_MESSAGE, extensions: { code: 'UNAUTHENTICATED', status: 401 } }]);
    expect((await graphql<Listed>(env.server, LIST, { token: accessToken })).body.data?.personalAccessTokens.totalCount).toBe(0);

    const audits = await queryRows<{ action: string; target: string }>(env.database.url, 'select action, target from audit_logs where actor_id = $1 order by id', [user.id]);
    expect(audits).toEqual([
      { action: 'create', target: 'personal_access_tokens' },
      { action: 'delete', target: 'personal_access_tokens' },
    ]);
  });

  it('are read-only unless asked otherwise', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const { accessToken } = await createSession(env.server.orm.em.fork(), env.server.config, user.id);
    const created = await graphql<{ createPersonalAccessToken: CreatedToken }>(env.server, CREATE, { variables: { input: { name: 'default' } }, token: accessToken });
    expect(created.body.data?.createPersonalAccessToken.personalAccessToken).toMatchObject({ scope: 'READ_ONLY', expiresAt: null });
  });

  it('refuses to create one while an admin masquerades, and bad input', async () => {
    const em = env.server.orm.em.fork();
    const [admin, user] = [await createUser(em, { roleFlags: [RoleFlag.admin] }), await createUser(em)];
    // A real masquerade session (it names its session), so only the masquerade refuses it.
    const masqueradeSession = await openSession(em, env.server.config, { userId: user.id, masqueradingAdminId: admin.id });
    const masquerade = await graphql(env.server, CREATE, { variables: { input: { name: 'x' } }, token: masqueradeSession.accessToken });
    expect(masquerade.body.errors?.[0]).toMatchObject({ message: MESSAGES.tokensNeedSession, extensions: { code: 'FORBIDDEN' } });

    const { accessToken } = await createSession(em, env.server.config, user.id);
    for (const name of ['  ', '\u0000']) {
      const unnamed = await graphql(env.server, CREATE, { variables: { input: { name } }, token: accessToken });
      expect(unnamed.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    }
    const forever = await graphql(env.server, CREATE, { variables: { input: { name: 'x', expiresInDays: 5000 } }, token: accessToken });
    expect(forever.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    const unknownScope = await graphql(env.server, CREATE, { variables: { input: { name: 'x', scope: 'ADMIN' } }, token: accessToken });
    expect(unknownScope.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
    expect((await graphql(env.server, LIST)).body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
