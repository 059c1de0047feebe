import * as MESSAGES from '../../../../domain/messages.js';
import { hasControlCharacters } from '../../../../domain/plain-text.js';
import { validateEmail } from '../../../../domain/validation.js';
import { InvalidInput } from '../../errors/app-errors.js';

/** Longest address SMTP allows; longer input is not an address. */
const EMAIL_MAX = 320;

/**
 * Whether `raw` is an address at all. The shared pattern is loose on purpose; a control
 * character (NUL cannot even be stored) is no address.
 */
export function isEmailAddress(raw: string): boolean {
  const email = raw.trim().toLowerCase();
  return email.length <= EMAIL_MAX && !hasControlCharacters(email) && validateEmail(email) === null;
}

/** The address as stored and compared (trimmed, lower-cased), or 400 "Invalid email". */
export function normalizeEmail(raw: string): string {
  if (!isEmailAddress(raw)) throw new InvalidInput(MESSAGES.invalidEmail);
  return raw.trim().toLowerCase();
}
