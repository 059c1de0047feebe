import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../../graphql/pagination.js';
import { InvalidInput, NotFound } from '../../../errors/app-errors.js';
import { singleLine } from '../../../../../domain/plain-text.js';
import { lockUserRow, User } from '../../users/index.js';
import { announceSessionsRevoked } from '../sessions/session-revoked.js';
import { PersonalAccessToken } from './personal-access-token.entity.js';
import { hashSecret, randomSecret } from './secrets.js';
import type { TokenScope } from '../../../../../domain/token-scopes.js';

/** Recognisable prefix: secret scanners and people can tell a Byline token at a glance. */
const TOKEN_PREFIX = 'byl_pat_';
const MAX_TOKENS_PER_USER = 50;
/** A busy integrator calls many times a minute; the last use is written at most once a minute. */
const LAST_USED_RESOLUTION_MS = 60_000;

export function isPersonalAccessToken(token: string): boolean {
  return token.startsWith(TOKEN_PREFIX);
}

export interface TokenOwner {
  user: User;
  tokenId: number;
  scope: TokenScope;
}

/** The owner of a live token, the token's id and scope; records when it was last used. */
export async function findPersonalAccessTokenOwner(em: EntityManager, token: string): Promise<TokenOwner | null> {
  const found = await em.findOne(
    PersonalAccessToken,
    { tokenHash: hashSecret(token), revokedAt: null, $or: [{ expiresAt: null }, { expiresAt: { $gt: new Date() } }] },
    { populate: ['user'] },
  );
  if (!found) return null;
  const now = new Date();
  const stale = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
  if (!found.lastUsedAt || found.lastUsedAt < stale) {
    // Conditional, so concurrent calls that all read an old value still write once.
    await em.nativeUpdate(PersonalAccessToken, { id: found.id, $or: [{ lastUsedAt: null }, { lastUsedAt: { $lt: stale } }] }, { lastUsedAt: now });
  }
  return { user: found.user.getEntity(), tokenId: found.id, scope: found.scope };
}

export interface NewTokenInput {
  name: string;
  expiresInDays: number | null;
  /** Always chosen by the caller: the API defaults to read-only, and no default here can hand out write access by accident. */
  scope: TokenScope;
}

/** Creates a token; the secret is in the answer only, never stored. */
export async function createPersonalAccessToken(em: EntityManager, userId: number, input: NewTokenInput): Promise<{ token: string; record: PersonalAccessToken }> {
  const name = singleLine(input.name);
  if (!name || name.length > 100) throw new InvalidInput('Give the token a name of 1 to 100 characters.', { field: 'name' });
  if (input.expiresInDays !== null && (!Number.isInteger(input.expiresInDays) || input.expiresInDays < 1 || input.expiresInDays > 3650)) {
    throw new InvalidInput('A token expires after 1 to 3650 days.', { field: 'expiresInDays' });
  }
  const token = TOKEN_PREFIX + randomSecret();
  const record = await em.transactional(async (tx) => {
    // Two creations at once could each count one under the limit; the row lock orders them.
    await lockUserRow(tx, userId);
    const live = await tx.count(PersonalAccessToken, { user: userId, revokedAt: null });
    if (live >= MAX_TOKENS_PER_USER) throw new InvalidInput(`You can have at most ${MAX_TOKENS_PER_USER} tokens. Revoke one first.`);
    return tx.create(PersonalAccessToken, {
      user: tx.getReference(User, userId),
      name,
      tokenHash: hashSecret(token),
      tokenHint: token.slice(-4),
      scope: input.scope,
      expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * 24 * 60 * 60 * 1000),
    });
  });
  return { token, record };
}

/** The owner's tokens that have not been revoked (expired ones included: their owner should see why a call fails), newest first. */
export function listPersonalAccessTokens(em: EntityManager, userId: number, page: KeysetPage): Promise<Connection<PersonalAccessToken>> {
  const filter = { user: userId, revokedAt: null };
  return findConnection(
    page,
    'desc',
    (window) => em.find(PersonalAccessToken, { ...filter, ...(window.idCondition ? { id: window.idCondition } : {}) }, { orderBy: { id: window.orderBy }, limit: window.limit }),
    () => em.count(PersonalAccessToken, filter),
  );
}

/** For node(id:): only the owner sees a token, and only until it is revoked. */
export function findVisiblePersonalAccessTokens(em: EntityManager, viewerId: number | null, ids: number[]): Promise<PersonalAccessToken[]> {
  if (viewerId === null) return Promise.resolve([]);
  return em.find(PersonalAccessToken, { id: { $in: ids }, user: viewerId, revokedAt: null });
}

/** Revokes one of the owner's tokens; WebSockets signed in with it close on every server (on commit, in a transaction). */
export async function revokePersonalAccessToken(em: EntityManager, userId: number, tokenId: number): Promise<void> {
  const changed = await em.nativeUpdate(PersonalAccessToken, { id: tokenId, user: userId, revokedAt: null }, { revokedAt: new Date() });
  if (changed === 0) throw new NotFound('Token not found');
  await announceSessionsRevoked(em, { personalAccessTokenIds: [tokenId] });
}

/**
 * Ends every live token of a user. After a password reset whoever had the account may have
 * made one, and a token outliving the reset would keep them in.
 */
export async function revokeAllPersonalAccessTokens(em: EntityManager, userId: number): Promise<number> {
  const revoked = await em.nativeUpdate(PersonalAccessToken, { user: userId, revokedAt: null }, { revokedAt: new Date() });
  if (revoked > 0) await announceSessionsRevoked(em, { personalAccessTokensOfUserId: userId });
  return revoked;
}
