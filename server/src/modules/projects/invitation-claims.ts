import { createHash, randomBytes } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { Conflict, InvalidInput, RateLimited, Unauthenticated } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { CreditRole } from '../credits/index.js';
import { projectInvitationMail, publicLink } from '../mail/index.js';
import { lockUserRow, User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { enqueueProjectMail, type InvitationMailDeps } from './invitation-mail.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { collaboratorChanged } from './project-events.js';
import { forgetViewerRelations } from './project.loaders.js';

/**
 * How long a project claim link works: as long as a credit's claim link (docs/product.md §Credits),
 * since both reach someone not on Byline yet who needs time to see the mail. The invitation itself
 * does not expire: signing up with the invited address still shows it on /projects, and an owner
 * can remove the person and invite them again for a fresh link.
 */
export const INVITATION_CLAIM_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

/** 32 random bytes, base64url: what newInvitationClaimToken makes, so anything else is looked up no further. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** A new claim token and what is stored of it (its SHA-256, hex): a stolen database holds no working link. */
export function newInvitationClaimToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashInvitationClaimToken(token) };
}

export function hashInvitationClaimToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The claim page's address. A route of its own, not the credits' one: it answers an invitation (accept or decline), where a credit claim only takes the credit. */
export function invitationClaimPath(token: string): string {
  return `/projects/invitations/${token}`;
}

export function invitationClaimExpiresAt(collaborator: Pick<ProjectCollaborator, 'createdAt'>): Date {
  return new Date(collaborator.createdAt.getTime() + INVITATION_CLAIM_DAYS * DAY_MS);
}

/** Invitations by email are capped per inviter, as credits' are (docs/product.md §Credits), so the invite form can neither spam nor probe addresses. */
export const EMAIL_INVITATIONS_PER_DAY = 50;
export const EMAIL_INVITATION_LIMIT_MESSAGE = `You can invite at most ${EMAIL_INVITATIONS_PER_DAY} people into projects by email a day. Please try again tomorrow.`;

/**
 * In addCollaborator's transaction, for an invitation by email: within the daily cap, an address
 * no Byline account has gets a claim link by mail (docs/product.md §Projects). An address an
 * account has is that person's invitation already (they see it on /projects), so nothing is
 * mailed and no link exists.
 */
export async function sendEmailInvitation(tx: EntityManager, deps: InvitationMailDeps, viewer: Viewer, project: Project, collaborator: ProjectCollaborator): Promise<void> {
  const email = collaborator.invitedEmail;
  if (!email) return;
  await checkEmailInvitationLimit(tx, viewer);
  if (await tx.findOne(User, { email: { $ilike: email.replace(/[\\%_]/g, '\\$&') } }, { fields: ['id'] })) return;
  const claim = newInvitationClaimToken();
  collaborator.claimTokenHash = claim.hash;
  const role = await tx.findOneOrFail(CreditRole, collaborator.creditRole.id);
  const facts = { inviterName: viewer.user.name ?? viewer.user.username ?? 'Someone', projectName: project.name, role: `${role.emoji} ${role.name}`, days: INVITATION_CLAIM_DAYS };
  await enqueueProjectMail(deps.boss, tx, { to: email, ...projectInvitationMail(facts, publicLink(deps.publicUrl, invitationClaimPath(claim.token))) });
}

/**
 * At most EMAIL_INVITATIONS_PER_DAY invitations by email in the last 24 hours, members' addresses
 * included (the cap gives away nobody's), counted from the audit log (invitations removed since
 * still count) under the inviter's row lock, so two requests at once cannot both take the last one.
 * This invitation's own audit row is flushed first and counted.
 */
async function checkEmailInvitationLimit(tx: EntityManager, viewer: Viewer): Promise<void> {
  await lockUserRow(tx, viewer.user.id);
  await tx.flush();
  const [row] = await tx.execute<Array<{ sent: string | number }>>(
    `select count(*) as sent from "audit_logs"
      where "actor_id" = ? and "target" = 'project_collaborators' and "action" = 'create' and "fields"->>'byEmail' = 'true'
        and "created_at" > now() - interval '1 day'`,
    [viewer.user.id],
  );
  if (Number(row?.sent ?? 0) > EMAIL_INVITATIONS_PER_DAY) throw new RateLimited(EMAIL_INVITATION_LIMIT_MESSAGE);
}

/** The pending invitation behind a claim link while the link works; null for an unknown, used or expired one. */
export async function findClaimableInvitation(em: EntityManager, token: string, options: { lock?: boolean } = {}): Promise<ProjectCollaborator | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const collaborator = await em.findOne(
    ProjectCollaborator,
    { claimTokenHash: hashInvitationClaimToken(token), status: 'pending', user: null },
    options.lock ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
  );
  if (!collaborator || invitationClaimExpiresAt(collaborator).getTime() <= Date.now()) return null;
  return collaborator;
}

/**
 * The signed-in holder of a claim link answers the invitation. Accepting binds it to their
 * account, whatever address they signed up with (like a credit claim link: it was sent to them);
 * declining binds nobody. Either way the link works once.
 */
export async function answerInvitationByClaimLink(em: EntityManager, viewer: Viewer | null, token: string, accept: boolean): Promise<ProjectCollaborator> {
  if (!viewer) throw new Unauthenticated();
  return em.transactional(async (tx) => {
    // Locked, so two answers through the same link at once cannot both pass.
    const collaborator = await findClaimableInvitation(tx, token, { lock: true });
    if (!collaborator) throw new InvalidInput(MESSAGES.linkInvalid, { field: 'token' });
    collaborator.status = accept ? 'accepted' : 'declined';
    collaborator.respondedAt = new Date();
    collaborator.claimTokenHash = null;
    if (accept) collaborator.user = tx.getReference(User, viewer.user.id, { wrapped: true });
    await tx.nativeUpdate(Project, { id: collaborator.project.id }, { lastActivityAt: new Date() });
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_collaborators', targetId: collaborator.id, fields: { status: collaborator.status, byClaimLink: true } });
    try {
      await tx.flush();
    } catch (error) {
      // Accepting into a project the person is already in.
      if (error instanceof UniqueConstraintViolationException) throw new Conflict();
      throw error;
    }
    await collaboratorChanged(tx, 'PROJECT_COLLABORATOR_RESPONDED', collaborator);
    forgetViewerRelations(em);
    return collaborator;
  });
}
