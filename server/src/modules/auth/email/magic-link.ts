import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../domain/messages.js';
import type { AppConfig } from '../../../config.js';
import { InvalidInput, Unprocessable } from '../../../errors/app-errors.js';
import type { Logger } from '../../../logger.js';
import type { Mailer } from '../../mail/index.js';
import { magicLinkMail, publicLink } from '../../mail/index.js';
import type { User } from '../../users/index.js';
import { recordAuthFailure } from '../auth-audit.js';
import { sendAuthMail } from './auth-mail.js';
import { findEmailLogin } from './email-logins.js';
import { issueOneTimeToken, spendOneTimeToken } from '../tokens/one-time-tokens.js';
import { sameSitePath } from '../../../../../domain/return-to.js';

const MAGIC_LINK_TTL_MS = 15 * 60 * 1000;

/**
 * Mails a single-use sign-in link when `email` has a verified email login. The caller answers
 * the same whether or not one was sent, so the call tells nobody which addresses have accounts.
 */
export async function sendMagicLink(
  deps: { em: EntityManager; config: AppConfig; mailer: Mailer; logger: Logger },
  email: string,
  returnTo: unknown,
): Promise<void> {
  const login = await findEmailLogin(deps.em, email);
  if (!login?.emailVerifiedAt) return;
  await deps.em.transactional(async (tx) => {
    const secret = await issueOneTimeToken(tx, { purpose: 'magic_link', email, userId: login.user.id, ttlMs: MAGIC_LINK_TTL_MS, returnTo: sameSitePath(returnTo) });
    const url = publicLink(deps.config.publicUrl, `/signin?magic=${encodeURIComponent(secret)}`);
    await sendAuthMail(deps.mailer, deps.logger, { to: email, ...magicLinkMail(url) }, () => new Unprocessable(MESSAGES.somethingWentWrong));
  });
}

/** The account a magic link signs in to (using the link up), and the page to open after. */
export async function redeemMagicLink(em: EntityManager, secret: string): Promise<{ user: User; returnTo: string | null }> {
  const spent = await spendOneTimeToken(em, 'magic_link', secret);
  // The link is bound to its address: it only works while that address still signs in to the same account.
  const login = spent ? await findEmailLogin(em, spent.email) : null;
  if (!spent || !login || login.user.id !== spent.userId) {
    await recordAuthFailure(em, 'signinError', { reason: 'magic_link_invalid', email: spent?.email ?? null });
    throw new InvalidInput(MESSAGES.linkInvalid);
  }
  return { user: await login.user.loadOrFail(), returnTo: sameSitePath(spent.returnTo) };
}
