import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { User } from '../users/index.js';

const env = useTestServer();

const ADMIN_USERS = `query($search: String, $first: Int!, $after: String) {
  adminUsers(search: $search, first: $first, after: $after) {
    pageInfo { endCursor hasNextPage }
    nodes { createdAt lastSignInAt user { databaseId username name email badges } }
  }
}`;

interface AdminUsersAnswer {
  adminUsers: {
    pageInfo: { endCursor: string | null; hasNextPage: boolean };
    nodes: Array<{ createdAt: string; lastSignInAt: string | null; user: { databaseId: number; username: string | null; name: string | null; email: string | null; badges: string[] } }>;
  };
}

async function newAdmin(): Promise<User> {
  return createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
}

async function listAs(viewer: User | null, variables: { search?: string | null; first?: number; after?: string | null }) {
  return graphql<AdminUsersAnswer>(env.server, ADMIN_USERS, { variables: { first: 20, ...variables }, token: viewer ? env.server.tokenFor(viewer.id) : undefined });
}

/** The usernames of a page, in order. */
async function usernamesFound(viewer: User, search: string): Promise<Array<string | null>> {
  const response = await listAs(viewer, { search });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.adminUsers.nodes.map((node) => node.user.username);
}

async function recordEvent(userId: number, action: string, at: string, masqueradingAdminId: number | null = null): Promise<void> {
  await queryRows(env.database.url, 'insert into audit_logs (action, actor_id, masquerading_admin_id, target, created_at) values ($1, $2, $3, $4, $5)', [
    action,
    userId,
    masqueradingAdminId,
    'users',
    at,
  ]);
}

describe('adminUsers', () => {
  it('lists users to an admin newest first, a page at a time, with when they joined and last signed in', async () => {
    const admin = await newAdmin();
    const tag = uniqueSuffix();
    const em = env.server.orm.em.fork();
    const oldest = await createUser(em, { name: `Paged ${tag} one`, roleFlags: [RoleFlag.pro] });
    const middle = await createUser(em, { name: `Paged ${tag} two` });
    const newest = await createUser(em, { name: `Paged ${tag} three` });
    await recordEvent(middle.id, 'login', '2026-11-01T10:00:00Z');
    await recordEvent(middle.id, 'login', '2026-11-20T10:00:00Z');
    // Neither other activity nor an admin acting as them is a sign-in.
    await recordEvent(middle.id, 'click', '2026-11-21T10:00:00Z');
    await recordEvent(newest.id, 'create', '2026-11-21T11:00:00Z', admin.id);

    const first = await listAs(admin, { search: tag, first: 2 });
    expect(first.body.errors).toBeUndefined();
    const page = first.body.data!.adminUsers;
    expect(page.nodes.map((node) => node.user.databaseId)).toEqual([newest.id, middle.id]);
    expect(page.pageInfo.hasNextPage).toBe(true);
    expect(page.nodes[0]).toEqual({
      createdAt: newest.createdAt.toISOString(),
      lastSignInAt: null,
      user: { databaseId: newest.id, username: newest.username, name: newest.name, email: newest.email, badges: [] },
    });
    expect(page.nodes[1]?.lastSignInAt).toBe('2026-11-20T10:00:00.000Z');

    const second = await listAs(admin, { search: tag, first: 2, after: page.pageInfo.endCursor });
    expect(second.body.data?.adminUsers).toMatchObject({ pageInfo: { hasNextPage: false }, nodes: [{ user: { databaseId: oldest.id, badges: ['PRO'] } }] });

    // Without a search: everyone, the newest account first.
    const everyone = await listAs(admin, { first: 100 });
    const ids = everyone.body.data!.adminUsers.nodes.map((node) => node.user.databaseId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids).toEqual(expect.arrayContaining([admin.id, oldest.id, middle.id, newest.id]));
    expect(ids[0]).toBe(newest.id);
  });

  it('finds users by username, name or email, whatever the case, with % and _ taken literally', async () => {
    const admin = await newAdmin();
    const tag = uniqueSuffix();
    const em = env.server.orm.em.fork();
    await createUser(em, { username: `alpha_${tag}` });
    // Would match "alpha_…" if the underscore were a wildcard.
    await createUser(em, { username: `alphax${tag}` });
    await createUser(em, { username: `b_${tag}`, name: `Beta ${tag} Person` });
    await createUser(em, { username: `g_${tag}`, email: `gamma.${tag}@example.test` });

    expect(await usernamesFound(admin, tag.toUpperCase())).toEqual([`g_${tag}`, `b_${tag}`, `alphax${tag}`, `alpha_${tag}`]);
    expect(await usernamesFound(admin, `ALPHA_${tag}`)).toEqual([`alpha_${tag}`]);
    expect(await usernamesFound(admin, `@alpha_${tag}`)).toEqual([`alpha_${tag}`]);
    expect(await usernamesFound(admin, `beta ${tag} person`)).toEqual([`b_${tag}`]);
    expect(await usernamesFound(admin, ` Gamma.${tag}@Example `)).toEqual([`g_${tag}`]);
    expect(await usernamesFound(admin, `alpha%${tag}`)).toEqual([]);
    expect((await usernamesFound(admin, '   ')).length).toBeGreaterThanOrEqual(5);
  });

  it('answers "not found" to anyone but an admin, as the other admin calls do', async () => {
    const admin = await newAdmin();
    const plain = await createUser(env.server.orm.em.fork());
    const attempts = [
      await listAs(null, {}),
      await listAs(plain, {}),
      // An admin acting as someone is that someone.
      await graphql(env.server, ADMIN_USERS, { variables: { first: 20 }, token: env.server.tokenFor(plain.id, admin.id) }),
    ];
    for (const attempt of attempts) {
      expect(attempt.body.data).toBeNull();
      expect(attempt.body.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND', status: 404 } });
    }
  });

  it('refuses a page over 100 and a search over 100 characters', async () => {
    const admin = await newAdmin();
    expect((await listAs(admin, { first: 101 })).body.errors?.[0]).toMatchObject({ message: 'first must be between 1 and 100', extensions: { code: 'BAD_USER_INPUT' } });
    expect((await listAs(admin, { search: 'x'.repeat(101) })).body.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('adminUsers, batched loading', () => {
  const log = useQueryLog(env);

  it('costs the same number of queries for a page of 2 as for a page of 12', async () => {
    const em = log.orm.em.fork();
    const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });
    const tag = uniqueSuffix();
    for (let i = 0; i < 12; i++) {
      const user = await createUser(em, { name: `Counted ${tag} ${i}` });
      await recordEvent(user.id, 'login', '2026-11-20T10:00:00Z');
    }
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });

    const queriesFor = async (first: number) => {
      const context = log.orm.em.fork();
      const viewer = { user: await context.findOneOrFail(User, admin.id), masqueradingAdminId: null, sessionId: null, plansOpen: false };
      const selects = await log.selectsDuring(async () => {
        const result = await executeGraphQL({
          schema,
          source: ADMIN_USERS,
          variableValues: { search: tag, first },
          contextValue: { em: context, viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
        });
        expect(result.errors).toBeUndefined();
        expect((result.data as unknown as AdminUsersAnswer).adminUsers.nodes).toHaveLength(first);
      });
      return selects.length;
    };

    const small = await queriesFor(2);
    // The users, then their latest sign-ins.
    expect(small).toBe(2);
    expect(await queriesFor(12)).toBe(small);
  });
});
