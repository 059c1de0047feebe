import * as MESSAGES from '../../../../../domain/messages.js';
import { Router } from 'express';
import { Unauthenticated } from '../../../errors/app-errors.js';
import { route, sendData } from '../../../http/rest.js';
import type { RouteDeps } from '../../users/index.js';
import { validatedRoute } from '../../../http/validated-route.js';
import { recordAudit, auditViewer } from '../../audit/index.js';
import { refreshTokenBody } from './auth.route-inputs.js';
import { ADMIN_REFRESH_COOKIE, clearSessionCookies, requestCookie, setAccessCookie } from './session-cookies.js';
import { REFRESH_COOKIE } from '../../../http/session-cookie-names.js';
import { renewAccessToken, revokeSession, revokeSessionOfRefreshToken } from './session.service.js';
import { toSessionUser } from './session-user.js';

/**
 * Session calls: the session check (`GET /auth`), renewing a token, signing out, and which
 * sign-in providers are configured (a provider without keys is hidden, not broken).
 */
export function authRoutes(deps: RouteDeps): Router {
  const { contextFor, config } = deps;
  const router = Router();

  router.get(
    '/auth',
    route(async (req, res) => {
      const { viewer } = await contextFor(req, res);
      if (!viewer) throw new Unauthenticated();
      sendData(res, toSessionUser(viewer));
    }),
  );

  router.get(
    '/auth/providers',
    route(async (_req, res) => {
      sendData(res, {
        email: true,
        google: config.google !== null,
        twitter: config.twitter !== null,
        apple: config.apple !== null,
        captchaSiteKey: config.recaptchaSecret ? config.recaptchaSiteKey : null,
      });
    }),
  );

  router.post(
    '/auth/refresh',
    validatedRoute({ body: refreshTokenBody }, async ({ body }, req, res) => {
      const fromBody = body?.refreshToken;
      const refreshToken = fromBody ?? requestCookie(req, REFRESH_COOKIE);
      const { em } = await contextFor(req, res);
      const renewed = refreshToken ? await renewAccessToken(em, config, refreshToken) : null;
      if (!renewed) throw new Unauthenticated(MESSAGES.sessionEnded);
      if (fromBody === undefined) setAccessCookie(res, config, renewed.accessToken);
      sendData(res, { token: renewed.accessToken });
    }),
  );

  router.post(
    '/auth/signout',
    validatedRoute({ body: refreshTokenBody }, async ({ body }, req, res) => {
      const { em, viewer } = await contextFor(req, res);
      if (viewer?.sessionId) {
        await revokeSession(em, viewer.sessionId);
        recordAudit(em, auditViewer(viewer), { action: 'logout', target: 'users', targetId: viewer.user.id });
        await em.flush();
      }
      // Every refresh token the client gives up ends with it, whatever its access token says: a
      // bearer client's access token may have expired (`{refreshToken}` in the body), and while
      // masquerading the admin's own session was set aside in a cookie that is cleared below.
      const givenUp = [body?.refreshToken ?? null, requestCookie(req, REFRESH_COOKIE), requestCookie(req, ADMIN_REFRESH_COOKIE)];
      for (const refreshToken of givenUp) if (refreshToken) await revokeSessionOfRefreshToken(em, refreshToken);
      clearSessionCookies(res, config);
      sendData(res, { signedOut: true });
    }),
  );

  return router;
}
