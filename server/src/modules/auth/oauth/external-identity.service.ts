import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../domain/messages.js';
import { Conflict, NotFound } from '../../../errors/app-errors.js';
import { LoginCredential, User, normalizeEmail } from '../../users/index.js';
import { singleLine } from '../../../../../domain/plain-text.js';
import { withoutSpoofingCharacters } from '../../../../../domain/validation.js';
import { findAccountOfAddress } from '../email/email-logins.js';
import { claimCreditsByEmail } from '../../credits/index.js';

export type ExternalProvider = 'google' | 'twitter' | 'apple';

/** A person as a sign-in provider describes them, whichever flow (web, mobile) produced it. */
export interface ExternalIdentity {
  provider: ExternalProvider;
  /** The provider's own, stable user id (Google's and Apple's `sub`, Twitter's `id_str`). */
  providerUserId: string;
  email: string | null;
  /** Only a verified address may join this login to an existing account. */
  emailVerified: boolean;
  name: string | null;
  avatarUrl: string | null;
}

export interface ResolvedIdentity {
  user: User;
  /** The account was created just now (it has no username yet). */
  isNewUser: boolean;
}

const ALREADY_LINKED: Record<ExternalProvider, string> = {
  google: MESSAGES.googleAlreadyLinked,
  twitter: MESSAGES.twitterAlreadyLinked,
  apple: MESSAGES.appleAlreadyLinked,
};

const NAME_MAX = 120;

/**
 * The Byline account of an external identity, in this order:
 * 1. the account that already has this login (provider + provider user id);
 * 2. in link mode (`linkToUserId`), the signed-in account, which gains this login; an identity
 *    that already belongs to someone else is refused;
 * 3. the account with the same verified email address (its email login's, else its profile's),
 *    which gains this login (so a person who signed up by email and later continues with Google
 *    keeps one account);
 * 4. a new account with the provider's name, picture and (verified) email, and no username yet.
 * Runs in one transaction. Two callbacks racing to create the same login meet the unique index;
 * the loser starts over and finds the winner's row.
 */
export async function resolveExternalIdentity(em: EntityManager, identity: ExternalIdentity, options: { linkToUserId?: number | null } = {}): Promise<ResolvedIdentity> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await em.transactional((tem) => resolveInTransaction(tem as EntityManager, identity, options.linkToUserId ?? null));
    } catch (error) {
      if (attempt >= 2 || !(error instanceof UniqueConstraintViolationException)) throw error;
    }
  }
}

async function resolveInTransaction(em: EntityManager, identity: ExternalIdentity, linkToUserId: number | null): Promise<ResolvedIdentity> {
  const existing = await em.findOne(LoginCredential, { provider: identity.provider, providerUserId: identity.providerUserId }, { populate: ['user'] });

  if (linkToUserId !== null) {
    if (existing && existing.user.id !== linkToUserId) throw new Conflict(ALREADY_LINKED[identity.provider]);
    const viewer = existing ? existing.user.getEntity() : await em.findOne(User, linkToUserId);
    if (!viewer) throw new NotFound(MESSAGES.userNotFound);
    if (!existing) addLogin(em, viewer, identity);
    return { user: viewer, isNewUser: false };
  }

  if (existing) return { user: existing.user.getEntity(), isNewUser: false };

  const email = usableEmail(identity);
  const owner = email ? ((await findAccountOfAddress(em, email))?.user ?? null) : null;
  if (owner) {
    addLogin(em, owner, identity);
    return { user: owner, isNewUser: false };
  }

  const user = em.create(User, {
    // A provider's name is cleaned, not refused: refusing would block the sign-in (domain/validation.ts).
    name: withoutSpoofingCharacters(singleLine(identity.name ?? '')).trim().slice(0, NAME_MAX) || null,
    avatarUrl: identity.avatarUrl,
    email,
  });
  addLogin(em, user, identity);
  if (email) {
    // The provider vouches for the address: credits sent to it before the person joined become theirs (pending).
    await em.flush();
    await claimCreditsByEmail(em, user.id, email);
  }
  return { user, isNewUser: true };
}

function addLogin(em: EntityManager, user: User, identity: ExternalIdentity): void {
  em.create(LoginCredential, {
    user,
    provider: identity.provider,
    providerUserId: identity.providerUserId,
    emailVerifiedAt: usableEmail(identity) ? new Date() : null,
  });
}

/** The identity's address when the provider vouches for it, normalised as accounts store it. */
function usableEmail(identity: ExternalIdentity): string | null {
  if (!identity.emailVerified || !identity.email) return null;
  try {
    return normalizeEmail(identity.email);
  } catch {
    return null;
  }
}
