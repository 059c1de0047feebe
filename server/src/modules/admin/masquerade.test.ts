import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { createSession, createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { revokeUserSessions } from '../auth/index.js';

const env = useTestServer();

/** A browser's cookie jar, enough for these calls: name → value, updated from Set-Cookie. */
class CookieJar {
  readonly values = new Map<string, string>();

  constructor(header = '') {
    for (const pair of header.split('; ').filter(Boolean)) {
      const [name, ...rest] = pair.split('=');
      this.values.set(name!, rest.join('='));
    }
  }

  take(response: Response): void {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const [name, ...rest] = pair!.split('=');
      const value = rest.join('=');
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(cookie)) this.values.delete(name!);
      else this.values.set(name!, value);
    }
  }

  get header(): string {
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

async function call(method: string, path: string, options: { jar?: CookieJar; token?: string; body?: unknown; bearer?: boolean } = {}) {
  const response = await fetch(`${env.server.url}${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.jar ? { cookie: options.jar.header } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.bearer ? { 'x-session-transport': 'bearer' } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  options.jar?.take(response);
  return { status: response.status, body: (await response.json()) as { success: boolean; data?: Record<string, unknown>; message?: string } };
}

async function people() {
  const em = env.server.orm.em.fork();
  const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });
  const target = await createUser(em);
  return { admin, target, adminSession: await createSession(em, env.server.config, admin.id) };
}

describe('POST /api/admin/masquerade', () => {
  it('answers "not found" to anyone but an admin, whatever they send', async () => {
    const { admin, target } = await people();
    const em = env.server.orm.em.fork();
    const plain = await createUser(em);
    const plainSession = await createSession(em, env.server.config, plain.id);
    const attempts = [
      await call('POST', '/api/admin/masquerade', { body: { userId: target.id } }),
      await call('POST', '/api/admin/masquerade', { jar: new CookieJar(plainSession.cookie), body: { userId: target.id, isAdmin: true, masqueradingAdminId: admin.id } }),
      await call('POST', '/api/admin/masquerade', { jar: new CookieJar(plainSession.cookie), body: [target.id] }),
      // A signed token claiming an admin behind a non-admin grants nothing.
      await call('POST', '/api/admin/masquerade', { token: env.server.tokenFor(plain.id, admin.id), body: { userId: target.id } }),
    ];
    for (const attempt of attempts) expect(attempt).toEqual({ status: 404, body: expect.objectContaining({ success: false, message: 'Not found' }) });
    expect(await queryRows(env.database.url, 'select id from auth_sessions where user_id = $1', [target.id])).toEqual([]);
  });

  it('lets an admin act as a user and stop again, auditing every action with both identities', async () => {
    const { admin, target, adminSession } = await people();
    const jar = new CookieJar(adminSession.cookie);

    const started = await call('POST', '/api/admin/masquerade', { jar, body: { userId: String(target.id) } });
    expect(started.status).toBe(200);
    expect(started.body.data).toEqual({ user: expect.objectContaining({ id: target.id, isMasquerading: true }) });
    expect(started.body.data).not.toHaveProperty('token');
    expect(jar.values.get('masquerade')).toBe(String(target.id));
    expect(jar.values.get('byline_admin_refresh')).toBe(adminSession.refreshToken);
    expect(jar.values.get('byline_refresh')).not.toBe(adminSession.refreshToken);

    const session = await call('GET', '/api/auth', { jar });
    expect(session.body.data).toMatchObject({ id: target.id, isMasquerading: true });

    // A masquerading admin cannot start another masquerade (the viewer is now the user).
    expect((await call('POST', '/api/admin/masquerade', { jar, body: { userId: admin.id } })).status).toBe(404);

    const mutation = await fetch(`${env.server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: jar.header },
      body: JSON.stringify({ query: 'mutation { updateProfile(input: { name: "Acted As" }) { user { name isMasquerading } } }' }),
    });
    expect(await mutation.json()).toEqual({ data: { updateProfile: { user: { name: 'Acted As', isMasquerading: true } } } });
    expect((await call('POST', '/api/auth/refresh', { jar })).status).toBe(200);
    expect((await call('POST', '/api/track', { jar, body: { action: 'click', target: 'menu.billing' } })).body.data).toEqual({ recorded: true });

    const stopped = await call('DELETE', '/api/admin/masquerade', { jar });
    expect(stopped).toEqual({ status: 200, body: { success: true, data: { returnTo: '/' } } });
    expect(jar.values.has('masquerade')).toBe(false);
    expect(jar.values.has('byline_admin_refresh')).toBe(false);
    expect(jar.values.get('byline_refresh')).toBe(adminSession.refreshToken);
    expect((await call('GET', '/api/auth', { jar })).body.data).toMatchObject({ id: admin.id, isMasquerading: false });

    const masqueradeSessions = await queryRows<{ revoked: boolean }>(env.database.url, 'select revoked_at is not null as revoked from auth_sessions where user_id = $1 and masquerading_admin_id = $2', [target.id, admin.id]);
    expect(masqueradeSessions).toEqual([{ revoked: true }]);

    const audits = await queryRows<{ action: string; target: string; target_id: string | null; masquerading_admin_id: number; fields: Record<string, unknown> }>(
      env.database.url,
      'select action, target, target_id, masquerading_admin_id, fields from audit_logs where actor_id = $1 order by id',
      [target.id],
    );
    expect(audits.every((row) => row.masquerading_admin_id === admin.id)).toBe(true);
    // REST rows are written once the answer is sent, so their place in the order may vary.
    expect(audits.map((row) => `${row.action} ${row.target}`).sort()).toEqual(
      ['create masquerade', 'update users', 'update updateProfile', 'create api:/auth/refresh', 'click menu.billing', 'delete masquerade'].sort(),
    );
    const byTarget = (name: string) => audits.find((row) => row.target === name);
    expect(byTarget('masquerade')?.target_id).toBe(String(target.id));
    expect(byTarget('updateProfile')?.fields).toEqual({ via: 'graphql', arguments: ['input.name'], outcome: 'ok' });
    expect(byTarget('api:/auth/refresh')?.fields).toMatchObject({ via: 'rest', method: 'POST', status: 200 });
    expect(JSON.stringify(audits)).not.toContain('Acted As');
  });

  it('signing out while masquerading ends the admin session set aside as well', async () => {
    const { target, adminSession } = await people();
    const jar = new CookieJar(adminSession.cookie);
    expect((await call('POST', '/api/admin/masquerade', { jar, body: { userId: target.id } })).status).toBe(200);
    expect((await call('POST', '/api/auth/signout', { jar })).status).toBe(200);
    expect(jar.values.has('byline_admin_refresh')).toBe(false);
    expect((await call('POST', '/api/auth/refresh', { body: { refreshToken: adminSession.refreshToken } })).status).toBe(401);
    expect((await call('GET', '/api/auth', { token: adminSession.accessToken })).status).toBe(401);
  });

  it('ends a masquerade once its admin is no longer one, or their sessions are ended by a password reset', async () => {
    const start = async () => {
      const { admin, target, adminSession } = await people();
      const started = await call('POST', '/api/admin/masquerade', { token: adminSession.accessToken, bearer: true, body: { userId: target.id } });
      const token = (started.body.data as { token: string }).token;
      expect((await call('GET', '/api/auth', { token })).body.data).toMatchObject({ id: target.id, isMasquerading: true });
      return { admin, token };
    };
    const demoted = await start();
    await queryRows(env.database.url, `update users set role_flags = '{}' where id = $1`, [demoted.admin.id]);
    expect((await call('GET', '/api/auth', { token: demoted.token })).status).toBe(401);

    const reset = await start();
    await revokeUserSessions(env.server.orm.em.fork(), reset.admin.id);
    expect((await call('GET', '/api/auth', { token: reset.token })).status).toBe(401);
  });

  it('hands bearer clients the tokens, and back', async () => {
    const { admin, target, adminSession } = await people();
    const started = await call('POST', '/api/admin/masquerade', { token: adminSession.accessToken, bearer: true, body: { userId: target.id } });
    const { token, refreshToken } = started.body.data as { token: string; refreshToken: string };
    expect(typeof refreshToken).toBe('string');
    expect((await call('GET', '/api/auth', { token })).body.data).toMatchObject({ id: target.id, isMasquerading: true });

    const stopped = await call('DELETE', '/api/admin/masquerade', { token, bearer: true, body: { adminRefreshToken: adminSession.refreshToken } });
    expect(stopped.body.data).toEqual({ returnTo: '/', token: expect.any(String) });
    expect((await call('GET', '/api/auth', { token: stopped.body.data?.token as string })).body.data).toMatchObject({ id: admin.id, isMasquerading: false });
    expect((await call('GET', '/api/auth', { token })).status).toBe(401);
  });

  it('refuses a missing user, oneself, and a stop from someone who is not masquerading', async () => {
    const { admin, adminSession } = await people();
    const jar = new CookieJar(adminSession.cookie);
    expect((await call('POST', '/api/admin/masquerade', { jar, body: { userId: 99_999_999 } })).status).toBe(404);
    expect((await call('POST', '/api/admin/masquerade', { jar, body: { userId: admin.id } })).status).toBe(400);
    expect((await call('POST', '/api/admin/masquerade', { jar, body: {} })).status).toBe(400);
    expect((await call('DELETE', '/api/admin/masquerade', { jar })).status).toBe(404);
  });
});
