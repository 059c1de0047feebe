import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from '../../users/index.js';
import { OneTimeToken, type OneTimeTokenPurpose } from './one-time-token.entity.js';
import { hashSecret, randomSecret } from './secrets.js';

/** Issues a link-style secret (256 bits, stored hashed) bound to `email`; the secret is only in the answer. */
export async function issueOneTimeToken(
  em: EntityManager,
  options: { purpose: OneTimeTokenPurpose; email: string; userId?: number | null; ttlMs: number; returnTo?: string | null },
): Promise<string> {
  const secret = randomSecret();
  em.create(OneTimeToken, {
    purpose: options.purpose,
    email: options.email,
    user: options.userId ? em.getReference(User, options.userId) : null,
    secretHash: hashSecret(secret),
    returnTo: options.returnTo ?? null,
    expiresAt: new Date(Date.now() + options.ttlMs),
  });
  await em.flush();
  return secret;
}

export interface SpentToken {
  id: number;
  email: string;
  userId: number | null;
  returnTo: string | null;
}

/**
 * Uses up a live secret of `purpose` in one statement, so two requests racing with the same
 * link cannot both succeed. Null when it is unknown, expired, already used, or for another address.
 */
export async function spendOneTimeToken(em: EntityManager, purpose: OneTimeTokenPurpose, secret: string, email?: string): Promise<SpentToken | null> {
  if (!secret || secret.length > 200) return null;
  const rows = await em.execute<Array<{ id: number; email: string; user_id: number | null; return_to: string | null }>>(
    `update one_time_tokens set used_at = now()
     where secret_hash = ? and purpose = ? and used_at is null and expires_at > now() ${email === undefined ? '' : 'and email = ?'}
     returning id, email, user_id, return_to`,
    email === undefined ? [hashSecret(secret), purpose] : [hashSecret(secret), purpose, email],
  );
  const row = rows[0];
  return row ? { id: row.id, email: row.email, userId: row.user_id, returnTo: row.return_to } : null;
}

/**
 * Spends every open sign-in and reset link of an address or account at once: after a password
 * reset, a link mailed earlier (maybe to whoever was in the mailbox) must not still sign in.
 */
export async function spendOpenLinks(em: EntityManager, owner: { email: string; userId: number }): Promise<void> {
  await em.nativeUpdate(
    OneTimeToken,
    { purpose: { $in: ['magic_link', 'password_reset'] }, usedAt: null, $or: [{ email: owner.email }, { user: owner.userId }] },
    { usedAt: new Date() },
  );
}
