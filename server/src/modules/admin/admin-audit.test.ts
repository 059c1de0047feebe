import { describe, expect, it } from 'vitest';
import { AUDIT_LOG_SIZE } from '../../../../domain/constants.js';
import { RoleFlag } from '../../../../domain/enums.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

const env = useTestServer();

const AUDIT_LOG = `query($userId: ID!) { adminUserAuditLog(userId: $userId) { action subject subjectId byAdminActingAsThem createdAt } }`;

interface Entry {
  action: string;
  subject: string;
  subjectId: string | null;
  byAdminActingAsThem: boolean;
  createdAt: string;
}

const auditLogOf = (userId: number, token: string | undefined) =>
  graphql<{ adminUserAuditLog: Entry[] }>(env.server, AUDIT_LOG, { token, variables: { userId: toGlobalId('User', userId) } });

describe('adminUserAuditLog', () => {
  it(`shows an admin a person's latest ${AUDIT_LOG_SIZE} actions, newest first`, async () => {
    const em = env.server.orm.em.fork();
    const [admin, person, other] = [await createUser(em, { roleFlags: [RoleFlag.admin] }), await createUser(em), await createUser(em)];
    // One more than the page holds, a minute apart, the oldest first; and one of someone else's.
    await queryRows(
      env.database.url,
      `insert into audit_logs (action, actor_id, masquerading_admin_id, target, target_id, created_at)
       select case when n % 2 = 0 then 'update' else 'create' end, $1, case when n = $2 then $3::int end, 'posts', n::text, now() - (($2 - n) * interval '1 minute')
       from generate_series(0, $2::int) as n`,
      [person.id, AUDIT_LOG_SIZE, admin.id],
    );
    await queryRows(env.database.url, `insert into audit_logs (action, actor_id, target, created_at) values ('delete', $1, 'lists', now())`, [other.id]);

    const response = await auditLogOf(person.id, env.server.tokenFor(admin.id));
    expect(response.body.errors).toBeUndefined();
    const log = response.body.data!.adminUserAuditLog;
    expect(log).toHaveLength(AUDIT_LOG_SIZE);
    expect(log[0]).toEqual({ action: 'UPDATE', subject: 'posts', subjectId: String(AUDIT_LOG_SIZE), byAdminActingAsThem: true, createdAt: expect.any(String) });
    expect(log[1]).toMatchObject({ action: 'CREATE', subjectId: String(AUDIT_LOG_SIZE - 1), byAdminActingAsThem: false });
    // The oldest of the 101 is left out; the order is newest first throughout.
    expect(log.at(-1)!.subjectId).toBe('1');
    const times = log.map((entry) => Date.parse(entry.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(log.some((entry) => entry.subject === 'lists')).toBe(false);
  });

  it('answers a signed-out stranger and a member who is not an admin "not found"', async () => {
    const em = env.server.orm.em.fork();
    const [person, member] = [await createUser(em), await createUser(em)];
    await queryRows(env.database.url, `insert into audit_logs (action, actor_id, target) values ('create', $1, 'posts')`, [person.id]);
    for (const token of [undefined, env.server.tokenFor(member.id), env.server.tokenFor(person.id)]) {
      const response = await auditLogOf(person.id, token);
      expect(response.body.data).toBeNull();
      expect(response.body.errors?.[0]).toMatchObject({ message: 'Not found', extensions: { code: 'NOT_FOUND' } });
    }
  });
});
