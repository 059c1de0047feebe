import { readRows } from '../../../db/prepared-read.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { RoleFlag } from '../../../../../domain/enums.js';
import type { AppConfig } from '../../../config.js';
import { User, viewerUserColumns, viewerUserFromColumns, type ViewerUser } from '../../users/index.js';
import { AuthSession } from './auth-session.entity.js';
import { hashSecret, randomSecret } from '../tokens/secrets.js';
import { announceSessionsRevoked } from './session-revoked.js';
import { signSessionToken } from './session-token.js';

/** What a client holds after signing in: a short-lived JWT and the refresh token that renews it. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  session: AuthSession;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function sessionExpiry(config: AppConfig): Date {
  return new Date(Date.now() + config.sessionDays * DAY_MS);
}

function accessTokenFor(session: AuthSession, config: AppConfig): string {
  return signSessionToken(
    { userId: session.user.id, masqueradingAdminId: session.masqueradingAdmin?.id ?? null, sessionId: session.id },
    config.jwtSecret,
  );
}

/** Starts a session for `userId` (acting as them for `masqueradingAdminId`, if given). */
export async function openSession(
  em: EntityManager,
  config: AppConfig,
  options: { userId: number; masqueradingAdminId?: number | null; userAgent?: string | null },
): Promise<SessionTokens> {
  const refreshToken = randomSecret();
  const session = em.create(AuthSession, {
    user: em.getReference(User, options.userId),
    masqueradingAdmin: options.masqueradingAdminId ? em.getReference(User, options.masqueradingAdminId) : null,
    refreshTokenHash: hashSecret(refreshToken),
    userAgent: options.userAgent?.slice(0, 300) ?? null,
    expiresAt: sessionExpiry(config),
  });
  await em.flush();
  return { accessToken: accessTokenFor(session, config), refreshToken, session };
}

/** The live session a refresh token belongs to, or null when unknown, expired or revoked. */
export function findActiveSession(em: EntityManager, refreshToken: string): Promise<AuthSession | null> {
  return em.findOne(AuthSession, { refreshTokenHash: hashSecret(refreshToken), revokedAt: null, expiresAt: { $gt: new Date() } });
}

/**
 * A new access token for a refresh token. The refresh token itself is kept (not rotated) so
 * parallel requests of one browser cannot log each other out; its life slides forward instead.
 */
export async function renewAccessToken(em: EntityManager, config: AppConfig, refreshToken: string): Promise<{ accessToken: string; session: AuthSession } | null> {
  const session = await findActiveSession(em, refreshToken);
  if (!session) return null;
  session.lastUsedAt = new Date();
  session.expiresAt = sessionExpiry(config);
  await em.flush();
  return { accessToken: accessTokenFor(session, config), session };
}

/** `isSessionActive`'s rule over `auth_sessions s` (parameters: the session id, the admin flag). */
const ACTIVE_SESSION_SQL = `left join users a on a.id = s.masquerading_admin_id
     where s.id = ? and s.revoked_at is null and s.expires_at > now()
       and (s.masquerading_admin_id is null or ? = any(a.role_flags))`;

/**
 * Whether a token's session is still live (revoked sessions end their tokens at once). A
 * masquerade lives only as long as the admin behind it is an admin: taking the role away ends
 * every masquerade they have open.
 */
export async function isSessionActive(em: EntityManager, sessionId: number): Promise<boolean> {
  const rows = await em.execute<Array<{ id: number }>>(`select s.id from auth_sessions s ${ACTIVE_SESSION_SQL}`, [sessionId, RoleFlag.admin]);
  return rows.length > 0;
}

// Every signed-in request sends it: prepared (db/prepared-read.ts).
const USER_OF_ACTIVE_SESSION_SQL = `select ${viewerUserColumns('u')} from users u where u.id = ? and exists (select 1 from auth_sessions s ${ACTIVE_SESSION_SQL})`;

/**
 * The user a session token names, when its session is still live (`isSessionActive`'s rule), or
 * null: one statement, where reading the session and the user apart took two on every signed-in
 * request. A row, not an entity (users/viewer.ts says why).
 */
export async function findUserOfActiveSession(em: EntityManager, userId: number, sessionId: number): Promise<ViewerUser | null> {
  const rows = await readRows<Record<string, unknown>>(em, USER_OF_ACTIVE_SESSION_SQL, [userId, sessionId, RoleFlag.admin]);
  return rows[0] ? viewerUserFromColumns(em, rows[0]) : null;
}

export async function revokeSession(em: EntityManager, sessionId: number): Promise<void> {
  const revoked = await em.nativeUpdate(AuthSession, { id: sessionId, revokedAt: null }, { revokedAt: new Date() });
  if (revoked > 0) await announceSessionsRevoked(em, { sessionIds: [sessionId] });
}

/** Ends the session a refresh token belongs to, if any. */
export async function revokeSessionOfRefreshToken(em: EntityManager, refreshToken: string): Promise<void> {
  const session = await em.findOne(AuthSession, { refreshTokenHash: hashSecret(refreshToken), revokedAt: null });
  if (session) await revokeSession(em, session.id);
}

/**
 * Ends every session of a user (after a password reset), except the one given, including the
 * masquerades they opened as an admin: those are theirs too, whoever they act as.
 */
export async function revokeUserSessions(em: EntityManager, userId: number, exceptSessionId: number | null = null): Promise<void> {
  const revoked = await em.nativeUpdate(
    AuthSession,
    { $or: [{ user: userId }, { masqueradingAdmin: userId }], revokedAt: null, ...(exceptSessionId ? { id: { $ne: exceptSessionId } } : {}) },
    { revokedAt: new Date() },
  );
  if (revoked > 0) await announceSessionsRevoked(em, { userId, exceptSessionId });
}
