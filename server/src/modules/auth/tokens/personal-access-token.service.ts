import type { EntityManager } from '@mikro-orm/postgresql';
import { InvalidInput, NotFound } from '../../../errors/app-errors.js';
import { singleLine } from '../../../../../domain/plain-text.js';
import { User } from '../../users/user.entity.js';
import { PersonalAccessToken } from './personal-access-token.entity.js';
import { hashSecret, randomSecret } from './secrets.js';

/** Recognisable prefix: secret scanners and people can tell a Byline token at a glance. */
const TOKEN_PREFIX = 'byl_pat_';
const MAX_TOKENS_PER_USER = 50;

export function isPersonalAccessToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX);
}

/** The owner of a live token, and the token's id; records when it was last used (at most once a minute). */
export async function findPersonalAccessTokenOwner(em: EntityManager, token: string): Promise<{ user: User; tokenId: number } | null> {
  const found = await em.findOne(
    PersonalAccessToken,
    { tokenHash: hashSecret(token), revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }] },
    { populate: ['user'] },
  );
  if (!found) return null;
  const now = new Date();
  if (!found.lastUsedAt || now.getTime() - found.lastUsedAt.getTime() > 60_000) {
    await em.nativeUpdate(PersonalAccessToken, { id: found.id }, { lastUsedAt: now });
  }
  return { user: found.user.getEntity(), tokenId: found.id };
}

/** Creates a token; the secret is in the answer only, never stored. */
export async function createPersonalAccessToken(
  em: EntityManager,
  userId: number,
  input: { name: string; expiresInDays: number | null },
): Promise<{ token: string; record: PersonalAccessToken }> {
  const name = singleLine(input.name);
  if (!name || name.length > 100) throw new InvalidInput('Give the token a name of 1 to 100 characters.');
  if (input.expiresInDays !== null && (!Number.isInteger(input.expiresInDays) || input.expiresInDays < 1 || input.expiresInDays > 3650)) {
    throw new InvalidInput('A token expires after 1 to 3650 days.');
  }
  const live = await em.count(PersonalAccessToken, { user: userId, revokedAt: null });
  if (live >= MAX_TOKENS_PER_USER) throw new InvalidInput(`You can have at most ${MAX_TOKENS_PER_USER} tokens. Revoke one first.`);
  const token = TOKEN_PREFIX + randomSecret();
  const record = em.create(PersonalAccessToken, {
    user: em.getReference(User, userId),
    name,
    tokenHash: hashSecret(token),
    tokenHint: token.slice(-4),
    expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000),
  });
  await em.flush();
  return { token, record };
}

export function listPersonalAccessTokens(em: EntityManager, userId: number): Promise<PersonalAccessToken[]> {
  return em.find(PersonalAccessToken, { user: userId, revokedAt: null }, { orderBy: { createdAt: 'desc', id: 'desc' }, limit: MAX_TOKENS_PER_USER });
}

export async function revokePersonalAccessToken(em: EntityManager, userId: number, tokenId: number): Promise<void> {
  const changed = await em.nativeUpdate(PersonalAccessToken, { id: tokenId, user: userId, revokedAt: null }, { revokedAt: new Date() });
  if (changed === 0) throw new NotFound('Token not found');
}

/**
 * Ends every live token of a user. After a password reset whoever had the account may have
 * made one, and a token outliving the reset would keep them in.
 */
export function revokeAllPersonalAccessTokens(em: EntityManager, userId: number): Promise<number> {
  return em.nativeUpdate(PersonalAccessToken, { user: userId, revokedAt: null }, { revokedAt: new Date() });
}
