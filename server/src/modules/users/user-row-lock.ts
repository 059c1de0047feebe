import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { User } from './user.entity.js';

/**
 * Locks the user's row until the transaction ends, so per-user rules checked by counting
 * (at most N tokens or webhooks, never the last login) cannot be passed by two requests at once.
 */
export async function lockUserRow(tx: EntityManager, userId: number): Promise<void> {
  await tx.lock(tx.getReference(User, userId), LockMode.PESSIMISTIC_WRITE);
}
