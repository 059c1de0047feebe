import type { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCookies } from 'cookie';
import type { IncomingHttpHeaders } from 'node:http';
import { User } from '../../users/index.js';
import { Unauthenticated } from '../../../errors/app-errors.js';
import { findPersonalAccessTokenOwner, isPersonalAccessToken } from '../tokens/personal-access-token.service.js';
import { INVALID_TOKEN_MESSAGE } from '../tokens/token-scope.js';
import type { Viewer } from '../../users/index.js';
import { findUserOfActiveSession } from './session.service.js';
import { tokenFromRequestParts, verifySessionToken } from './session-token.js';


/**
 * The viewer of a request, from `Authorization: Bearer …` (a session JWT or a personal access
 * token), the web session cookie, or a WebSocket's `connectionParams.authToken`. Throws
 * Unauthenticated for a personal access token that is unknown, expired or revoked.
 */
export async function viewerFromHeaders(
  em: EntityManager,
  headers: IncomingHttpHeaders | Record<string, string | undefined>,
  secret: string,
  connectionToken: string | null,
  plansOpen: boolean,
): Promise<Viewer | null> {
  const cookies = parseCookies(String(headers.cookie ?? ''));
  const authorization = typeof headers.authorization === 'string' ? headers.authorization : undefined;
  const token = connectionToken ?? tokenFromRequestParts(authorization, cookies);
  if (!token) return null;
  if (isPersonalAccessToken(token)) {
    const found = await findPersonalAccessTokenOwner(em, token);
    // An integrator whose token died must be told, not served as an anonymous visitor.
    if (!found) throw new Unauthenticated(INVALID_TOKEN_MESSAGE);
    return { user: found.user, masqueradingAdminId: null, sessionId: null, personalAccessTokenId: found.tokenId, personalAccessTokenScope: found.scope, plansOpen };
  }
  const claims = verifySessionToken(token, secret);
  if (!claims) return null;
  // A token names its session so signing out or a password reset ends it at once. The session
  // check and the user are one statement: a signed-in request waits for one round trip.
  const user = claims.sessionId ? await findUserOfActiveSession(em, claims.userId, claims.sessionId) : await em.findOne(User, claims.userId);
  return user ? { user, masqueradingAdminId: claims.masqueradingAdminId, sessionId: claims.sessionId ?? null, plansOpen } : null;
}
