import { hash, verify } from '@node-rs/argon2';
import { validateNotCommonPassword } from '../../../../../domain/common-passwords.js';
import * as MESSAGES from '../../../../../domain/messages.js';
import { validatePassword } from '../../../../../domain/validation.js';
import { InvalidInput } from '../../../errors/app-errors.js';

/**
 * argon2id (the package's default algorithm) with OWASP's recommended minimum: 19 MiB,
 * 2 passes, 1 lane. The parameters travel inside each hash, so raising them later keeps old
 * hashes verifiable.
 */
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** Longer inputs only cost CPU time: nobody types a 1,000-character password (MESSAGES.passwordTooLong says the number). */
export const PASSWORD_MAX = 1_000;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password, and for a stored value that is not an argon2 hash at all. */
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * Spends the time a real check would take when there is no hash to check against, so the
 * answer time does not tell an attacker whether an address has an account.
 */
export async function spendPasswordCheckTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('no account has this password');
  await verifyPassword(await dummyHash, password);
}

/** The rules for a new password: the length of docs/product.md §Sign-in, then the list of common passwords. */
export function assertAcceptablePassword(password: string): void {
  const problem = validatePassword(password) ?? validateNotCommonPassword(password);
  if (problem) throw new InvalidInput(problem);
  if (password.length > PASSWORD_MAX) throw new InvalidInput(MESSAGES.passwordTooLong);
}

/** Whether a sign-in password is worth checking at all (a too-long one never matches). */
export function isCheckablePassword(password: string): boolean {
  return password.length > 0 && password.length <= PASSWORD_MAX;
}
