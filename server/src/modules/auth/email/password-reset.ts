import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { InvalidInput, Unprocessable } from '../../../errors/app-errors.js';
import type { Logger } from '../../../logger.js';
import type { Mailer } from '../../mail/index.js';
import { passwordResetMail, publicLink } from '../../mail/index.js';
import { LoginCredential, User } from '../../users/index.js';
import { recordAuthFailure } from '../auth-audit.js';
import { forgetPasswordAttemptsFromEveryone } from '../limits/auth-rate-limit.js';
import { sendAuthMail } from './auth-mail.js';
import { findAccountOfAddress, findEmailLogin } from './email-logins.js';
import { issueOneTimeToken, spendOneTimeToken, spendOpenLinks } from '../tokens/one-time-tokens.js';
import { mailPasswordChangedNotice, recordPasswordChangedNotice } from './password-changed-notice.js';
import { forgetPasswordGuesses } from '../limits/password-guess-budget.js';
import { assertAcceptablePassword, hashPassword } from './passwords.js';
import { revokeAllPersonalAccessTokens } from '../tokens/personal-access-token.service.js';
import { revokeUserSessions } from '../sessions/session.service.js';

const RESET_LINK_TTL_MS = 60 * 60 * 1000;

/**
 * Mails a single-use link to `/reset-password` when the address leads to an account, including
 * a Google- or Twitter-only one (the reset then gives it an email login). The caller answers the
 * same either way.
 */
export async function requestPasswordReset(deps: { em: EntityManager; config: AppConfig; mailer: Mailer; logger: Logger }, email: string): Promise<void> {
  const account = await findAccountOfAddress(deps.em, email);
  if (!account) return;
  await deps.em.transactional(async (tx) => {
    const secret = await issueOneTimeToken(tx, { purpose: 'password_reset', email, userId: account.user.id, ttlMs: RESET_LINK_TTL_MS });
    const url = publicLink(deps.config.publicUrl, `/reset-password?token=${encodeURIComponent(secret)}`);
    await sendAuthMail(deps.mailer, deps.logger, { to: email, ...passwordResetMail(url) }, () => new Unprocessable(MESSAGES.somethingWentWrong));
  });
}

/**
 * Sets a new password with a reset link (using the link up) and takes back every way into the
 * account that existed before it: sessions and their refresh tokens, personal access tokens, and
 * every other open sign-in or reset link of the address. Whoever knew the old password, or took
 * a token or link while they were in, is out. The owner is told in the app and by mail.
 * Answers the account.
 */
export async function resetPassword(deps: { em: EntityManager; config: AppConfig; mailer: Mailer; logger: Logger }, secret: string, password: string): Promise<User> {
  const { em } = deps;
  assertAcceptablePassword(password);
  const passwordHash = await hashPassword(password);
  const reset = await em.transactional(async (tx) => {
    const spent = await spendOneTimeToken(tx, 'password_reset', secret);
    if (!spent?.userId) return null;
    const login = await findEmailLogin(tx, spent.email);
    if (login) {
      // The address moved to another account since the link was sent: the link no longer applies.
      if (login.user.id !== spent.userId) return null;
      await tx.nativeUpdate(LoginCredential, { id: login.id }, { passwordHash, emailVerifiedAt: login.emailVerifiedAt ?? new Date() });
    } else {
      // A Google- or Twitter-only account gains an email login, for the address it has on file.
      const owner = await tx.findOne(User, spent.userId);
      if (owner?.email?.toLowerCase() !== spent.email) return null;
      tx.create(LoginCredential, { user: owner, provider: 'email', providerUserId: spent.email, passwordHash, emailVerifiedAt: new Date() });
      await tx.flush();
    }
    await revokeUserSessions(tx, spent.userId);
    await revokeAllPersonalAccessTokens(tx, spent.userId);
    await spendOpenLinks(tx, { email: spent.email, userId: spent.userId });
    await recordPasswordChangedNotice(tx, spent.userId);
    // Guesses at the old password say nothing about the new one: password sign-in resumes at once.
    await forgetPasswordGuesses(tx, spent.email);
    await forgetPasswordAttemptsFromEveryone(tx, spent.email);
    return { user: await tx.findOneOrFail(User, spent.userId), email: spent.email };
  });
  if (!reset) {
    await recordAuthFailure(em, 'signinError', { reason: 'reset_link_invalid' });
    throw new InvalidInput(MESSAGES.linkInvalid);
  }
  await mailPasswordChangedNotice(deps, reset.email);
  return reset.user;
}
