/**
 * The short code a user puts in a social account's bio to show the account is theirs, as
 * Linktree and Keybase do: "byline-" and four characters, easy to type on a phone.
 */
import { randomInt } from 'node:crypto';

/** Letters and digits without the look-alikes 0/O and 1/I/L, so a code copied by hand still matches. */
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const CODE_LENGTH = 4;
export const BIO_CODE_PREFIX = 'byline-';

/** How long a code counts: a day is enough to edit a bio, short enough that stale codes die. */
export const BIO_CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

export function newBioCode(): string {
  let suffix = '';
  for (let index = 0; index < CODE_LENGTH; index++) suffix += ALPHABET[randomInt(ALPHABET.length)];
  return `${BIO_CODE_PREFIX}${suffix}`;
}

export function bioCodeExpiry(now: Date): Date {
  return new Date(now.getTime() + BIO_CODE_LIFETIME_MS);
}

/**
 * Whether `code` stands in the bio as a word of its own, whatever its case: "byline-7KQ2" is
 * found in "Potter. byline-7kq2 ✨" but not inside "byline-7KQ2X", so a longer code never
 * counts for a shorter one.
 */
export function bioContainsCode(bio: string, code: string): boolean {
  const escaped = code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(?<![\\p{L}\\p{N}_-])${escaped}(?![\\p{L}\\p{N}_-])`, 'iu').test(bio);
}
