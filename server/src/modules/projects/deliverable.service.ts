import type { EntityManager } from '@mikro-orm/postgresql';
import type { PostType } from '../../../../domain/enums.js';
import { isNetworkId } from '../../../../domain/networks.js';
import { checkDeliverableTitle, DELIVERABLE_MESSAGES, MAX_DELIVERABLE_ASSIGNEES, projectAbilities, projectPath, type DeliverableStatus, type ProjectAccess } from '../../../../domain/projects.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { Network } from '../networks/index.js';
import { notifyUser } from '../notifications/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { primeAssignees } from './deliverable.loaders.js';
import { Project, ProjectCollaborator } from './project.entity.js';
import { requireProject, viewerAccess } from './project.service.js';

/** What a deliverable's form sends; an absent field is left as it is. */
export interface DeliverableChanges {
  title?: string;
  networkId?: number;
  postType?: PostType;
  dueOn?: string;
  status?: DeliverableStatus;
  /** ProjectCollaborator ids: the whole new list. */
  assigneeIds?: number[];
}

export interface SeenDeliverable {
  deliverable: ProjectDeliverable;
  project: Project;
  access: ProjectAccess;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function dueOnOrThrow(value: string): string {
  if (!DATE_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new InvalidInput(DELIVERABLE_MESSAGES.dueDateRequired, { field: 'dueOn' });
  }
  return value;
}

/** Today as the server counts it (UTC), for the overdue rule of domain/projects.ts. */
export function todayUtc(): string {
  return new Date().toISOString().slice(0, 10);
}

/**
 * A deliverable the viewer may see, with its project and the viewer's access; "not found" when
 * they may not see the project (a private project's deliverables are not given away), "forbidden"
 * when they may see but `need` is `edit` and they may not change it.
 */
export async function requireDeliverable(em: EntityManager, viewer: Viewer | null, deliverableId: number, need: 'see' | 'edit'): Promise<SeenDeliverable> {
  const deliverable = await em.findOne(ProjectDeliverable, deliverableId);
  if (!deliverable) throw new NotFound(DELIVERABLE_MESSAGES.deliverableNotFound);
  const project = await em.findOneOrFail(Project, deliverable.project.id);
  const access = await viewerAccess(em, viewer, project);
  const abilities = projectAbilities(access);
  if (!abilities.see) throw new NotFound(DELIVERABLE_MESSAGES.deliverableNotFound);
  if (need === 'edit' && !abilities.edit) throw new Forbidden();
  return { deliverable, project, access };
}

/** For node(id:): the given deliverables whose projects the viewer may see. */
export async function findVisibleDeliverables(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<ProjectDeliverable[]> {
  const deliverables = await em.find(ProjectDeliverable, { id: { $in: ids } });
  const projects = new Map((await em.find(Project, { id: { $in: [...new Set(deliverables.map((row) => row.project.id))] } })).map((project) => [project.id, project]));
  const visible: ProjectDeliverable[] = [];
  for (const deliverable of deliverables) {
    const project = projects.get(deliverable.project.id);
    if (project && (await viewerAccess(em, viewer, project)) !== 'none') visible.push(deliverable);
  }
  return visible;
}

/** Applies a form's changes, checking each (docs/product.md §Projects). */
async function applyChanges(tx: EntityManager, deliverable: ProjectDeliverable, changes: DeliverableChanges): Promise<void> {
  if (changes.title !== undefined) {
    const checked = checkDeliverableTitle(changes.title);
    if ('error' in checked) throw new InvalidInput(checked.error, { field: 'title' });
    deliverable.title = checked.title;
  }
  if (changes.networkId !== undefined) {
    if (!isNetworkId(changes.networkId)) throw new NotFound('Network not found');
    deliverable.network = tx.getReference(Network, changes.networkId, { wrapped: true });
  }
  if (changes.postType !== undefined) deliverable.postType = changes.postType;
  if (changes.dueOn !== undefined) deliverable.dueOn = dueOnOrThrow(changes.dueOn);
  if (changes.status !== undefined) {
    // PUBLISHED says which post went out: linkProjectDeliverablePost sets it with the post.
    if (changes.status === 'published' && deliverable.post === null) throw new InvalidInput(DELIVERABLE_MESSAGES.publishedNeedsPost, { field: 'status' });
    deliverable.status = changes.status;
  }
}

/**
 * Replaces a deliverable's assignees: collaborators of the same project who have not declined.
 * Returns the new list, in the order they were added to the project.
 */
async function setAssignees(tx: EntityManager, deliverable: ProjectDeliverable, collaboratorIds: number[]): Promise<{ assignees: ProjectCollaborator[]; added: ProjectCollaborator[] }> {
  const ids = [...new Set(collaboratorIds)];
  if (ids.length > MAX_DELIVERABLE_ASSIGNEES) throw new InvalidInput(DELIVERABLE_MESSAGES.tooManyAssignees, { field: 'assigneeIds' });
  const collaborators = ids.length === 0 ? [] : await tx.find(ProjectCollaborator, { id: { $in: ids }, project: deliverable.project.id, status: { $ne: 'declined' } }, { orderBy: { id: 'asc' } });
  if (collaborators.length !== ids.length) throw new InvalidInput(DELIVERABLE_MESSAGES.assigneeNotInProject, { field: 'assigneeIds' });
  const before = await tx.execute<Array<{ collaborator_id: number }>>(`delete from "project_deliverable_assignees" where "deliverable_id" = ? returning "collaborator_id"`, [deliverable.id]);
  if (ids.length > 0) {
    await tx.execute(`insert into "project_deliverable_assignees" ("deliverable_id", "collaborator_id") select ?, unnest(?::int[])`, [deliverable.id, `{${collaborators.map((row) => row.id).join(',')}}`]);
  }
  const had = new Set(before.map((row) => Number(row.collaborator_id)));
  return { assignees: collaborators, added: collaborators.filter((row) => !had.has(row.id)) };
}

/**
 * Tells the people newly assigned (docs/product.md §Projects), except whoever assigned them. Only
 * those who joined the project: a pending invitee hears of the project through their invitation.
 */
async function notifyAssigned(tx: EntityManager, viewer: Viewer, project: Project, deliverable: ProjectDeliverable, added: ProjectCollaborator[]): Promise<void> {
  for (const collaborator of added) {
    const userId = collaborator.user?.id;
    if (userId === undefined || userId === viewer.user.id || collaborator.status !== 'accepted') continue;
    await notifyUser(tx, userId, {
      kind: 'project_deliverable_assigned',
      message: `${viewer.user.name ?? viewer.user.username ?? 'Someone'} assigned you to “${deliverable.title}” in ${project.name}, due ${deliverable.dueOn}`,
      link: projectPath(project.publicId, project.slug),
      projectDeliverableId: deliverable.id,
    });
  }
}

/** The fields an audit entry keeps of a change: what was set, never the title's words. */
function auditedFields(changes: DeliverableChanges): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([key, value]) => value !== undefined && key !== 'title'));
}

/** Adds a deliverable to a project: its owners and editors. */
export async function createDeliverable(em: EntityManager, viewer: Viewer, projectId: number, fields: Required<Pick<DeliverableChanges, 'title' | 'networkId' | 'postType' | 'dueOn'>> & DeliverableChanges): Promise<ProjectDeliverable> {
  const { deliverable, assignees } = await em.transactional(async (tx) => {
    const { project } = await requireProject(tx, viewer, projectId, 'edit');
    const created = tx.create(ProjectDeliverable, {
      project,
      title: '',
      network: tx.getReference(Network, fields.networkId, { wrapped: true }),
      postType: fields.postType,
      dueOn: fields.dueOn,
      createdBy: tx.getReference(User, viewer.user.id, { wrapped: true }),
    });
    await applyChanges(tx, created, fields);
    project.lastActivityAt = new Date();
    await tx.flush();
    const assigned = await setAssignees(tx, created, fields.assigneeIds ?? []);
    await notifyAssigned(tx, viewer, project, created, assigned.added);
    recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'project_deliverables', targetId: created.id, fields: { projectId: project.id, ...auditedFields(fields) } });
    await tx.flush();
    return { deliverable: created, assignees: assigned.assignees };
  });
  primeAssignees(em, deliverable.id, assignees);
  return deliverable;
}

/** Changes a deliverable: the project's owners and editors. */
export async function updateDeliverable(em: EntityManager, viewer: Viewer, deliverableId: number, changes: DeliverableChanges): Promise<ProjectDeliverable> {
  const { deliverable, assignees } = await em.transactional(async (tx) => {
    const { deliverable: found, project } = await requireDeliverable(tx, viewer, deliverableId, 'edit');
    await applyChanges(tx, found, changes);
    const assigned = changes.assigneeIds === undefined ? null : await setAssignees(tx, found, changes.assigneeIds);
    if (assigned) await notifyAssigned(tx, viewer, project, found, assigned.added);
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'project_deliverables', targetId: found.id, fields: auditedFields(changes) });
    await tx.flush();
    return { deliverable: found, assignees: assigned?.assignees ?? null };
  });
  if (assignees) primeAssignees(em, deliverable.id, assignees);
  return deliverable;
}

/** Deletes a deliverable (its assignments go with it; its post and credits stay): owners and editors. */
export async function deleteDeliverable(em: EntityManager, viewer: Viewer, deliverableId: number): Promise<Project> {
  return em.transactional(async (tx) => {
    const { deliverable, project } = await requireDeliverable(tx, viewer, deliverableId, 'edit');
    await tx.nativeDelete(ProjectDeliverable, { id: deliverable.id });
    project.lastActivityAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'delete', target: 'project_deliverables', targetId: deliverable.id, fields: { projectId: project.id } });
    await tx.flush();
    return project;
  });
}
