import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../../config.js';
import { recordAudit } from '../../audit/index.js';
import type { User } from '../../users/index.js';
import { setSessionCookies } from './session-cookies.js';
import { openSession } from './session.service.js';
import { toSessionUser, type SessionUser } from './session-user.js';

export type SignInMethod = 'email' | 'code' | 'magic_link' | 'password_reset' | 'google' | 'twitter' | 'apple';

/** What a successful sign-in answers. Tokens appear only for clients that asked for bearer transport. */
export interface SignInAnswer {
  user: SessionUser;
  token?: string;
  refreshToken?: string;
}

/**
 * The mobile shell and integrators send `X-Session-Transport: bearer` to receive the tokens in
 * the answer; the web never does, so its tokens stay in httpOnly cookies out of script's reach.
 */
export function wantsBearerTokens(req: Request): boolean {
  return String(req.headers['x-session-transport'] ?? '').toLowerCase() === 'bearer';
}

/** Opens a session for `user`, sets the web cookies, and records the login. */
export async function completeSignIn(
  req: Request,
  res: Response,
  deps: { em: EntityManager; config: AppConfig },
  user: User,
  method: SignInMethod,
): Promise<SignInAnswer> {
  const { em, config } = deps;
  const tokens = await openSession(em, config, { userId: user.id, userAgent: req.headers['user-agent'] ?? null });
  recordAudit(em, { actorId: user.id, masqueradingAdminId: null }, { action: 'login', target: 'users', targetId: user.id, fields: { method } });
  await em.flush();
  setSessionCookies(res, config, tokens);
  const answer: SignInAnswer = { user: toSessionUser({ user, masqueradingAdminId: null }) };
  if (wantsBearerTokens(req)) {
    answer.token = tokens.accessToken;
    answer.refreshToken = tokens.refreshToken;
  }
  return answer;
}
