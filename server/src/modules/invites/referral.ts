import type { EntityManager } from '@mikro-orm/postgresql';
import { PRODUCT_NAME } from '../../../../domain/constants.js';
import { INVITE_MESSAGES, REFERRAL_WINDOW_HOURS } from '../../../../domain/invites.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { InvalidInput, NotFound } from '../../errors/app-errors.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import type { Logger } from '../../logger.js';
import { notifyUser } from '../notifications/index.js';
import { User, findUserByUsername } from '../users/index.js';
import { UserInvitation } from './user-invitation.entity.js';

/** Stored kind of the inviter's notice; clients that do not know it yet show it as OTHER. */
export const INVITE_ACCEPTED_KIND = 'invite_accepted';

/**
 * Records who invited a person who just signed up, and tells the inviter. The inviter is the one
 * whose link they followed (`invitedBy`, a username), else whoever last mailed their address an
 * invitation. Someone cannot invite themselves, and a person is referred once.
 * Returns the inviter's id, or null when nobody invited them.
 */
export async function recordReferral(em: EntityManager, invitee: User, invitedBy: string | null): Promise<number | null> {
  const email = invitee.email?.toLowerCase() ?? null;
  const mailed = email
    ? await em.findOne(UserInvitation, { email, invitee: null, inviter: { $ne: invitee.id } }, { orderBy: { createdAt: 'desc', id: 'desc' } })
    : null;
  const linked = invitedBy ? await findUserByUsername(em, invitedBy.trim()) : null;
  const inviterId = linked && linked.id !== invitee.id ? linked.id : (mailed?.inviter.id ?? null);
  if (inviterId === null) return null;

  const now = new Date();
  try {
    await em.transactional(async (tx) => {
      if (mailed && mailed.inviter.id === inviterId) {
        await tx.nativeUpdate(UserInvitation, { id: mailed.id }, { invitee: invitee.id, acceptedAt: now });
      } else {
        tx.create(UserInvitation, { inviter: tx.getReference(User, inviterId), email, invitee: tx.getReference(User, invitee.id), acceptedAt: now });
      }
      await tx.flush();
    });
  } catch (error) {
    // Referred already (a second sign-up call for the same new account): the first one counts.
    if (isUniqueViolation(error, 'user_invitations_invitee_id_unique')) return null;
    throw error;
  }
  // The inviter knows the address they mailed; a link's sign-up is a friend until they pick a name.
  const who = mailed && mailed.inviter.id === inviterId && email ? email : 'A friend';
  await notifyUser(em, inviterId, { kind: INVITE_ACCEPTED_KIND, message: `${who} joined ${PRODUCT_NAME} from your invitation.`, link: '/invite' });
  return inviterId;
}

/**
 * For the sign-up routes: a referral that cannot be recorded must not fail the sign-up itself
 * (the account exists by then), so a failure is logged and the sign-up goes on.
 */
export async function recordReferralAfterSignUp(em: EntityManager, logger: Logger, invitee: User, invitedBy: string | null): Promise<void> {
  try {
    await recordReferral(em, invitee, invitedBy);
  } catch (error) {
    logger.warn({ err: error, userId: invitee.id }, 'referral could not be recorded');
  }
}

/**
 * A new account says whose invite link brought it, once back in the app: Google and Twitter
 * sign-ups leave through the provider, so the link's `invitedBy` cannot ride along with them as
 * it does with the email form. Only within REFERRAL_WINDOW_HOURS of signing up, so an old
 * account cannot be claimed as someone's referral later. Returns whether it was recorded now.
 */
export async function recordReferralOfNewAccount(em: EntityManager, invitee: User, invitedBy: string): Promise<boolean> {
  if (Date.now() - invitee.createdAt.getTime() > REFERRAL_WINDOW_HOURS * 60 * 60 * 1000) {
    throw new InvalidInput(INVITE_MESSAGES.referralTooLate, { field: 'invitedBy' });
  }
  const inviter = await findUserByUsername(em, invitedBy.trim());
  if (!inviter) throw new NotFound(MESSAGES.userNotFound, { field: 'invitedBy' });
  if (inviter.id === invitee.id || (await em.count(UserInvitation, { invitee: invitee.id })) > 0) return false;
  return (await recordReferral(em, invitee, inviter.username)) !== null;
}
