import { Router } from 'express';
import { route, sendData } from '../../http/rest.js';
import type { RouteDeps } from '../users/index.js';
import { declareRouteInputs, parseInput, validatedRoute } from '../../http/validated-route.js';
import { isAdminViewer } from '../users/index.js';
import { ADMIN_REFRESH_COOKIE, clearMasqueradeCookies, clearSessionCookies, requestCookie, setMasqueradeCookies, setSessionCookies, toSessionUser, wantsBearerTokens } from '../auth/index.js';
import { REFRESH_COOKIE } from '../../http/session-cookie-names.js';
import { startMasquerade, stopMasquerade } from './masquerade.service.js';
import { startMasqueradeBody, stopMasqueradeBody } from './masquerade.route-inputs.js';

/**
 * Masquerading (docs/product.md §Masquerading). Web: the admin's refresh cookie is set aside while
 * the session cookies carry the masquerade, and the readable `masquerade` cookie shows Stop
 * Masquerade. Bearer clients (`X-Session-Transport: bearer`) get the masquerade's tokens and keep
 * their own.
 */
export function masqueradeRoutes(deps: RouteDeps): Router {
  const { contextFor, config } = deps;
  const router = Router();

  // The body is parsed after the admin check, so it is only declared for tooling here.
  const startMasqueradeRoute = route(async (req, res) => {
    const { em, viewer } = await contextFor(req, res);
    // Non-admins learn nothing, not even that the body was wrong.
    const userId = isAdminViewer(viewer) ? parseInput(startMasqueradeBody, req.body, 'body').userId : 0;
    const { target, tokens } = await startMasquerade(em, config, viewer, userId, req.headers['user-agent'] ?? null);
    setMasqueradeCookies(res, config, requestCookie(req, REFRESH_COOKIE), target.id);
    setSessionCookies(res, config, tokens);
    const user = toSessionUser({ user: target, masqueradingAdminId: tokens.session.masqueradingAdmin?.id ?? null });
    sendData(res, wantsBearerTokens(req) ? { user, token: tokens.accessToken, refreshToken: tokens.refreshToken } : { user });
  });
  router.post('/admin/masquerade', declareRouteInputs(startMasqueradeRoute, { body: startMasqueradeBody }));

  router.delete(
    '/admin/masquerade',
    validatedRoute({ body: stopMasqueradeBody }, async ({ body }, req, res) => {
      const { em, viewer } = await contextFor(req, res);
      const bearer = wantsBearerTokens(req);
      const bodyToken = body?.adminRefreshToken;
      const adminRefreshToken = bearer && bodyToken !== undefined ? bodyToken : requestCookie(req, ADMIN_REFRESH_COOKIE);
      const { restoredAccessToken } = await stopMasquerade(em, config, viewer, adminRefreshToken);
      clearMasqueradeCookies(res, config);
      if (!bearer) {
        // Back to the admin's own session, or signed out when it is gone.
        if (restoredAccessToken && adminRefreshToken) setSessionCookies(res, config, { accessToken: restoredAccessToken, refreshToken: adminRefreshToken });
        else clearSessionCookies(res, config);
      }
      sendData(res, bearer && restoredAccessToken ? { returnTo: '/', token: restoredAccessToken } : { returnTo: '/' });
    }),
  );

  return router;
}
