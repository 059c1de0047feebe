import { describe, expect, it } from 'vitest';
import { createUser, uniqueSuffix } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';

// As behind a load balancer on loopback, which names the caller in X-Forwarded-For.
const env = useTestServer({ trustProxy: ['loopback'] });

async function track(body: unknown, options: { token?: string; ip?: string } = {}) {
  const response = await fetch(`${env.server.url}/api/track`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      // One "visitor" per test, as the load balancer on loopback reports it.
      'x-forwarded-for': options.ip ?? '10.0.0.1',
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: unknown; message?: string } };
}

describe('POST /api/track (audit event)', () => {
  it('records a client event for a signed-in user and for a visitor', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const target = `profile.${uniqueSuffix()}`;
    expect(await track({ action: 'click', target, targetId: 42, fields: { source: 'menu', position: 3, pro: true, note: null } }, { token: env.server.tokenFor(user.id) })).toEqual({
      status: 200,
      body: { success: true, data: { recorded: true } },
    });
    expect((await track({ action: 'signinError', target })).body.data).toEqual({ recorded: true });

    const rows = await queryRows(env.database.url, 'select action, actor_id, masquerading_admin_id, target_id, fields from audit_logs where target = $1 order by id', [target]);
    expect(rows).toEqual([
      { action: 'click', actor_id: user.id, masquerading_admin_id: null, target_id: '42', fields: { source: 'menu', position: 3, pro: true, note: null } },
      { action: 'signinError', actor_id: null, masquerading_admin_id: null, target_id: null, fields: {} },
    ]);
  });

  it.each([
    ['an unknown action', { action: 'hack', target: 'x' }, /action must be one of: click, view, read, list, signinError, signupError/],
    ['a server-side action', { action: 'login', target: 'users' }, /recorded by the server/],
    ['no target', { action: 'view' }, /target must be 1 to 64/],
    ['a target with spaces', { action: 'view', target: 'a b' }, /target must be 1 to 64/],
    ['a long target', { action: 'view', target: 'x'.repeat(65) }, /target must be 1 to 64/],
    ['a long targetId', { action: 'view', target: 'x', targetId: 'y'.repeat(65) }, /targetId/],
    ['nested fields', { action: 'view', target: 'x', fields: { deep: { a: 1 } } }, /fields values/],
    ['array fields', { action: 'view', target: 'x', fields: [1, 2] }, /fields must be an object/],
    ['too many keys', { action: 'view', target: 'x', fields: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, i])) }, /at most 20 keys/],
    ['too many bytes', { action: 'view', target: 'x', fields: { a: 'x'.repeat(2100) } }, /at most 2048 bytes/],
    ['not an object', ['view'], /JSON object/],
    // Refused for every route at once (http/unstorable-text-guard.ts), naming the field.
    ['a NUL in targetId', { action: 'view', target: 'x', targetId: 'a\u0000' }, /NUL characters/],
    ['a NUL in a field', { action: 'view', target: 'x', fields: { a: 'b\u0000' } }, /NUL characters/],
  ])('refuses %s with a 400', async (_label, body, message) => {
    const answer = await track(body, { ip: '10.0.0.2' });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(message);
  });

  it('limits events per address', async () => {
    const answers = await Promise.all(Array.from({ length: 125 }, () => track({ action: 'view', target: 'flood' }, { ip: '10.0.0.3' })));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(120);
    expect(answers.filter((answer) => answer.status === 429)).toHaveLength(5);
    // Another address is not affected.
    expect((await track({ action: 'view', target: 'flood' }, { ip: '10.0.0.4' })).status).toBe(200);
  });
});
