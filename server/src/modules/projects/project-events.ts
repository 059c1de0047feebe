import type { EntityManager } from '@mikro-orm/postgresql';
import { projectPath } from '../../../../domain/projects.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { CreditRole } from '../credits/index.js';
import { TeamMember } from '../teams/index.js';
import { User } from '../users/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { Project, type ProjectCollaborator } from './project.entity.js';

/*
 * A project's webhook events (docs/product.md §Webhooks): sent to the webhooks of whoever owns
 * the project, its owning person or its owning team's active managers, whoever made the change
 * (an integration keeps its own copy of the owner's projects). Emitted in the transaction of the
 * change, so nothing is announced that does not commit. Payloads never carry costs, the budget or
 * an invited address.
 */

async function ownerUserIds(tx: EntityManager, project: Project): Promise<number[]> {
  if (project.ownerUser) return [project.ownerUser.id];
  if (!project.ownerTeam) return [];
  const managers = await tx.find(TeamMember, { team: project.ownerTeam.id, role: 'manager', status: 'active' }, { fields: ['user'] });
  return managers.map((manager) => manager.user.id);
}

function projectData(project: Project): Record<string, unknown> {
  return {
    id: toGlobalId('Project', project.id),
    databaseId: project.id,
    publicId: project.publicId,
    name: project.name,
    slug: project.slug,
    path: projectPath(project.publicId, project.slug),
    status: project.status.toUpperCase(),
    visibility: project.visibility.toUpperCase(),
    ownerUser: project.ownerUser ? { id: toGlobalId('User', project.ownerUser.id), databaseId: project.ownerUser.id } : null,
    ownerTeam: project.ownerTeam ? { id: toGlobalId('Team', project.ownerTeam.id), databaseId: project.ownerTeam.id } : null,
  };
}

/** PROJECT_CREATED, or PROJECT_UPDATED with the names of the fields that were set. */
export async function projectChanged(tx: EntityManager, project: Project, changed: readonly string[] | null): Promise<void> {
  const data = changed === null ? { project: projectData(project) } : { project: projectData(project), changed: [...changed] };
  await emitWebhookEvent(tx, { event: changed === null ? 'PROJECT_CREATED' : 'PROJECT_UPDATED', userIds: await ownerUserIds(tx, project), data });
}

/** A collaborator was added, removed (or left) or answered their invitation. */
export async function collaboratorChanged(
  tx: EntityManager,
  event: 'PROJECT_COLLABORATOR_ADDED' | 'PROJECT_COLLABORATOR_REMOVED' | 'PROJECT_COLLABORATOR_RESPONDED',
  collaborator: ProjectCollaborator,
  extra: Record<string, unknown> = {},
): Promise<void> {
  const project = await tx.findOneOrFail(Project, collaborator.project.id);
  const recipients = await ownerUserIds(tx, project);
  if (recipients.length === 0) return;
  const role = await tx.findOne(CreditRole, collaborator.creditRole.id);
  const user = collaborator.user ? await tx.findOne(User, collaborator.user.id, { fields: ['id', 'username'] }) : null;
  const data = {
    project: projectData(project),
    collaborator: {
      id: toGlobalId('ProjectCollaborator', collaborator.id),
      databaseId: collaborator.id,
      permission: collaborator.permission.toUpperCase(),
      status: collaborator.status.toUpperCase(),
      creditRole: role ? { id: toGlobalId('CreditRole', role.id), name: role.name } : null,
      // An invitation by email shows as one, never with its address (docs/product.md §Projects).
      isEmailInvitation: collaborator.user === null,
      user: user ? { id: toGlobalId('User', user.id), databaseId: user.id, username: user.username } : null,
    },
    ...extra,
  };
  await emitWebhookEvent(tx, { event, userIds: recipients, data });
}
