import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useTestServer } from '../../test-support/test-server.js';
import { makeAdminByEmail } from './make-admin.js';

const env = useTestServer();
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** `npm run admin -- EMAIL` as a person runs it (the build npm test just made, when it made one). */
function runAdminCommand(email: string): Promise<{ code: number | null; output: string }> {
  const built = process.env.BYLINE_TEST_BUILT_SERVER ? ['dist/server/src/modules/admin/admin-cli.js'] : ['--import', '@swc-node/register/esm-register', 'server/src/modules/admin/admin-cli.ts'];
  const child = spawn(process.execPath, [...built, email], { cwd: REPO, env: { ...process.env, DATABASE_URL: env.database.url, LOG_LEVEL: 'warn' } });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

const flagsOf = async (id: number) => (await queryRows<{ role_flags: number[] }>(env.database.url, 'select role_flags from users where id = $1', [id]))[0]!.role_flags;

describe('npm run admin -- EMAIL', () => {
  it('makes an existing account an admin once, audited, whatever the case of the address', async () => {
    const user = await createUser(env.server.orm.em.fork());
    expect(await makeAdminByEmail(env.server.orm.em.fork(), ` ${user.email!.toUpperCase()} `)).toBe('made admin');
    expect(await flagsOf(user.id)).toContain(RoleFlag.admin);
    expect(await makeAdminByEmail(env.server.orm.em.fork(), user.email!)).toBe('already an admin');
    expect((await flagsOf(user.id)).filter((flag) => flag === RoleFlag.admin)).toHaveLength(1);
    expect(await queryRows(env.database.url, `select action, actor_id from audit_logs where target = 'users' and target_id = $1`, [String(user.id)])).toEqual([{ action: 'update', actor_id: null }]);
    expect(await makeAdminByEmail(env.server.orm.em.fork(), 'nobody@example.test')).toBe('no such account');
  });

  it('says what it did, and fails with a reason for an address without an account', async () => {
    const user = await createUser(env.server.orm.em.fork());
    const made = await runAdminCommand(user.email!);
    expect(made, made.output).toMatchObject({ code: 0 });
    expect(made.output).toContain(`${user.email} is an admin now.`);
    expect(await flagsOf(user.id)).toContain(RoleFlag.admin);
    const missing = await runAdminCommand('nobody@example.test');
    expect(missing.code).toBe(1);
    expect(missing.output).toContain('No account has the address nobody@example.test: sign up with it first.');
  }, 60_000);
});
