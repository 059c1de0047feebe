import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../../domain/enums.js';
import { MESSAGES } from '../../../../../domain/messages.js';
import { createSession, createUser } from '../../../test-support/factories.js';
import { queryRows } from '../../../test-support/sql.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { openSession } from '../sessions/session.service.js';

const env = useTestServer();

const CREATE = `mutation ($input: CreatePersonalAccessTokenInput!) {
  createPersonalAccessToken(input: $input) { token personalAccessToken { id name tokenHint expiresAt lastUsedAt } }
}`;
const LIST = '{ personalAccessTokens { id name tokenHint createdAt lastUsedAt expiresAt } }';
const REVOKE = 'mutation ($id: ID!) { revokePersonalAccessToken(id: $id) }';

interface Created {
  createPersonalAccessToken: { token: string; personalAccessToken: { id: string; name: string; tokenHint: string; expiresAt: string | null; lastUsedAt: string | null } };
}

describe('personal access tokens (GraphQL)', () => {
  it('are created once, work as a bearer token, list without the secret, and stop working when revoked', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em);
    const { accessToken } = await createSession(em, env.server.config, user.id);

    const created = await graphql<Created>(env.server, CREATE, { variables: { input: { name: ' CI export ', expiresInDays: 30 } }, token: accessToken });
    const { token, personalAccessToken } = created.body.data!.createPersonalAccessToken;
    expect(token).toMatch(/^byl_pat_/);
    expect(personalAccessToken).toMatchObject({ name: 'CI export', tokenHint: token.slice(-4), lastUsedAt: null });
    expect(new Date(personalAccessToken.expiresAt!).getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000);

    const asIntegrator = await graphql(env.server, '{ viewer { databaseId } }', { token });
    expect(asIntegrator.body.data).toEqual({ viewer: { databaseId: user.id } });

    const listed = await graphql<{ personalAccessTokens: Array<Record<string, unknown>> }>(env.server, LIST, { token: accessToken });
    expect(listed.body.data?.personalAccessTokens).toHaveLength(1);
    expect(listed.body.data?.personalAccessTokens[0]).toMatchObject({ id: personalAccessToken.id, name: 'CI export', tokenHint: token.slice(-4) });
    expect(listed.body.data?.personalAccessTokens[0]?.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(listed.body)).not.toContain(token);

    // A token must not mint tokens.
    const minted = await graphql(env.server, CREATE, { variables: { input: { name: 'child' } }, token });
    expect(minted.body.errors?.[0]).toMatchObject({ message: MESSAGES.tokensNeedSession, extensions: { code: 'FORBIDDEN' } });

    const stranger = await createUser(em);
    const notTheirs = await graphql(env.server, REVOKE, { variables: { id: personalAccessToken.id }, token: env.server.tokenFor(stranger.id) });
    expect(notTheirs.body.errors?.[0]?.extensions).toMatchObject({ code: 'NOT_FOUND' });

    expect((await graphql(env.server, REVOKE, { variables: { id: personalAccessToken.id }, token: accessToken })).body.data).toEqual({ revokePersonalAccessToken: true });
    const refused = await graphql(env.server, '{ viewer { id } }', { token });
    expect(refused.body.data).toEqual({ viewer: null });
    expect((await graphql(env.server, LIST, { token: accessToken })).body.data).toEqual({ personalAccessTokens: [] });

    const audits = await queryRows<{ action: string; target: string }>(env.database.url, 'select action, target from audit_logs where actor_id = $1 order by id', [user.id]);
    expect(audits).toEqual([
      { action: 'create', target: 'personal_access_tokens' },
      { action: 'delete', target: 'personal_access_tokens' },
    ]);
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
    expect((await graphql(env.server, LIST)).body.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
