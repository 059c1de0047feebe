import { isInvoicedPlanCurrent } from '../../../../domain/plans.js';
import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, idWindow, type KeysetPage } from '../../graphql/pagination.js';
import { normaliseSearchText } from '../../graphql/search-text.js';
import { User } from '../users/index.js';
import type { AdminUser } from './admin-users.types.js';

/**
 * The admin user list (/admin/users): everyone, newest first, optionally narrowed to those whose
 * username, name or email contains `search` (case-insensitively; trigram indexes serve it).
 * A page costs two queries whatever its size: the users, then their latest sign-ins.
 */
export async function listAdminUsers(em: EntityManager, search: string | null, page: KeysetPage): Promise<Connection<AdminUser>> {
  const text = search === null ? null : normaliseSearchText(search);
  const where: FilterQuery<User> = {};
  if (text !== null) {
    const contains = `%${text.replace(/[\\%_]/g, '\\$&')}%`;
    where.$or = [{ username: { $ilike: contains } }, { name: { $ilike: contains } }, { email: { $ilike: contains } }];
  }
  const { idCondition, orderBy, limit } = idWindow(page, 'desc');
  if (idCondition) where.id = idCondition;
  const rows = await em.find(User, where, { orderBy: { id: orderBy }, limit });
  // The extra row only says whether there is more: its sign-in is not needed.
  const now = new Date();
  const signIns = await latestSignIns(em, rows.slice(0, page.size).map((user) => user.id));
  const adminUsers = rows.map((user) => ({ user, createdAt: user.createdAt, lastSignInAt: signIns.get(user.id) ?? null, invoicedProUntil: isInvoicedPlanCurrent(user.externalInvoiceExpiration, now) ? user.externalInvoiceExpiration : null }));
  return connectionFromRows(adminUsers, page, (row) => row.user.id);
}

/**
 * When each user last signed in themself: their latest `login` audit row (every sign-in method
 * writes one; an admin starting to act as them does not).
 */
async function latestSignIns(em: EntityManager, userIds: number[]): Promise<Map<number, Date>> {
  if (userIds.length === 0) return new Map();
  const rows = await em.execute<Array<{ actor_id: number; signed_in_at: Date | string }>>(
    `select actor_id, max(created_at) as signed_in_at from audit_logs
     where action = 'login' and actor_id in (?) group by actor_id`,
    [userIds],
  );
  return new Map(rows.map((row) => [Number(row.actor_id), new Date(row.signed_in_at)]));
}
