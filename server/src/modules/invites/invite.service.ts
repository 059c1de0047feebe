import type { EntityManager } from '@mikro-orm/postgresql';
import { INVITE_MESSAGES, INVITES_PER_DAY, inviteLinkPath } from '../../../../domain/invites.js';
import type { AppConfig } from '../../config.js';
import { Conflict, InvalidInput, RateLimited, UpstreamTimeout } from '../../errors/app-errors.js';
import type { Logger } from '../../logger.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { publicLink, limitMailToAddress } from '../mail/index.js';
import { normalizeEmail, User } from '../users/index.js';
import { consumeAttempt } from '../../http/attempt-limit.js';
import type { Viewer } from '../users/index.js';
import type { Mailer } from '../mail/index.js';
import { invitationMail } from './invite-mail.js';
import { UserInvitation } from './user-invitation.entity.js';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface InviteDeps {
  em: EntityManager;
  config: AppConfig;
  mailer: Mailer;
  logger: Logger;
}

/** The sign-up link that credits `username`, on this site's public address. */
export function inviteUrlFor(config: Pick<AppConfig, 'publicUrl'>, username: string): string {
  return publicLink(config.publicUrl, inviteLinkPath(username));
}

/**
 * Mails a friend an invitation with the inviter's sign-up link, and records it so the inviter
 * is credited when that address signs up (even without the link). Limited per inviter (20 a
 * day) and per address (the shared mail limit), so nobody is flooded.
 */
export async function inviteFriend(deps: InviteDeps, viewer: Viewer, rawEmail: string): Promise<{ email: string; inviteUrl: string }> {
  const { em, config } = deps;
  const inviter = viewer.user;
  if (!inviter.username) throw new InvalidInput(INVITE_MESSAGES.usernameFirst, { field: 'username' });
  const email = normalizeEmail(rawEmail);
  if (inviter.email?.toLowerCase() === email) throw new InvalidInput(INVITE_MESSAGES.ownAddress, { field: 'email' });
  // Saying so is what GitHub and Linktree do too; the daily limit keeps it from being a lookup service.
  // lower(email): the expression the unique index on users is built on, so this is one index probe.
  const members = await em.execute<Array<{ id: number }>>('select id from users where lower(email) = ? limit 1', [email]);
  if (members.length > 0) throw new Conflict(INVITE_MESSAGES.alreadyMember, { field: 'email' });

  try {
    await consumeAttempt(em, `invite:${inviter.id}`, INVITES_PER_DAY, DAY_MS);
  } catch (error) {
    throw error instanceof RateLimited ? new RateLimited(INVITE_MESSAGES.dailyLimit) : error;
  }
  await limitMailToAddress(em, config, email);

  em.create(UserInvitation, { inviter: em.getReference(User, inviter.id), email });
  recordAudit(em, auditViewer(viewer), { action: 'create', target: 'user_invitations', targetId: inviter.id, fields: { email } });
  await em.flush();

  const inviteUrl = inviteUrlFor(config, inviter.username);
  try {
    await deps.mailer.send({ to: email, ...invitationMail(inviter.name ?? inviter.username, inviteUrl) });
  } catch (error) {
    deps.logger.warn({ err: error, to: email }, 'invitation could not be mailed');
    throw new UpstreamTimeout(INVITE_MESSAGES.sendFailed);
  }
  return { email, inviteUrl };
}
