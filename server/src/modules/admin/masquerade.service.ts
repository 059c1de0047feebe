import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { isAdmin } from '../../../../domain/permissions.js';
import type { AppConfig } from '../../config.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { recordAudit } from '../audit/index.js';
import { isAdminViewer, User } from '../users/index.js';
import { openSession, renewAccessToken, revokeSession, type SessionTokens } from '../auth/index.js';
import type { Viewer } from '../users/index.js';
import { adminOnly } from './admin.policy.js';

/**
 * docs/product.md §Masquerading: an admin starts acting as another user. Only a real admin, signed
 * in as themself through a session (not masquerading already, not with a personal access token),
 * may; the new session names both, so everything done in it is audited with both identities.
 */
export async function startMasquerade(
  em: EntityManager,
  config: AppConfig,
  viewer: Viewer | null,
  targetUserId: number,
  userAgent: string | null,
): Promise<{ target: User; tokens: SessionTokens }> {
  if (!viewer || !isAdminViewer(viewer)) throw adminOnly();
  if (viewer.masqueradingAdminId !== null) throw new Forbidden(MESSAGES.stopMasqueradingFirst);
  // Masquerading opens a session; a personal access token must not mint sessions.
  if (viewer.sessionId === null) throw new Forbidden(MESSAGES.tokensNeedSession);
  const admin = viewer.user;
  if (targetUserId === admin.id) throw new InvalidInput(MESSAGES.cannotMasqueradeAsYourself);
  const target = await em.findOne(User, targetUserId);
  if (!target) throw new NotFound(MESSAGES.userNotFound);

  const tokens = await openSession(em, config, { userId: target.id, masqueradingAdminId: admin.id, userAgent });
  recordAudit(em, { actorId: target.id, masqueradingAdminId: admin.id }, { action: 'create', target: 'masquerade', targetId: target.id, fields: { sessionId: tokens.session.id } });
  await em.flush();
  return { target, tokens };
}

/** The admin's own session behind a refresh token, renewed; null for anyone else's or a masquerade's. */
async function renewAdminSession(em: EntityManager, config: AppConfig, refreshToken: string | null, expectedAdminId: number | null) {
  const renewed = refreshToken ? await renewAccessToken(em, config, refreshToken) : null;
  if (!renewed || renewed.session.masqueradingAdmin !== null) return null;
  if (expectedAdminId !== null && renewed.session.user.id !== expectedAdminId) return null;
  return renewed;
}

/**
 * Stop Masquerade: ends the masquerade session and, given the admin's own refresh token, a
 * fresh access token for it. Works too when the masquerade session has already ended (only
 * the admin's token is left). The admin must still be an admin.
 */
export async function stopMasquerade(
  em: EntityManager,
  config: AppConfig,
  viewer: Viewer | null,
  adminRefreshToken: string | null,
): Promise<{ restoredAccessToken: string | null }> {
  const masqueradingAdminId = viewer?.masqueradingAdminId ?? null;
  const restored = await renewAdminSession(em, config, adminRefreshToken, masqueradingAdminId);
  const adminId = masqueradingAdminId ?? restored?.session.user.id ?? null;
  const admin = adminId ? await em.findOne(User, adminId) : null;
  if (!admin || !isAdmin(admin)) throw adminOnly();

  if (viewer && masqueradingAdminId !== null) {
    if (viewer.sessionId) await revokeSession(em, viewer.sessionId);
    recordAudit(em, { actorId: viewer.user.id, masqueradingAdminId }, { action: 'delete', target: 'masquerade', targetId: viewer.user.id });
    await em.flush();
  }
  return { restoredAccessToken: restored?.accessToken ?? null };
}
