import type { EntityManager } from '@mikro-orm/postgresql';
import type { Options } from 'express-rate-limit';
import * as MESSAGES from '../../../domain/messages.js';
import { RateLimited } from '../errors/app-errors.js';
import { PostgresRateLimitStore } from './rate-limit.js';

// Counted attempts were first sign-in attempts; the prefix stays so counts in flight survive an upgrade.
export const ATTEMPT_KEY_PREFIX = 'auth:';

function storeFor(em: EntityManager, windowMs: number): PostgresRateLimitStore {
  const store = new PostgresRateLimitStore(em, ATTEMPT_KEY_PREFIX);
  // The store reads only the window from express-rate-limit's options.
  store.init({ windowMs } as Options);
  return store;
}

/**
 * Counts one attempt under `key` in the shared `rate_limit_hits` table (so every server process
 * agrees) and refuses with 429 once more than `limit` fall within `windowMs`.
 */
export async function consumeAttempt(em: EntityManager, key: string, limit: number, windowMs: number): Promise<void> {
  const { totalHits } = await storeFor(em, windowMs).increment(key);
  if (totalHits > limit) throw new RateLimited(MESSAGES.tooManyAttempts);
}

/** Clears the attempts counted under `key`. */
export async function forgetAttempts(em: EntityManager, key: string): Promise<void> {
  await storeFor(em, 60 * 60 * 1000).resetKey(key);
}
