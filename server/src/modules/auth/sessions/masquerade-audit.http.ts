import { parse as parseCookies } from 'cookie';
import type { Request, RequestHandler } from 'express';
import type { AuditAction } from '../../../../../domain/enums.js';
import type { AppConfig } from '../../../config.js';
import type { MikroORM } from '../../../db/orm.js';
import type { Logger } from '../../../logger.js';
import { isPersonalAccessToken } from '../tokens/personal-access-token.service.js';
import { tokenFromRequestParts, verifySessionToken, type SessionClaims } from './session-token.js';
import { isSessionActive } from './session.service.js';
import { recordAudit } from '../../audit/index.js';

const READ_ONLY_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const ACTION_BY_METHOD: Readonly<Record<string, AuditAction>> = { POST: 'create', PUT: 'update', PATCH: 'update', DELETE: 'delete' };
/** Calls that write their own audit row with both identities; a second row would only repeat it. */
const SELF_AUDITED_PATHS = new Set(['/admin/masquerade', '/track']);

/** The session claims of a request, read the way the request context reads them (renewed token first). */
function sessionClaimsOf(req: Request, renewedToken: unknown, secret: string): SessionClaims | null {
  const token = typeof renewedToken === 'string' ? renewedToken : tokenFromRequestParts(req.headers.authorization, parseCookies(req.headers.cookie ?? ''));
  if (!token || isPersonalAccessToken(token)) return null;
  return verifySessionToken(token, secret);
}

function bodyKeys(body: unknown): string[] {
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? Object.keys(body).slice(0, 50) : [];
}

/**
 * docs/product.md §Masquerading for the REST façade: every changing /api call made while an admin
 * masquerades is audited with both identities, once the answer is sent (with its status, never the
 * body's values). Mount on /api after the session refresh, before the routers.
 */
export function auditMasqueradedRequests(deps: { orm: MikroORM; config: AppConfig; logger: Logger }): RequestHandler {
  return (req, res, next) => {
    if (READ_ONLY_METHODS.has(req.method)) return next();
    const claims = sessionClaimsOf(req, res.locals.sessionToken, deps.config.jwtSecret);
    const path = req.path;
    if (!claims?.masqueradingAdminId || SELF_AUDITED_PATHS.has(path)) return next();
    const { userId, masqueradingAdminId, sessionId } = claims;
    const record = () => {
      const em = deps.orm.em.fork();
      recordAudit(em, { actorId: userId, masqueradingAdminId }, {
        action: ACTION_BY_METHOD[req.method] ?? 'update',
        target: `api:${path}`.slice(0, 64),
        fields: { via: 'rest', method: req.method, status: res.statusCode, bodyKeys: bodyKeys(req.body) },
      });
      em.flush().catch((error: unknown) => deps.logger.error({ err: error, path }, 'could not audit a masqueraded request'));
    };
    // A revoked session makes the call anonymous: nothing is done as the user, nothing to record.
    (sessionId ? isSessionActive(deps.orm.em.fork(), sessionId) : Promise.resolve(true)).then(
      (active) => {
        if (active) res.on('finish', record);
        next();
      },
      (error: unknown) => next(error),
    );
  };
}
