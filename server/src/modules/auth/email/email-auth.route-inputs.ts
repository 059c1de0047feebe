import * as MESSAGES from '../../../../../domain/messages.js';
import { isKnownTermsVersion } from '../../../../../domain/terms.js';
import { codeText, emailAddress, emailText, jsonObject, linkSecret, optionalProof, optionalText, passwordText, returnToText } from '../auth-inputs.js';

/** GET /api/auth/email/check?email= */
export const emailCheckQuery = jsonObject({ email: emailAddress }, MESSAGES.emailRequired);

/** PUT /api/users/verify { email, returnTo }: mails a code (`returnTo` is accepted; the client keeps it). */
export const sendCodeBody = jsonObject({ email: emailAddress, returnTo: returnToText }, MESSAGES.emailRequired);

/** POST /api/users/verify { email, code } */
export const checkCodeBody = jsonObject({ email: emailAddress, code: codeText }, MESSAGES.emailRequired);

/**
 * POST /api/auth/email/signup { email, password, token | invitationCode, invitedBy? }. The address is only
 * required here: sign-up and sign-in record a malformed one as a failed attempt before the 400.
 * `invitedBy` is the username of the friend whose invite link was followed (/invite). `termsVersion` is
 * the version of the terms the form's box certified (docs/product.md §Terms), recorded with the account.
 */
export const signUpBody = jsonObject(
  {
    email: emailText,
    password: passwordText,
    token: optionalProof,
    invitationCode: optionalProof,
    invitedBy: optionalText('invitedBy', 64),
    termsVersion: optionalText('termsVersion', 32).refine((id) => id === undefined || isKnownTermsVersion(id), { error: MESSAGES.termsVersionUnknown }),
  },
  MESSAGES.emailRequired,
);

/** POST /api/auth/email/signin { email, password } */
export const signInBody = jsonObject({ email: emailText, password: passwordText }, MESSAGES.emailRequired);

/** POST /api/auth/email/magicLink { email, returnTo } */
export const magicLinkBody = jsonObject({ email: emailAddress, returnTo: returnToText }, MESSAGES.emailRequired);

/** POST /api/auth/email/signin/magic { token } */
export const magicSignInBody = jsonObject({ token: linkSecret }, MESSAGES.linkInvalid);

/** POST /api/auth/password/reset { email } */
export const passwordResetBody = jsonObject({ email: emailAddress }, MESSAGES.emailRequired);

/** POST /api/auth/password/reset/confirm { token, password } */
export const passwordResetConfirmBody = jsonObject({ token: linkSecret, password: passwordText }, MESSAGES.linkInvalid);
