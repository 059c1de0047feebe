import { Router, type Request, type RequestHandler, type Response } from 'express';
import passport from 'passport';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig, GoogleConfig, TwitterConfig } from '../../../config.js';
import { AppError, NotFound, Unauthenticated } from '../../../errors/app-errors.js';
import { sendData } from '../../../http/rest.js';
import type { RouteDeps } from '../../users/index.js';
import { validatedRoute } from '../../../http/validated-route.js';
import { recordAudit } from '../../audit/index.js';
import { recordReferralAfterSignUp } from '../../invites/index.js';
import { limitAuthCallsFromIp } from '../limits/auth-rate-limit.js';
import { requireCaptcha } from './captcha.js';
import { resolveExternalIdentity, type ExternalIdentity, type ExternalProvider } from './external-identity.service.js';
import { isOwnSession } from '../../users/index.js';
import { createGoogleStrategy, exchangeGoogleCode, googleCallbackUrl } from './google-auth.js';
import { GoogleTokenRejected, verifyGoogleIdToken } from './google-id-token.js';
import { afterSignInPath, allowOpenerAccess, finishOAuthFlow, type OAuthOutcome } from './oauth-finish.js';
import { captchaBody, googleCallbackQuery, googleCodeBody, googleIdTokenBody, googleStartQuery, twitterCallbackQuery, twitterStartQuery } from './oauth.route-inputs.js';
import { clearOAuthState, readOAuthFlow, type OAuthFlow } from './oauth-state.js';
import { FlowRefused, runStrategy } from './oauth-strategy.js';
import { isProviderUnavailable } from './provider-fetch.js';
import { sameSitePath } from '../../../../../domain/return-to.js';
import { completeSignIn } from '../sessions/sign-in.js';
import { createTwitterStrategy, twitterCallbackUrl, twitterScreenNameHint } from './twitter-auth.js';

function requireGoogle(config: AppConfig): GoogleConfig {
  if (!config.google) throw new NotFound(MESSAGES.googleNotConfigured);
  return config.google;
}

function requireTwitter(config: AppConfig): TwitterConfig {
  if (!config.twitter) throw new NotFound(MESSAGES.twitterNotConfigured);
  return config.twitter;
}

/** Link mode comes back to the login settings unless told otherwise. */
const LINK_RETURN_PATH = '/settings/login';

/**
 * Google and Twitter sign-in (docs/product.md §Sign-in): the web flows through passport with the
 * state in a signed cookie (`?popup=1` answers with a page that tells the opener; `?link=1` adds
 * the login to the signed-in account), Google's mobile calls (`tokens` with a code, `signin` with
 * an ID token), and the captcha check of the email form (its path is historical; it needs no Google
 * keys). A provider without keys is hidden: its calls answer 404.
 */
export function oauthRoutes(deps: RouteDeps): Router {
  const { config, contextFor, orm, logger } = deps;
  const router = Router();
  // One passport per app, not the global singleton: test servers with different configs coexist.
  const authenticator = new passport.Passport();
  if (config.google) authenticator.use('google', createGoogleStrategy(config.google, config));
  if (config.twitter) authenticator.use('twitter', createTwitterStrategy(config.twitter, config));

  const limitFromIp: RequestHandler = (req, _res, next) => {
    limitAuthCallsFromIp(orm.em.fork(), config, req.ip ?? 'unknown').then(() => next(), next);
  };

  async function recordFailure(provider: ExternalProvider, actorId: number | null, reason: string): Promise<void> {
    try {
      const em = orm.em.fork();
      recordAudit(em, { actorId, masqueradingAdminId: null }, { action: 'signinError', target: 'users', fields: { method: provider, reason: reason.slice(0, 300) } });
      await em.flush();
    } catch (error) {
      logger.warn({ err: error }, 'could not record a sign-in failure');
    }
  }

  /**
   * The message a failed web flow shows: our own errors keep theirs, a provider that cannot be
   * reached gets the spec's Timeout words (as the API's 504 does), anything else is generic.
   */
  async function failedOutcome(provider: ExternalProvider, error: unknown, actorId: number | null): Promise<OAuthOutcome> {
    if (!(error instanceof AppError) && !(error instanceof FlowRefused)) logger.warn({ err: error, provider }, 'sign-in flow failed');
    await recordFailure(provider, actorId, error instanceof Error ? error.message : String(error));
    if (error instanceof AppError) return { ok: false, message: error.message };
    return { ok: false, message: isProviderUnavailable(error) ? MESSAGES.timeout : MESSAGES.somethingWentWrong };
  }

  async function startFlow(provider: ExternalProvider, req: Request, res: Response, flow: OAuthFlow, link: boolean, options: Record<string, unknown>): Promise<void> {
    allowOpenerAccess(res);
    if (link) {
      const { viewer } = await contextFor(req, res);
      if (!viewer) return finishOAuthFlow(res, config, flow, { ok: false, message: MESSAGES.signUpPrompt });
      // Not with a personal access token, nor as an admin acting as someone (see requireOwnSession).
      if (!isOwnSession(viewer)) return finishOAuthFlow(res, config, flow, { ok: false, message: MESSAGES.loginMethodsNeedSession });
      flow.linkUserId = viewer.user.id;
    }
    try {
      const result = await runStrategy(authenticator, provider, req, res, { ...options, state: flow });
      if (result.kind !== 'redirected') throw new FlowRefused(`unexpected ${result.kind} at the start`);
    } catch (error) {
      if (!res.headersSent) finishOAuthFlow(res, config, flow, await failedOutcome(provider, error, flow.linkUserId));
    }
  }

  /** Signs in (or, in link mode, adds the login to the signed-in account) and says where to go. */
  async function completeFlow(provider: ExternalProvider, req: Request, res: Response, identity: ExternalIdentity, flow: OAuthFlow): Promise<OAuthOutcome> {
    const { em, viewer } = await contextFor(req, res);
    if (flow.linkUserId !== null) {
      // The session must still be the one that asked to link.
      if (!viewer || viewer.user.id !== flow.linkUserId || !isOwnSession(viewer)) throw new Unauthenticated(MESSAGES.sessionEnded);
      await resolveExternalIdentity(em, identity, { linkToUserId: viewer.user.id });
      recordAudit(em, { actorId: viewer.user.id, masqueradingAdminId: null }, { action: 'create', target: 'login_credentials', fields: { provider } });
      await em.flush();
      return { ok: true, returnTo: flow.returnTo, isNewUser: false };
    }
    const { user, isNewUser } = await resolveExternalIdentity(em, identity);
    await completeSignIn(req, res, { em, config }, user, provider);
    // Saved by the sign-in: an invitation mailed to the provider's address credits its inviter.
    if (isNewUser) await recordReferralAfterSignUp(em, logger, user, null);
    return { ok: true, returnTo: afterSignInPath(flow.returnTo, user.username !== null), isNewUser };
  }

  async function finishCallback(provider: ExternalProvider, req: Request, res: Response, answer: { cancelled: boolean; hasResult: boolean; callbackURL: string }): Promise<void> {
    const flow = readOAuthFlow(req, config, provider);
    clearOAuthState(res, config, provider);
    allowOpenerAccess(res);
    if (answer.cancelled) return finishOAuthFlow(res, config, flow, { ok: false, message: null });
    let outcome: OAuthOutcome;
    try {
      // Without a result (or our state) passport would start a new flow; a callback never should.
      if (!answer.hasResult) throw new FlowRefused('callback without a result');
      if (!flow) throw new FlowRefused('no sign-in state cookie (expired, or started in another browser)');
      const result = await runStrategy(authenticator, provider, req, res, { callbackURL: answer.callbackURL });
      if (result.kind !== 'identity') throw new FlowRefused(result.kind === 'refused' ? result.reason : 'unexpected redirect');
      outcome = await completeFlow(provider, req, res, result.identity, flow);
    } catch (error) {
      outcome = await failedOutcome(provider, error, flow?.linkUserId ?? null);
    }
    if (!res.headersSent) finishOAuthFlow(res, config, flow, outcome);
  }

  /** Mobile: signs in with an identity Google vouched for; the answer carries tokens for bearer clients. */
  async function signInFromMobile(req: Request, res: Response, readIdentity: () => Promise<ExternalIdentity>): Promise<void> {
    let identity: ExternalIdentity;
    try {
      identity = await readIdentity();
    } catch (error) {
      if (!(error instanceof GoogleTokenRejected)) throw error;
      await recordFailure('google', null, error.message);
      throw new Unauthenticated(MESSAGES.somethingWentWrong);
    }
    const { em } = await contextFor(req, res);
    const { user, isNewUser } = await resolveExternalIdentity(em, identity);
    const answer = await completeSignIn(req, res, { em, config }, user, 'google');
    if (isNewUser) await recordReferralAfterSignUp(em, logger, user, null);
    sendData(res, { ...answer, isNewUser });
  }

  router.get(
    '/auth/google',
    limitFromIp,
    validatedRoute({ query: googleStartQuery }, async ({ query }, req, res) => {
      requireGoogle(config);
      const link = query.link === '1';
      const flow: OAuthFlow = {
        returnTo: sameSitePath(query.returnTo) ?? (link ? LINK_RETURN_PATH : '/'),
        errorTo: null,
        popup: query.popup === '1',
        linkUserId: null,
      };
      await startFlow('google', req, res, flow, link, { callbackURL: googleCallbackUrl(config) });
    }),
  );

  router.get(
    '/auth/google/callback',
    limitFromIp,
    validatedRoute({ query: googleCallbackQuery }, async ({ query }, req, res) => {
      requireGoogle(config);
      await finishCallback('google', req, res, {
        cancelled: query.error === 'access_denied',
        hasResult: query.code !== undefined || query.error !== undefined,
        callbackURL: googleCallbackUrl(config),
      });
    }),
  );

  router.post(
    '/auth/google/tokens',
    limitFromIp,
    validatedRoute({ body: googleCodeBody }, async ({ body }, req, res) => {
      const google = requireGoogle(config);
      await signInFromMobile(req, res, () => exchangeGoogleCode(google, body.code));
    }),
  );

  router.post(
    '/auth/google/signin',
    limitFromIp,
    validatedRoute({ body: googleIdTokenBody }, async ({ body }, req, res) => {
      const google = requireGoogle(config);
      await signInFromMobile(req, res, () => verifyGoogleIdToken(google, body.idToken));
    }),
  );

  router.post(
    '/auth/google/captcha',
    limitFromIp,
    validatedRoute({ body: captchaBody }, async ({ body }, req, res) => {
      await requireCaptcha(config, body.token, req.ip);
      sendData(res, { success: true });
    }),
  );

  router.get(
    '/auth/twitter',
    limitFromIp,
    validatedRoute({ query: twitterStartQuery }, async ({ query }, req, res) => {
      requireTwitter(config);
      const link = query.link === '1';
      const flow: OAuthFlow = {
        returnTo: sameSitePath(query.next) ?? (link ? LINK_RETURN_PATH : '/'),
        errorTo: sameSitePath(query.errorTo),
        popup: query.popup === '1',
        linkUserId: null,
      };
      const screenName = twitterScreenNameHint(query.username);
      await startFlow('twitter', req, res, flow, link, { callbackURL: twitterCallbackUrl(config), ...(screenName ? { screenName } : {}) });
    }),
  );

  router.get(
    '/auth/twitter/callback',
    limitFromIp,
    validatedRoute({ query: twitterCallbackQuery }, async ({ query }, req, res) => {
      requireTwitter(config);
      await finishCallback('twitter', req, res, {
        cancelled: query.denied !== undefined,
        hasResult: query.oauth_token !== undefined,
        callbackURL: twitterCallbackUrl(config),
      });
    }),
  );

  return router;
}
