import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PROJECT_MESSAGES, type CollaboratorPermission } from '../../../../domain/projects.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { Conflict, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { CreditRole } from '../credits/index.js';
import { markProjectNotificationsSeen, notifyUser } from '../notifications/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { sendEmailInvitation } from './invitation-claims.js';
import type { InvitationMailDeps } from './invitation-mail.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { collaboratorChanged } from './project-events.js';
import { forgetViewerRelations } from './project.loaders.js';
import { isInvitee } from './project.policy.js';
import { findVisibleProjects, requireProject } from './project.service.js';

export type Invitee = { userId: number } | { email: string };

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Adds a person to a project, pending until they accept (docs/product.md §Projects): owners only.
 * Someone added by email stays an invitee until they accept, signed in with that address; the
 * address is never shown as a name. An address no account has is mailed a claim link (invitation-claims.ts).
 */
export async function addCollaborator(em: EntityManager, viewer: Viewer, projectId: number, invitee: Invitee, creditRoleId: number, permission: CollaboratorPermission, mail: InvitationMailDeps): Promise<ProjectCollaborator> {
  if ('email' in invitee && !EMAIL_PATTERN.test(invitee.email.trim())) throw new InvalidInput(MESSAGES.invalidEmail, { field: 'email' });
  try {
    return await em.transactional(async (tx) => {
      const { project } = await requireProject(tx, viewer, projectId, 'manageCollaborators');
      if (!(await tx.findOne(CreditRole, creditRoleId))) throw new NotFound('Credit role not found');
      if ('userId' in invitee && !(await tx.findOne(User, invitee.userId, { fields: ['id'] }))) throw new NotFound(MESSAGES.userNotFound);
      const collaborator = tx.create(ProjectCollaborator, {
        project,
        user: 'userId' in invitee ? tx.getReference(User, invitee.userId, { wrapped: true }) : null,
        invitedEmail: 'email' in invitee ? invitee.email.trim().toLowerCase() : null,
        creditRole: tx.getReference(CreditRole, creditRoleId, { wrapped: true }),
        permission,
        invitedBy: tx.getReference(User, viewer.user.id, { wrapped: true }),
      });
      project.lastActivityAt = new Date();
      await tx.flush();
      // The address is not copied into the audit log: the row's id leads to it for those who may see it.
      recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'project_collaborators', targetId: collaborator.id, fields: { projectId: project.id, creditRoleId, permission, byEmail: 'email' in invitee } });
      // The invitee answers from the notification (docs/product.md §Projects); it names no link, as a private project opens to them only once they accept.
      if ('userId' in invitee && invitee.userId !== viewer.user.id) {
        await notifyUser(tx, invitee.userId, { kind: 'project_invitation', message: `${viewer.user.name ?? viewer.user.username ?? 'Someone'} invited you into the project ${project.name}`, projectCollaboratorId: collaborator.id });
      }
      await sendEmailInvitation(tx, mail, viewer, project, collaborator);
      await tx.flush();
      await collaboratorChanged(tx, 'PROJECT_COLLABORATOR_ADDED', collaborator);
      return collaborator;
    });
  } catch (error) {
    // The same person (or address) twice in a project.
    if (error instanceof UniqueConstraintViolationException) throw new Conflict();
    throw error;
  }
}

/** A collaborator row whose project the viewer may see; anything else is "not found". */
async function findSeenCollaborator(em: EntityManager, viewer: Viewer, collaboratorId: number): Promise<ProjectCollaborator> {
  const collaborator = await em.findOne(ProjectCollaborator, collaboratorId);
  if (!collaborator) throw new NotFound(PROJECT_MESSAGES.collaboratorNotFound);
  const isInvitee = collaborator.user?.id === viewer.user.id;
  if (!isInvitee && (await findVisibleProjects(em, viewer, [collaborator.project.id])).length === 0) throw new NotFound(PROJECT_MESSAGES.collaboratorNotFound);
  return collaborator;
}

/**
 * Takes someone out of a project: its owners may, and so may the person themself (leaving). A
 * project is never orphaned by this: its owning person or team is a column of the project, not a
 * collaborator row.
 */
export async function removeCollaborator(em: EntityManager, viewer: Viewer, collaboratorId: number): Promise<ProjectCollaborator> {
  return em.transactional(async (tx) => {
    const collaborator = await findSeenCollaborator(tx, viewer, collaboratorId);
    const leaving = collaborator.user?.id === viewer.user.id;
    if (!leaving) await requireProject(tx, viewer, collaborator.project.id, 'manageCollaborators');
    await tx.nativeDelete(ProjectCollaborator, { id: collaborator.id });
    await tx.nativeUpdate(Project, { id: collaborator.project.id }, { lastActivityAt: new Date() });
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'project_collaborators', targetId: collaborator.id, fields: { projectId: collaborator.project.id, leaving } });
    await tx.flush();
    await collaboratorChanged(tx, 'PROJECT_COLLABORATOR_REMOVED', collaborator, { leaving });
    forgetViewerRelations(em);
    return collaborator;
  });
}

/**
 * The invitee accepts or declines. An invitation by email is theirs when they are signed in with
 * that address; accepting ties it to their account. Nobody else may answer for them.
 */
export async function respondToInvitation(em: EntityManager, viewer: Viewer, collaboratorId: number, accept: boolean): Promise<ProjectCollaborator> {
  return em.transactional(async (tx) => {
    const collaborator = await tx.findOne(ProjectCollaborator, collaboratorId);
    if (!collaborator || !isInvitee(viewer, collaborator) || collaborator.status !== 'pending') throw new NotFound(PROJECT_MESSAGES.invitationNotFound);
    collaborator.status = accept ? 'accepted' : 'declined';
    collaborator.respondedAt = new Date();
    if (accept && !collaborator.user) collaborator.user = tx.getReference(User, viewer.user.id, { wrapped: true });
    await tx.nativeUpdate(Project, { id: collaborator.project.id }, { lastActivityAt: new Date() });
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_collaborators', targetId: collaborator.id, fields: { status: collaborator.status } });
    try {
      await tx.flush();
    } catch (error) {
      // Accepting an emailed invitation to a project the person is already in.
      if (error instanceof UniqueConstraintViolationException) throw new Conflict();
      throw error;
    }
    await markProjectNotificationsSeen(tx, viewer.user.id, 'project_invitation', { projectCollaboratorId: collaborator.id });
    await collaboratorChanged(tx, 'PROJECT_COLLABORATOR_RESPONDED', collaborator);
    forgetViewerRelations(em);
    return collaborator;
  });
}
