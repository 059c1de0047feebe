import type { EntityManager } from '@mikro-orm/postgresql';
import { RoleFlag } from '../../../../domain/enums.js';
import { recordAudit } from '../audit/index.js';

export type MakeAdminOutcome = 'made admin' | 'already an admin' | 'no such account';

/**
 * Makes the account with this address an admin (`npm run admin -- EMAIL`): the way a fresh
 * install gets its first admin, and any later one without SQL. Audited as an update with no
 * actor: it comes from whoever runs commands on the server.
 */
export async function makeAdminByEmail(em: EntityManager, email: string): Promise<MakeAdminOutcome> {
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<Array<{ id: number; role_flags: number[] }>>(
      'select id, role_flags from users where lower(email) = lower(?) for update',
      [email.trim()],
    );
    if (!row) return 'no such account';
    if (row.role_flags.includes(RoleFlag.admin)) return 'already an admin';
    await tx.execute('update users set role_flags = array_append(role_flags, ?::smallint), updated_at = now() where id = ?', [RoleFlag.admin, row.id]);
    recordAudit(tx, { actorId: null, masqueradingAdminId: null }, { action: 'update', target: 'users', targetId: row.id, fields: { roleFlags: 'admin granted from the command line' } });
    return 'made admin';
  });
}
