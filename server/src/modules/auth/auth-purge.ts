import type { EntityManager } from '@mikro-orm/postgresql';
import { deleteInBatches, type PurgeLimits } from '../../db/batched-delete.js';

/**
 * Expired sign-in rows, deleted by the housekeeping job. Nothing reads a row past its expiry:
 * every lookup asks for `expires_at > now()`, so an expired row and a missing one answer alike.
 * Revoked sessions go once they expire too (a revoked session stops sliding forward).
 */
export function purgeExpiredSessions(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from auth_sessions where id in (
       select id from auth_sessions where expires_at < now() limit ? for update skip locked)`,
    limits,
  );
}

/** Codes, magic links, reset links and verified-address proofs past their expiry, used or not. */
export function purgeExpiredOneTimeTokens(em: EntityManager, limits?: PurgeLimits): Promise<number> {
  return deleteInBatches(
    em,
    `delete from one_time_tokens where id in (
       select id from one_time_tokens where expires_at < now() limit ? for update skip locked)`,
    limits,
  );
}
