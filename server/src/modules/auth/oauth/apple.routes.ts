import express, { Router, type Request, type RequestHandler, type Response } from 'express';
import * as MESSAGES from '../../../../../domain/messages.js';
import { sameSitePath } from '../../../../../domain/return-to.js';
import type { AppConfig, AppleConfig } from '../../../config.js';
import { AppError, NotFound } from '../../../errors/app-errors.js';
import { validatedRoute } from '../../../http/validated-route.js';
import { recordAudit } from '../../audit/index.js';
import { recordReferralAfterSignUp } from '../../invites/index.js';
import type { RouteDeps } from '../../users/index.js';
import { limitAuthCallsFromIp } from '../limits/auth-rate-limit.js';
import { completeSignIn } from '../sessions/sign-in.js';
import { AppleSignInRejected, appleAuthorizationUrl, exchangeAppleCode, nameFromFirstAnswer } from './apple-auth.js';
import { resolveExternalIdentity } from './external-identity.service.js';
import { afterSignInPath, allowOpenerAccess, finishOAuthFlow, type OAuthOutcome } from './oauth-finish.js';
import { appleCallbackBody, appleStartQuery } from './oauth.route-inputs.js';
import { checkOidcState, clearOAuthState, startOidcState, type OAuthFlow } from './oauth-state.js';

function requireApple(config: AppConfig): AppleConfig {
  if (!config.apple) throw new NotFound(MESSAGES.appleNotConfigured);
  return config.apple;
}

/** What Apple posts when the person cancels on its page. */
const APPLE_CANCELLED = 'user_cancelled_authorize';
/** Apple's form is a few small fields plus two tokens. */
const FORM_BODY_LIMIT = '32kb';

/**
 * Sign in with Apple on the web (docs/product.md §Sign-in): `GET /auth/apple` sends the browser
 * to Apple, and Apple posts its answer back to `POST /auth/apple/signin/web`. That answer is a
 * form posted from Apple's site, which the API's cross-site write guard (JSON bodies only,
 * nothing marked cross-site) would refuse, so these routes mount before it: this POST is
 * trusted for what it proves, not for where it comes from. The `state` must match this browser's
 * signed state cookie (SameSite=None on https so that Apple's cross-site POST carries it,
 * oauth-state.ts), and the ID token from the code exchange must carry the flow's `nonce`.
 * Full-page only (no popup, no linking from settings); hidden while the APPLE_* keys are unset.
 */
export function appleSignInRoutes(deps: RouteDeps, limiter: RequestHandler): Router {
  const { config, contextFor, orm, logger } = deps;
  const router = Router();

  const limitFromIp: RequestHandler = (req, _res, next) => {
    limitAuthCallsFromIp(orm.em.fork(), config, req.ip ?? 'unknown').then(() => next(), next);
  };

  async function recordFailure(reason: string): Promise<void> {
    try {
      const em = orm.em.fork();
      recordAudit(em, { actorId: null, masqueradingAdminId: null }, { action: 'signinError', target: 'users', fields: { method: 'apple', reason: reason.slice(0, 300) } });
      await em.flush();
    } catch (error) {
      logger.warn({ err: error }, 'could not record a sign-in failure');
    }
  }

  /** Our own errors keep their words (a 504 says Timeout); anything else is the generic message. */
  async function failedOutcome(error: unknown): Promise<OAuthOutcome> {
    if (!(error instanceof AppError) && !(error instanceof AppleSignInRejected)) logger.warn({ err: error, provider: 'apple' }, 'sign-in flow failed');
    await recordFailure(error instanceof Error ? error.message : String(error));
    return { ok: false, message: error instanceof AppError ? error.message : MESSAGES.somethingWentWrong };
  }

  router.get(
    '/auth/apple',
    limiter,
    limitFromIp,
    validatedRoute({ query: appleStartQuery }, async ({ query }, _req, res) => {
      const apple = requireApple(config);
      const flow: OAuthFlow = { returnTo: sameSitePath(query.returnTo) ?? '/', errorTo: null, popup: false, linkUserId: null };
      const start = startOidcState(res, config, 'apple', flow);
      res.setHeader('Cache-Control', 'no-store');
      res.redirect(302, appleAuthorizationUrl(apple, config, start));
    }),
  );

  router.post(
    '/auth/apple/signin/web',
    limiter,
    limitFromIp,
    express.urlencoded({ extended: false, limit: FORM_BODY_LIMIT }),
    validatedRoute({ body: appleCallbackBody }, async ({ body }, req, res) => {
      const apple = requireApple(config);
      const checked = checkOidcState(req, config, 'apple', body.state);
      clearOAuthState(res, config, 'apple');
      allowOpenerAccess(res);
      const flow = checked?.flow ?? null;
      // Cancelling at Apple is no failure: back to the sign-in page without a message.
      if (body.error === APPLE_CANCELLED) return finishOAuthFlow(res, config, flow, { ok: false, message: null });
      let outcome: OAuthOutcome;
      try {
        if (!checked) throw new AppleSignInRejected('state does not match this browser (expired, tampered with, or started elsewhere)');
        if (body.error !== undefined || body.code === undefined) throw new AppleSignInRejected(`no code (${body.error ?? 'none'})`);
        const identity = await exchangeAppleCode(apple, config, body.code, { nonce: checked.nonce, name: nameFromFirstAnswer(body.user) });
        outcome = await signIn(req, res, identity, checked.flow);
      } catch (error) {
        outcome = await failedOutcome(error);
      }
      if (!res.headersSent) finishOAuthFlow(res, config, flow, outcome);
    }),
  );

  async function signIn(req: Request, res: Response, identity: Awaited<ReturnType<typeof exchangeAppleCode>>, flow: OAuthFlow): Promise<OAuthOutcome> {
    const { em } = await contextFor(req, res);
    const { user, isNewUser } = await resolveExternalIdentity(em, identity);
    await completeSignIn(req, res, { em, config }, user, 'apple');
    if (isNewUser) await recordReferralAfterSignUp(em, logger, user, null);
    return { ok: true, returnTo: afterSignInPath(flow.returnTo, user.username !== null), isNewUser };
  }

  return router;
}
