import { ref } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { SETTINGS_MESSAGES } from '../../../../domain/profile-settings.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createPost, createSession, createUser, creditUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { openSession, createPersonalAccessToken } from '../auth/index.js';
import { Credit } from '../credits/index.js';
import { User } from '../users/index.js';

const env = useTestServer();

const DELETE = 'mutation($input: DeleteAccountInput!) { deleteAccount(input: $input) { deletedUserId } }';

describe('deleteAccount', () => {
  it('removes the account and its own credits, keeps credits it gave others as a former member’s, ends sessions and tokens, and audits', async () => {
    const em = env.server.orm.em.fork();
    const leaving = await createUser(em);
    const friend = await createUser(em);
    const post = await createPost(em, { createdBy: leaving });
    const ownCredit = await creditUser(em, post, leaving);
    const givenCredit = await creditUser(em, post, friend, 2);
    givenCredit.addedBy = ref(leaving);
    givenCredit.status = 'accepted';
    await em.flush();

    const session = await createSession(em, env.server.config, leaving.id);
    const otherSession = await createSession(em, env.server.config, leaving.id);
    const { token: pat } = await createPersonalAccessToken(em, leaving.id, { name: 'ci', expiresInDays: null, scope: 'read_only' });

    const answer = await graphql<{ deleteAccount: { deletedUserId: string } }>(env.server, DELETE, { token: session.accessToken, variables: { input: { confirm: true } } });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.deleteAccount.deletedUserId).toBe(toGlobalId('User', leaving.id));

    const check = env.server.orm.em.fork();
    expect(await check.findOne(User, leaving.id)).toBeNull();
    expect(await check.findOne(Credit, ownCredit.id)).toBeNull();
    const kept = await queryRows<{ user_id: number; added_by_id: number | null }>(env.database.url, 'select user_id, added_by_id from credits where id = $1', [givenCredit.id]);
    expect(kept).toEqual([{ user_id: friend.id, added_by_id: null }]);
    // The post they tracked stays, without a tracker.
    expect(await queryRows(env.database.url, 'select created_by_id from posts where id = $1', [post.id])).toEqual([{ created_by_id: null }]);

    const sessions = await queryRows<{ id: number }>(env.database.url, 'select id from auth_sessions where user_id = $1', [leaving.id]);
    expect(sessions).toEqual([]);
    for (const token of [session.accessToken, otherSession.accessToken]) {
      const viewer = await graphql<{ viewer: unknown }>(env.server, '{ viewer { id } }', { token });
      expect(viewer.body.data?.viewer).toBeNull();
    }
    const withToken = await graphql(env.server, '{ viewer { id } }', { token: pat });
    expect(withToken.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const audit = await queryRows<{ actor_id: number | null; fields: { username: string } }>(
      env.database.url,
      `select actor_id, fields from audit_logs where action = 'delete' and target = 'users' and target_id = $1`,
      [String(leaving.id)],
    );
    expect(audit).toEqual([{ actor_id: null, fields: { username: leaving.username } }]);
  });

  it('frees the username for someone else', async () => {
    const em = env.server.orm.em.fork();
    const leaving = await createUser(em);
    const session = await createSession(em, env.server.config, leaving.id);
    await graphql(env.server, DELETE, { token: session.accessToken, variables: { input: { confirm: true } } });

    const newcomer = await createUser(em, { username: null });
    const taken = await graphql<{ updateSettings: { user: { username: string } } }>(
      env.server,
      'mutation($input: UpdateSettingsInput!) { updateSettings(input: $input) { user { username } } }',
      { token: env.server.tokenFor(newcomer.id), variables: { input: { username: leaving.username } } },
    );
    expect(taken.body.data?.updateSettings.user.username).toBe(leaving.username);
  });

  it('needs confirm: true and a signed-in session (not a personal access token); an admin may do it masquerading', async () => {
    const em = env.server.orm.em.fork();
    const user = await createUser(em);
    const session = await createSession(em, env.server.config, user.id);
    const unconfirmed = await graphql(env.server, DELETE, { token: session.accessToken, variables: { input: { confirm: false } } });
    expect(unconfirmed.body.errors?.[0]?.message).toBe(SETTINGS_MESSAGES.deleteNeedsConfirmation);

    const { token: pat } = await createPersonalAccessToken(em, user.id, { name: 'ci', expiresInDays: null, scope: 'read_write' });
    const byToken = await graphql(env.server, DELETE, { token: pat, variables: { input: { confirm: true } } });
    expect(byToken.body.errors?.[0]).toMatchObject({ message: SETTINGS_MESSAGES.deleteNeedsSession, extensions: { code: 'FORBIDDEN' } });
    expect(await env.server.orm.em.fork().findOne(User, user.id)).not.toBeNull();

    const signedOut = await graphql(env.server, DELETE, { variables: { input: { confirm: true } } });
    expect(signedOut.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    // Support deleting an account on request: the admin masquerades (a session of their own).
    const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });
    const masquerade = await openSession(em, env.server.config, { userId: user.id, masqueradingAdminId: admin.id });
    const bySupport = await graphql(env.server, DELETE, { token: masquerade.accessToken, variables: { input: { confirm: true } } });
    expect(bySupport.body.errors).toBeUndefined();
    expect(await env.server.orm.em.fork().findOne(User, user.id)).toBeNull();
    const audit = await queryRows<{ masquerading_admin_id: number }>(
      env.database.url,
      `select masquerading_admin_id from audit_logs where action = 'delete' and target = 'users' and target_id = $1`,
      [String(user.id)],
    );
    expect(audit).toEqual([{ masquerading_admin_id: admin.id }]);
  });
});
