import type { EntityManager } from '@mikro-orm/postgresql';
import { Invitation } from './invitation.entity.js';

/**
 * Whether `code` is an open invitation (not accepted, not expired) sent to `email`. The
 * invitation mail reached that address, so its code proves the mailbox as a verification
 * code would (docs/product.md §Sign-in: coming back to a team invitation goes straight to sign-up).
 */
export async function isOpenInvitationFor(em: EntityManager, code: string, email: string): Promise<boolean> {
  if (!code || code.length > 64) return false;
  const invitation = await em.findOne(Invitation, { code, acceptedAt: null, expiresAt: { $gt: new Date() } });
  return invitation !== null && invitation.email.toLowerCase() === email.toLowerCase();
}
