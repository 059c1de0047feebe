/**
 * Sign-in and sign-up field rules (spec 5.3). Each validator returns null when the value
 * is acceptable, otherwise the exact message to show under the field.
 */
import { CODE_MIN, PASSWORD_MIN, USERNAME_MAX_EXCLUSIVE } from './constants.js';
import { MESSAGES } from './messages.js';

export const EMAIL_REQUIRED = MESSAGES.emailRequired;
export const INVALID_EMAIL_ADDRESS = MESSAGES.invalidEmailAddress;
export const CODE_TOO_SHORT = MESSAGES.codeTooShort;
export const PASSWORD_TOO_SHORT = MESSAGES.passwordTooShort;
export const PASSWORDS_DO_NOT_MATCH = MESSAGES.passwordsDoNotMatch;
export const USERNAME_TOO_LONG = MESSAGES.usernameTooLong;
export const USERNAME_INVALID_CHARACTERS = MESSAGES.usernameInvalidCharacters;

/**
 * A deliberately loose shape check (something@something.tld, no spaces): the emailed code
 * or magic link is the real proof, and strict patterns reject valid addresses.
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

/** Letters and digits are ASCII only, matching what profile URLs on every network accept. */
export const USERNAME_PATTERN = /^[A-Za-z0-9._]+$/;

/** Counts characters as people see them, so an emoji is one character, not two. */
function characterCount(text: string): number {
  return Array.from(text).length;
}

export function validateEmail(email: string): string | null {
  const trimmed = email.trim();
  if (trimmed === '') return EMAIL_REQUIRED;
  return EMAIL_PATTERN.test(trimmed) ? null : INVALID_EMAIL_ADDRESS;
}

/** Surrounding spaces from pasting the code out of an email do not count. */
export function validateCode(code: string): string | null {
  return characterCount(code.trim()) < CODE_MIN ? CODE_TOO_SHORT : null;
}

/** Spaces are legitimate password characters, so the password is not trimmed. */
export function validatePassword(password: string): string | null {
  return characterCount(password) < PASSWORD_MIN ? PASSWORD_TOO_SHORT : null;
}

export function validatePasswordsMatch(password: string, retypedPassword: string): string | null {
  return password === retypedPassword ? null : PASSWORDS_DO_NOT_MATCH;
}

/**
 * Length is checked first because it is the more specific complaint. An empty username
 * fails the character rule: the spec has no separate "required" message for it.
 */
export function validateUsername(username: string): string | null {
  if (characterCount(username) >= USERNAME_MAX_EXCLUSIVE) return USERNAME_TOO_LONG;
  return USERNAME_PATTERN.test(username) ? null : USERNAME_INVALID_CHARACTERS;
}
