import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { NotFound, Unprocessable } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import type { Viewer } from './viewer.js';
import { LoginCredential, type LoginProvider } from './login-credential.entity.js';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, idWindow, type KeysetPage } from '../../graphql/pagination.js';
import { lockUserRow } from './user-row-lock.js';
import { LoginMethod } from './user.types.js';

const PROVIDER_LABELS: Record<Exclude<LoginProvider, 'email'>, string> = { google: 'Google', twitter: 'Twitter', apple: 'Apple' };

/** A credential as its owner sees it: which provider, and the address for email. Never the hash. */
function toLoginMethod(credential: LoginCredential): LoginMethod {
  // An instance, not a plain object: node(id:) tells its GraphQL type by class.
  return Object.assign(new LoginMethod(), {
    id: credential.id,
    provider: credential.provider,
    label: credential.provider === 'email' ? credential.providerUserId : PROVIDER_LABELS[credential.provider],
    createdAt: credential.createdAt,
  });
}

/** Oldest first (the order they were added), keyset-paginated by id; counting one user's logins is cheap. */
export async function listLoginMethods(em: EntityManager, userId: number, page: KeysetPage): Promise<Connection<LoginMethod>> {
  const { idCondition, orderBy, limit } = idWindow(page, 'asc');
  const credentials = await em.find(LoginCredential, { user: userId, ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit });
  return connectionFromRows(credentials.map(toLoginMethod), page, (method) => method.id, () => em.count(LoginCredential, { user: userId }));
}

/** The user's own login methods among `ids` (node(id:) shows them to their owner only). */
export async function findLoginMethods(em: EntityManager, userId: number, ids: number[]): Promise<LoginMethod[]> {
  return (await em.find(LoginCredential, { user: userId, id: { $in: ids } })).map(toLoginMethod);
}

/** Removes one of the viewer's logins, never the last: an account nobody can sign in to is lost. */
export async function removeLoginMethod(em: EntityManager, viewer: Viewer, credentialId: number): Promise<void> {
  const userId = viewer.user.id;
  await em.transactional(async (tx) => {
    // Two removals at once could each see "another login remains"; the row lock orders them.
    await lockUserRow(tx, userId);
    const credential = await tx.findOne(LoginCredential, { id: credentialId, user: userId });
    if (!credential) throw new NotFound(MESSAGES.loginMethodNotFound);
    if ((await tx.count(LoginCredential, { user: userId })) <= 1) throw new Unprocessable(MESSAGES.lastLoginMethod);
    tx.remove(credential);
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'login_credentials', targetId: credentialId, fields: { provider: credential.provider } });
  });
}
