import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { recordAudit } from '../audit/index.js';
import { Credit } from './credit.entity.js';
import { creditAdded, loadCreditStory, type CreditActor } from './credit-events.js';

/**
 * How long a claim link works. Like a GitHub invitation, the link is a bearer secret, so it does
 * not live for ever; 30 days gives the person time to see the mail. The credit itself does not
 * expire: signing up with the invited email or connecting the invited account still claims it,
 * and whoever added it can remove it and add it again for a fresh link.
 */
export const CLAIM_LINK_DAYS = 30;

/** A new claim token (32 random bytes, base64url) and what is stored of it (its SHA-256, hex). */
export function newClaimToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashClaimToken(token) };
}

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function claimLinkPath(token: string): string {
  return `/credits/claim/${token}`;
}

export function claimLinkExpired(credit: Pick<Credit, 'createdAt'>, now = new Date()): boolean {
  return now.getTime() - credit.createdAt.getTime() > CLAIM_LINK_DAYS * 24 * 60 * 60 * 1000;
}

/**
 * Invitee credits sent to `email` become the user's, pending their acceptance like any other
 * credit. Call it in the transaction where the user's address becomes verified (sign-up, email
 * verification). Returns how many credits became theirs.
 */
export function claimCreditsByEmail(tx: EntityManager, userId: number, email: string): Promise<number> {
  return claimInviteeCredits(tx, userId, { sql: `lower(c."invitee_email") = lower(?)`, params: [email.trim()] });
}

/**
 * Invitee credits given to a social account become the user's, pending. Call it in the
 * transaction where the user proves the account is theirs. Returns how many became theirs.
 */
export function claimCreditsOfAccount(tx: EntityManager, userId: number, socialAccountId: number): Promise<number> {
  return claimInviteeCredits(tx, userId, { sql: `c."invitee_account_id" = ?`, params: [socialAccountId] });
}

/** The one invitee credit behind a claim link, made the user's. Returns the credit, or null when none waits for that token. */
export async function claimCreditByTokenHash(tx: EntityManager, userId: number, tokenHash: string): Promise<Credit | null> {
  const [credit] = await claimInviteeCreditRows(tx, userId, { sql: `c."claim_token_hash" = ?`, params: [tokenHash] });
  return credit ?? null;
}

async function claimInviteeCredits(tx: EntityManager, userId: number, match: { sql: string; params: unknown[] }): Promise<number> {
  return (await claimInviteeCreditRows(tx, userId, match)).length;
}

/**
 * Moves matching invitee credits to the user in two statements, whatever their number. Where the
 * user already holds that role on that post (credited by username meanwhile, or invited by both
 * email and account), the existing credit stands and the invitee one goes: one credit per person
 * and role. A credit the user had added for their own invitee address is theirs at once (they
 * credited themselves); any other waits for their answer.
 */
async function claimInviteeCreditRows(tx: EntityManager, userId: number, match: { sql: string; params: unknown[] }): Promise<Credit[]> {
  const actor: CreditActor = { actorId: userId, masqueradingAdminId: null };
  const duplicates = await tx.execute<Array<{ id: number; post_id: number; role_id: number }>>(
    `delete from "credits" c
      where c."user_id" is null and ${match.sql}
        and exists (select 1 from "credits" o where o."post_id" = c."post_id" and o."role_id" = c."role_id" and o."user_id" = ?)
      returning c."id", c."post_id", c."role_id"`,
    [...match.params, userId],
  );
  for (const row of duplicates) recordDuplicateDropped(tx, actor, row);
  const claimed = await tx.execute<Array<{ id: number }>>(
    `update "credits" c
        set "user_id" = ?,
            "status" = case when c."added_by_id" = ? then 'accepted' else 'pending' end,
            "invitee_email" = null, "invitee_account_id" = null, "claim_token_hash" = null
      where c."user_id" is null and ${match.sql}
      returning c."id"`,
    [userId, userId, ...match.params],
  );
  if (claimed.length === 0) {
    await tx.flush();
    return [];
  }
  const credits = await tx.find(Credit, { id: { $in: claimed.map((row) => Number(row.id)) } }, { orderBy: { id: 'asc' }, refresh: true });
  await loadCreditStory(tx, credits);
  for (const credit of credits) await creditAdded(tx, actor, credit, 'claimed');
  return credits;
}

function recordDuplicateDropped(tx: EntityManager, actor: CreditActor, row: { id: number; post_id: number; role_id: number }): void {
  recordAudit(tx, actor, { action: 'delete', target: 'credit', targetId: row.id, fields: { postId: row.post_id, roleId: row.role_id, reason: 'claimed duplicate' } });
}
