import type { EntityManager } from '@mikro-orm/postgresql';
import { parse as parseCookies } from 'cookie';
import type { IncomingHttpHeaders } from 'node:http';
import { User } from '../users/user.entity.js';
import { tokenFromRequestParts, verifySessionToken } from './session-token.js';

/** Who is making a request: the user acted as, and the admin behind them while masquerading. */
export interface Viewer {
  user: User;
  masqueradingAdminId: number | null;
}

export async function viewerFromHeaders(
  em: EntityManager,
  headers: IncomingHttpHeaders | Record<string, string | undefined>,
  secret: string,
  connectionToken?: string | null,
): Promise<Viewer | null> {
  const cookies = parseCookies(String(headers.cookie ?? ''));
  const authorization = typeof headers.authorization === 'string' ? headers.authorization : undefined;
  const token = connectionToken ?? tokenFromRequestParts(authorization, cookies);
  if (!token) return null;
  const claims = verifySessionToken(token, secret);
  if (!claims) return null;
  const user = await em.findOne(User, claims.userId);
  return user ? { user, masqueradingAdminId: claims.masqueradingAdminId } : null;
}
