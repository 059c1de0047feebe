import { Router, type Request, type Response } from 'express';
import * as MESSAGES from '../../../../../domain/messages.js';
import { sendData } from '../../../http/rest.js';
import type { RouteDeps, RequestContext } from '../../users/index.js';
import { validatedRoute, type RouteInput, type RouteInputSchemas } from '../../../http/validated-route.js';
import { recordAuthFailure } from '../auth-audit.js';
import { limitAuthCallsFromIp } from '../limits/auth-rate-limit.js';
import { limitMailToAddress } from '../../mail/index.js';
import {
  checkCodeBody,
  emailCheckQuery,
  magicLinkBody,
  magicSignInBody,
  passwordResetBody,
  passwordResetConfirmBody,
  sendCodeBody,
  signInBody,
  signUpBody,
} from './email-auth.route-inputs.js';
import { attachEmailLogin, checkEmail, signInWithPassword, signUpWithEmail, type EmailProof } from './email-auth.service.js';
import { normalizeEmail, recordTermsAcknowledgement } from '../../users/index.js';
import { redeemMagicLink, sendMagicLink } from './magic-link.js';
import { requestPasswordReset, resetPassword } from './password-reset.js';
import { recordReferralAfterSignUp } from '../../invites/index.js';
import { toSessionUser } from '../sessions/session-user.js';
import { completeSignIn } from '../sessions/sign-in.js';
import { checkVerificationCode, sendVerificationCode } from './verification-codes.js';

/** The address of a sign-in or sign-up; a malformed one is recorded as a failure before the 400. */
async function emailOfAttempt(em: RequestContext['em'], raw: string, failure: 'signinError' | 'signupError'): Promise<string> {
  try {
    return normalizeEmail(raw);
  } catch (error) {
    await recordAuthFailure(em, failure, { reason: 'invalid_email' });
    throw error;
  }
}

interface AuthCall<S extends RouteInputSchemas> {
  input: RouteInput<S>;
  req: Request;
  res: Response;
  context: RequestContext;
  ip: string;
}

/**
 * Email sign-up and sign-in, verification codes, magic links and password reset (docs/auth.md).
 * Each call's input is parsed by its schema (email-auth.route-inputs.ts: a call that does not fit
 * is a 400 in the spec's words), then counts against the caller; the services hold the rules.
 */
export function emailAuthRoutes(deps: RouteDeps): Router {
  const { contextFor, config, mailer, logger } = deps;
  const router = Router();

  const authRoute = <S extends RouteInputSchemas>(schemas: S, handler: (call: AuthCall<S>) => Promise<void>) =>
    validatedRoute(schemas, async (input, req, res) => {
      const context = await contextFor(req, res);
      const ip = req.ip ?? 'unknown';
      await limitAuthCallsFromIp(context.em, config, ip);
      await handler({ input, req, res, context, ip });
    });

  router.get(
    '/auth/email/check',
    authRoute({ query: emailCheckQuery }, async ({ input, res, context }) => {
      sendData(res, await checkEmail(context.em, input.query.email));
    }),
  );

  router.put(
    '/users/verify',
    authRoute({ body: sendCodeBody }, async ({ input, res, context }) => {
      // `returnTo` is accepted (the original call takes it) but the client keeps it: a code is typed, not followed.
      const { email } = input.body;
      await limitMailToAddress(context.em, config, email);
      await sendVerificationCode({ em: context.em, mailer, logger }, email);
      sendData(res, { message: MESSAGES.codeSent });
    }),
  );

  router.post(
    '/users/verify',
    authRoute({ body: checkCodeBody }, async ({ input, res, context }) => {
      sendData(res, { token: await checkVerificationCode(context.em, input.body.email, input.body.code) });
    }),
  );

  router.post(
    '/auth/email/signup',
    authRoute({ body: signUpBody }, async ({ input: { body }, req, res, context, ip }) => {
      const { em, viewer } = context;
      const proof: EmailProof = body.invitationCode && !body.token ? { kind: 'invitation', code: body.invitationCode } : { kind: 'code', token: body.token ?? '' };
      const attempt = { email: await emailOfAttempt(em, body.email, 'signupError'), password: body.password, proof };
      if (viewer) {
        // Signed in: this adds an email login to the viewer's account (/settings/login?w=email).
        const user = await attachEmailLogin(em, viewer, attempt);
        sendData(res, { user: toSessionUser({ ...viewer, user }), isNewUser: false, linked: true });
        return;
      }
      const { user, isNewUser } = await signUpWithEmail(em, config, { ...attempt, ip });
      // The box the form certified names the version of the terms read (docs/product.md §Terms).
      if (body.termsVersion && recordTermsAcknowledgement(user, body.termsVersion)) await em.flush();
      // Whoever invited them (the link's invitedBy, else an invitation mailed to this address) is credited.
      if (isNewUser) await recordReferralAfterSignUp(em, logger, user, body.invitedBy ?? null);
      sendData(res, { ...(await completeSignIn(req, res, { em, config }, user, 'email')), isNewUser });
    }),
  );

  router.post(
    '/auth/email/signin',
    authRoute({ body: signInBody }, async ({ input: { body }, req, res, context, ip }) => {
      const { em } = context;
      const attempt = { email: await emailOfAttempt(em, body.email, 'signinError'), password: body.password, ip };
      const user = await signInWithPassword(em, config, attempt);
      sendData(res, await completeSignIn(req, res, { em, config }, user, 'email'));
    }),
  );

  router.post(
    '/auth/email/magicLink',
    authRoute({ body: magicLinkBody }, async ({ input: { body }, res, context }) => {
      await limitMailToAddress(context.em, config, body.email);
      await sendMagicLink({ em: context.em, config, mailer, logger }, body.email, body.returnTo);
      sendData(res, { message: MESSAGES.emailSent });
    }),
  );

  router.post(
    '/auth/email/signin/magic',
    authRoute({ body: magicSignInBody }, async ({ input, req, res, context }) => {
      const { em } = context;
      const { user, returnTo } = await redeemMagicLink(em, input.body.token);
      sendData(res, { ...(await completeSignIn(req, res, { em, config }, user, 'magic_link')), returnTo });
    }),
  );

  router.post(
    '/auth/password/reset',
    authRoute({ body: passwordResetBody }, async ({ input, res, context }) => {
      const { email } = input.body;
      await limitMailToAddress(context.em, config, email);
      await requestPasswordReset({ em: context.em, config, mailer, logger }, email);
      sendData(res, { message: MESSAGES.emailSent });
    }),
  );

  router.post(
    '/auth/password/reset/confirm',
    authRoute({ body: passwordResetConfirmBody }, async ({ input: { body }, req, res, context }) => {
      const { em } = context;
      const user = await resetPassword({ em, config, mailer, logger }, body.token, body.password);
      sendData(res, { ...(await completeSignIn(req, res, { em, config }, user, 'password_reset')), message: MESSAGES.passwordChanged });
    }),
  );

  return router;
}
