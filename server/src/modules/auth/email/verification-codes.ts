import type { EntityManager } from '@mikro-orm/postgresql';
import { timingSafeEqual } from 'node:crypto';
import * as MESSAGES from '../../../../../domain/messages.js';
import { validateCode } from '../../../../../domain/validation.js';
import { InvalidInput, Unprocessable } from '../../../errors/app-errors.js';
import type { Logger } from '../../../logger.js';
import type { Mailer } from '../../mail/index.js';
import { verificationCodeMail } from '../../mail/index.js';
import { recordAuthFailure } from '../auth-audit.js';
import { sendAuthMail } from './auth-mail.js';
import { OneTimeToken } from '../tokens/one-time-token.entity.js';
import { issueOneTimeToken, spendOneTimeToken } from '../tokens/one-time-tokens.js';
import { hashSecret, randomDigits } from '../tokens/secrets.js';

const CODE_LENGTH = 6;
const CODE_TTL_MS = 10 * 60 * 1000;
/** After this many tries a code is dead; asking for a new one is always possible. */
export const CODE_MAX_TRIES = 5;
/** How long the proof of a verified address waits to be spent by sign-up. */
const VERIFIED_EMAIL_TTL_MS = 30 * 60 * 1000;

/**
 * The address is part of the hashed value, so the same six digits sent to two people are two
 * different secrets (the column is unique) and a code only ever works for its own address.
 */
function codeHash(email: string, code: string): string {
  return hashSecret(`verify_email:${email}:${code}`);
}

/**
 * Mails a fresh 6-digit code to `email` and forgets any earlier one. Mail that cannot be sent
 * rolls everything back and answers 422 with the spec's words and advice.
 */
export async function sendVerificationCode(deps: { em: EntityManager; mailer: Mailer; logger: Logger }, email: string): Promise<void> {
  const code = randomDigits(CODE_LENGTH);
  await deps.em.transactional(async (tx) => {
    await tx.nativeDelete(OneTimeToken, { purpose: 'verify_email', email });
    tx.create(OneTimeToken, { purpose: 'verify_email', email, secretHash: codeHash(email, code), expiresAt: new Date(Date.now() + CODE_TTL_MS) });
    await tx.flush();
    await sendAuthMail(
      deps.mailer,
      deps.logger,
      { to: email, ...verificationCodeMail(code) },
      () => new Unprocessable(MESSAGES.emailVerificationFailed, { advice: MESSAGES.emailVerificationAdvice }),
    );
  });
}

/**
 * Checks a code and answers a single-use proof that `email` is the caller's (spent by sign-up).
 * Each try is counted before the comparison, in one statement, so parallel guesses count too.
 */
export async function checkVerificationCode(em: EntityManager, email: string, rawCode: string): Promise<string> {
  const tooShort = validateCode(rawCode);
  if (tooShort) throw new InvalidInput(tooShort);
  const code = rawCode.trim();

  const rows = await em.execute<Array<{ id: number; secret_hash: string }>>(
    `update one_time_tokens set attempts = attempts + 1
     where attempts < ? and id = (
       select id from one_time_tokens
       where purpose = 'verify_email' and email = ? and used_at is null and expires_at > now()
       order by created_at desc limit 1)
     returning id, secret_hash`,
    [CODE_MAX_TRIES, email],
  );
  const live = rows[0];
  const matches = live !== undefined && timingSafeEqual(Buffer.from(live.secret_hash), Buffer.from(codeHash(email, code)));
  const proof = matches
    ? await em.transactional(async (tx) => {
        const spent = await tx.nativeUpdate(OneTimeToken, { id: live.id, usedAt: null }, { usedAt: new Date() });
        return spent === 1 ? issueOneTimeToken(tx, { purpose: 'email_verified', email, ttlMs: VERIFIED_EMAIL_TTL_MS }) : null;
      })
    : null;
  if (!proof) {
    await recordAuthFailure(em, 'signupError', { reason: 'code_invalid', email });
    throw new InvalidInput(MESSAGES.codeInvalid);
  }
  return proof;
}

/** Uses up the proof handed out by `checkVerificationCode`; false when it is not a live proof for `email`. */
export async function spendVerifiedEmailProof(em: EntityManager, email: string, proof: string): Promise<boolean> {
  return (await spendOneTimeToken(em, 'email_verified', proof, email)) !== null;
}
