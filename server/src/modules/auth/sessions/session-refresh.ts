import type { RequestHandler } from 'express';
import type { AppConfig } from '../../../config.js';
import type { MikroORM } from '../../../db/orm.js';
import type { Logger } from '../../../logger.js';
import { clearSessionCookies, requestCookie, setAccessCookie } from './session-cookies.js';
import { REFRESH_COOKIE } from '../../../http/session-cookie-names.js';
import { verifySessionToken } from './session-token.js';
import { SESSION_COOKIE } from '../../../http/session-cookie-names.js';
import { renewAccessToken } from './session.service.js';

/**
 * Keeps a web session alive without the page handling tokens: when the short-lived JWT cookie
 * is missing or expired but the refresh cookie is live, a new JWT is set on this very response
 * and used for this request (`res.locals.sessionToken`). Bearer clients renew themselves.
 */
export function sessionRefresh(deps: { orm: MikroORM; config: AppConfig; logger: Logger }): RequestHandler {
  return (req, res, next) => {
    if (req.headers.authorization) return next();
    const refreshToken = requestCookie(req, REFRESH_COOKIE);
    if (!refreshToken) return next();
    const accessToken = requestCookie(req, SESSION_COOKIE);
    if (accessToken && verifySessionToken(accessToken, deps.config.jwtSecret)) return next();
    renewAccessToken(deps.orm.em.fork(), deps.config, refreshToken)
      .then((renewed) => {
        if (renewed) {
          setAccessCookie(res, deps.config, renewed.accessToken);
          res.locals.sessionToken = renewed.accessToken;
        } else {
          clearSessionCookies(res, deps.config);
        }
        next();
      })
      .catch((error: unknown) => {
        deps.logger.warn({ err: error }, 'session refresh failed');
        next();
      });
  };
}
