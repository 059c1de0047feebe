import type { EntityManager } from '@mikro-orm/postgresql';
import { z } from 'zod';
import { notifyStatement } from '../../../pubsub/postgres-pubsub.js';

/**
 * Announced whenever sessions or personal access tokens are revoked (sign-out, password reset,
 * the end of a masquerade, a token revoked by its owner), so every server process closes the
 * WebSockets still running as them: a socket authenticates once per operation, and a
 * subscription would otherwise outlive its session or token.
 */
export const SESSIONS_REVOKED_TOPIC = 'auth.sessionsRevoked';

const id = z.number().int().positive();

/**
 * Ids only: the payload travels through PostgreSQL NOTIFY (8000 bytes at most). A user-wide
 * revocation names the user rather than listing every session, however many they have.
 */
export const sessionsRevokedSchema = z.union([
  z.object({ sessionIds: z.array(id) }),
  z.object({ userId: id, exceptSessionId: id.nullable() }),
  z.object({ personalAccessTokenIds: z.array(id) }),
  z.object({ personalAccessTokensOfUserId: id }),
]);

export type SessionsRevoked = z.infer<typeof sessionsRevokedSchema>;

/** What a live connection runs as, when that is a revocable session or personal access token. */
export type LiveSession =
  | { sessionId: number; userId: number; masqueradingAdminId: number | null }
  | { personalAccessTokenId: number; userId: number };

/** Publishes the event; inside a transaction it is delivered only on commit. */
export async function announceSessionsRevoked(em: EntityManager, event: SessionsRevoked): Promise<void> {
  const { sql, params } = notifyStatement(SESSIONS_REVOKED_TOPIC, event);
  await em.execute(sql, params);
}

/** Whether `event` ends `session`; the user-wide cases mirror `revokeUserSessions` and `revokeAllPersonalAccessTokens`. */
export function revokesSession(event: SessionsRevoked, session: LiveSession): boolean {
  if ('personalAccessTokenId' in session) {
    if ('personalAccessTokenIds' in event) return event.personalAccessTokenIds.includes(session.personalAccessTokenId);
    return 'personalAccessTokensOfUserId' in event && event.personalAccessTokensOfUserId === session.userId;
  }
  if ('sessionIds' in event) return event.sessionIds.includes(session.sessionId);
  if (!('userId' in event)) return false;
  if (session.sessionId === event.exceptSessionId) return false;
  return session.userId === event.userId || session.masqueradingAdminId === event.userId;
}
