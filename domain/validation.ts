/**
 * Sign-in and sign-up field rules (docs/product.md §Sign-in). Each validator returns null when the
 * value is acceptable, otherwise the exact message to show under the field.
 */
import { CODE_MIN, PASSWORD_MIN, USERNAME_MAX_EXCLUSIVE } from './constants.js';
import * as MESSAGES from './messages.js';

export const EMAIL_REQUIRED = MESSAGES.emailRequired;
export const INVALID_EMAIL_ADDRESS = MESSAGES.invalidEmailAddress;
export const CODE_TOO_SHORT = MESSAGES.codeTooShort;
export const PASSWORD_TOO_SHORT = MESSAGES.passwordTooShort;
export const PASSWORDS_DO_NOT_MATCH = MESSAGES.passwordsDoNotMatch;
export const USERNAME_TOO_LONG = MESSAGES.usernameTooLong;
export const USERNAME_INVALID_CHARACTERS = MESSAGES.usernameInvalidCharacters;
export const NAME_LENGTH = MESSAGES.nameLength;
/** Ours, not the spec's: the spec has no rule for these characters. */
export const NAME_INVISIBLE_CHARACTERS = 'Your name cannot contain invisible characters or characters that change the direction of text.';

/** Characters, as PostgreSQL's varchar(120) counts them. */
export const DISPLAY_NAME_MAX = 120;

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

/**
 * A display name (someone's or a team's, as shown beside their work): 1 to 120 characters, and
 * none of the characters used to spoof one (below). Give it the name as it will be stored
 * (one trimmed line: `singleLine`). Refused rather than silently cleaned, as GitHub and Behance
 * do: the person sees exactly what will be shown.
 */
export function validateDisplayName(name: string): string | null {
  const length = characterCount(name);
  if (length < 1 || length > DISPLAY_NAME_MAX) return NAME_LENGTH;
  return hasSpoofingCharacters(name) ? NAME_INVISIBLE_CHARACTERS : null;
}

/**
 * Bidi embeddings, overrides and isolates (they reorder the text after them, so a name can end in
 * what looks like someone else's), and invisible characters no script needs: zero-width space,
 * word joiner, zero-width no-break space.
 */
const ALWAYS_SPOOFING = /[\u202A-\u202E\u2066-\u2069\u200B\u2060\uFEFF]/u;
const ZWNJ = '\u200C';
const ZWJ = '\u200D';
/** Scripts whose spelling needs the zero-width (non-)joiner: Persian and Urdu, Indic conjuncts, … */
const JOINING_SCRIPT =
  /[\p{scx=Arab}\p{scx=Syrc}\p{scx=Mong}\p{scx=Nkoo}\p{scx=Deva}\p{scx=Beng}\p{scx=Guru}\p{scx=Gujr}\p{scx=Orya}\p{scx=Taml}\p{scx=Telu}\p{scx=Knda}\p{scx=Mlym}\p{scx=Sinh}]/u;
const EMOJI_BEFORE_ZWJ = /[\p{Extended_Pictographic}\p{Emoji_Modifier}\uFE0F]/u;
const EMOJI_AFTER_ZWJ = /\p{Extended_Pictographic}/u;

/**
 * The joiners are refused except where writing needs them (as Unicode's IDNA rules also allow):
 * between letters of a joining script (Persian words, Indic half forms) and, for ZWJ, inside an
 * emoji sequence (woman + ZWJ + laptop is one emoji). Anywhere else (between Latin letters, at
 * an end, doubled) they only hide things.
 */
function isSpoofingAt(chars: readonly string[], index: number): boolean {
  const char = chars[index] ?? '';
  if (ALWAYS_SPOOFING.test(char)) return true;
  if (char !== ZWNJ && char !== ZWJ) return false;
  const before = chars[index - 1] ?? '';
  const after = chars[index + 1] ?? '';
  if (char === ZWJ && EMOJI_BEFORE_ZWJ.test(before) && EMOJI_AFTER_ZWJ.test(after)) return false;
  return !(JOINING_SCRIPT.test(before) && JOINING_SCRIPT.test(after));
}

export function hasSpoofingCharacters(text: string): boolean {
  const chars = Array.from(text);
  return chars.some((_, index) => isSpoofingAt(chars, index));
}

/** For names we did not get from a person (a sign-in provider's profile): cleaned, since refusing would block the sign-in. */
export function withoutSpoofingCharacters(text: string): string {
  const chars = Array.from(text);
  return chars.filter((_, index) => !isSpoofingAt(chars, index)).join('');
}
