import { z } from 'zod';
import * as MESSAGES from '../../../../domain/messages.js';
import { validateCode, validatePassword } from '../../../../domain/validation.js';
import { isEmailAddress, normalizeEmail } from '../users/index.js';
import { PASSWORD_MAX } from './email/passwords.js';

/**
 * Field schemas shared by the auth routes' inputs (the *.route-inputs.ts files). Failures carry
 * the product's words (docs/product.md §Sign-in, §Errors) where it has them.
 */

/** Our secrets (links, refresh tokens, proofs) are 43 characters; anything far longer is not one. */
const SECRET_MAX = 200;

/** Present, text and not blank: "Email is required" (docs/product.md §Sign-in); text of another type is no address. */
export const emailText = z
  .string({ error: (issue) => (issue.input === undefined || issue.input === null ? MESSAGES.emailRequired : MESSAGES.invalidEmail) })
  .trim()
  .min(1, { error: MESSAGES.emailRequired });

/** An address as stored and compared (trimmed, lower-cased), or "Invalid email". */
export const emailAddress = emailText.refine(isEmailAddress, { error: MESSAGES.invalidEmail }).transform(normalizeEmail);

/** A password under the spec's rule (at least 6 characters) and our upper bound. */
export const passwordText = z
  .string({ error: MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX, { error: MESSAGES.passwordTooLong })
  .refine((password) => validatePassword(password) === null, { error: MESSAGES.passwordTooShort });

/** A typed verification code: the spec's "at least 6 characters". */
export const codeText = z
  .string({ error: MESSAGES.codeTooShort })
  .max(SECRET_MAX, { error: MESSAGES.codeInvalid })
  .refine((code) => validateCode(code) === null, { error: MESSAGES.codeTooShort });

/** The secret of a mailed link: anything else is a link that does not work. */
export const linkSecret = z.string({ error: MESSAGES.linkInvalid }).min(1, { error: MESSAGES.linkInvalid }).max(SECRET_MAX, { error: MESSAGES.linkInvalid });

/** A proof handed back by a previous step (code check, invitation): null or absent when there is none. */
export const optionalProof = z.string({ error: MESSAGES.codeInvalid }).max(SECRET_MAX, { error: MESSAGES.codeInvalid }).nullish();

/** Where to go afterwards; an off-site one is dropped later (sameSitePath), a non-text one refused here. */
export const returnToText = z.string({ error: MESSAGES.returnPathInvalid }).max(2_000, { error: MESSAGES.returnPathInvalid }).nullish();

/** Optional text of at most `max` characters, named in its message. */
export function optionalText(name: string, max: number) {
  return z.string({ error: `${name} must be text.` }).max(max, { error: `${name} is too long.` }).optional();
}

/** A JSON object body; another JSON value (an array, a string) says `message`. */
export function jsonObject<T extends z.ZodRawShape>(shape: T, message: string) {
  return z.object(shape, { error: message });
}
