import { Router, type Request, type Response } from 'express';
import { MESSAGES } from '../../../../domain/messages.js';
import { route, sendData } from '../../http/rest.js';
import type { RouteDeps } from '../../http/route-deps.js';
import type { RequestContext } from '../../graphql/context.js';
import { recordAuthFailure } from './auth-audit.js';
import { limitAuthCallsFromIp, limitMailToAddress } from './auth-rate-limit.js';
import { attachEmailLogin, checkEmail, signInWithPassword, signUpWithEmail, type EmailProof } from './email-auth.service.js';
import { normalizeEmail } from './email-logins.js';
import { redeemMagicLink, sendMagicLink } from './magic-link.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { toSessionUser } from './session-user.js';
import { completeSignIn } from './sign-in.js';
import { checkVerificationCode, sendVerificationCode } from './verification-codes.js';

/** A string field of a JSON body or query ('' when absent or not a string). */
function field(source: unknown, name: string): string {
  if (typeof source !== 'object' || source === null) return '';
  const value = (source as Record<string, unknown>)[name];
  return typeof value === 'string' ? value : '';
}

/** The address of a sign-in or sign-up; a malformed one is recorded as a failure before the 400. */
async function emailOfAttempt(em: RequestContext['em'], raw: string, failure: 'signinError' | 'signupError'): Promise<string> {
  try {
    return normalizeEmail(raw);
  } catch (error) {
    await recordAuthFailure(em, failure, { reason: 'invalid_email' });
    throw error;
  }
}

interface AuthCall {
  req: Request;
  res: Response;
  context: RequestContext;
  ip: string;
}

/**
 * Email sign-up and sign-in, verification codes, magic links and password reset (docs/auth.md).
 * Every call first counts against the caller's address; the services hold the rules.
 */
export function emailAuthRoutes(deps: RouteDeps): Router {
  const { contextFor, config, mailer, logger } = deps;
  const router = Router();

  const authRoute = (handler: (call: AuthCall) => Promise<void>) =>
    route(async (req, res) => {
      const context = await contextFor(req, res);
      const ip = req.ip ?? 'unknown';
      await limitAuthCallsFromIp(context.em, config, ip);
      await handler({ req, res, context, ip });
    });

  router.get(
    '/auth/email/check',
    authRoute(async ({ req, res, context }) => {
      sendData(res, await checkEmail(context.em, normalizeEmail(field(req.query, 'email'))));
    }),
  );

  router.put(
    '/users/verify',
    authRoute(async ({ req, res, context }) => {
      // `returnTo` is accepted (spec 7) but the client keeps it: a code is typed, not followed.
      const email = normalizeEmail(field(req.body, 'email'));
      await limitMailToAddress(context.em, config, email);
      await sendVerificationCode({ em: context.em, mailer, logger }, email);
      sendData(res, { message: MESSAGES.codeSent });
    }),
  );

  router.post(
    '/users/verify',
    authRoute(async ({ req, res, context }) => {
      const email = normalizeEmail(field(req.body, 'email'));
      sendData(res, { token: await checkVerificationCode(context.em, email, field(req.body, 'code')) });
    }),
  );

  router.post(
    '/auth/email/signup',
    authRoute(async ({ req, res, context, ip }) => {
      const { em, viewer } = context;
      const invitationCode = field(req.body, 'invitationCode');
      const proof: EmailProof = invitationCode && !field(req.body, 'token') ? { kind: 'invitation', code: invitationCode } : { kind: 'code', token: field(req.body, 'token') };
      const input = { email: await emailOfAttempt(em, field(req.body, 'email'), 'signupError'), password: field(req.body, 'password'), proof };
      if (viewer) {
        // Signed in: this adds an email login to the viewer's account (/settings/login?w=email).
        const user = await attachEmailLogin(em, viewer, input);
        sendData(res, { user: toSessionUser({ ...viewer, user }), isNewUser: false, linked: true });
        return;
      }
      const { user, isNewUser } = await signUpWithEmail(em, config, { ...input, ip });
      sendData(res, { ...(await completeSignIn(req, res, { em, config }, user, 'email')), isNewUser });
    }),
  );

  router.post(
    '/auth/email/signin',
    authRoute(async ({ req, res, context, ip }) => {
      const { em } = context;
      const attempt = { email: await emailOfAttempt(em, field(req.body, 'email'), 'signinError'), password: field(req.body, 'password'), ip };
      const user = await signInWithPassword(em, config, attempt);
      sendData(res, await completeSignIn(req, res, { em, config }, user, 'email'));
    }),
  );

  router.post(
    '/auth/email/magicLink',
    authRoute(async ({ req, res, context }) => {
      const email = normalizeEmail(field(req.body, 'email'));
      await limitMailToAddress(context.em, config, email);
      await sendMagicLink({ em: context.em, config, mailer, logger }, email, field(req.body, 'returnTo'));
      sendData(res, { message: MESSAGES.emailSent });
    }),
  );

  router.post(
    '/auth/email/signin/magic',
    authRoute(async ({ req, res, context }) => {
      const { em } = context;
      const { user, returnTo } = await redeemMagicLink(em, field(req.body, 'token'));
      sendData(res, { ...(await completeSignIn(req, res, { em, config }, user, 'magic_link')), returnTo });
    }),
  );

  router.post(
    '/auth/password/reset',
    authRoute(async ({ req, res, context }) => {
      const email = normalizeEmail(field(req.body, 'email'));
      await limitMailToAddress(context.em, config, email);
      await requestPasswordReset({ em: context.em, config, mailer, logger }, email);
      sendData(res, { message: MESSAGES.emailSent });
    }),
  );

  router.post(
    '/auth/password/reset/confirm',
    authRoute(async ({ req, res, context }) => {
      const { em } = context;
      const user = await resetPassword({ em, config, mailer, logger }, field(req.body, 'token'), field(req.body, 'password'));
      sendData(res, { ...(await completeSignIn(req, res, { em, config }, user, 'password_reset')), message: MESSAGES.passwordChanged });
    }),
  );

  return router;
}
