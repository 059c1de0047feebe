/**
 * docs/product.md §Sign-in: what a failed email sign-in tells the user. Identity providers report
 * codes such as `auth/wrong-password`; the prefix varies by provider, so only the last part counts.
 */
import * as MESSAGES from './messages.js';

/**
 * `invalid-credential` is what providers with email-enumeration protection send instead
 * of wrong-password or user-not-found, so it gets the wrong-password wording, which
 * reveals nothing about whether the account exists.
 */
const SIGN_IN_MESSAGES: ReadonlyMap<string, string> = new Map([
  ['wrong-password', MESSAGES.wrongEmailOrPassword],
  ['invalid-credential', MESSAGES.wrongEmailOrPassword],
  ['user-not-found', MESSAGES.signInUserNotFound],
  ['invalid-email', MESSAGES.invalidEmail],
]);

function bareCode(code: string | null | undefined): string {
  return (code ?? '').trim().toLowerCase().split('/').pop() ?? '';
}

/** Anything not listed (too-many-requests, network-request-failed, …) gets the generic message. */
export function signInErrorMessage(code: string | null | undefined): string {
  return SIGN_IN_MESSAGES.get(bareCode(code)) ?? MESSAGES.somethingWentWrong;
}

/** A closed Google popup is the user's choice, not an error: nothing is shown (docs/product.md §Sign-in). */
export function isSilentSignInError(code: string | null | undefined): boolean {
  return bareCode(code) === 'popup-closed-by-user';
}
