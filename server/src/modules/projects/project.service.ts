import { randomBytes } from 'node:crypto';
import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  checkProjectName,
  MAX_PROJECT_CLIENT_NAME_LENGTH,
  PROJECT_MESSAGES,
  PROJECT_PUBLIC_ID_LENGTH,
  isProjectPublicId,
  projectAbilities,
  projectPublicIdFrom,
  slugifyProjectName,
  type ProjectAccess,
  type ProjectStatus,
  type ProjectVisibility,
} from '../../../../domain/projects.js';
import { readRows } from '../../db/prepared-read.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { Team, TEAM_MESSAGES, TeamMember } from '../teams/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { Project } from './project.entity.js';
import {
  forgetViewerRelations,
  loadViewerRelations,
  PROJECT_OWNER_COLUMNS_SQL,
  primeViewerRelations,
  projectViewFromRow,
  VIEWER_RELATION_COLUMNS_SQL,
  VIEWER_RELATION_JOINS_SQL,
  type ProjectRowWithOwners,
} from './project.loaders.js';
import type { ProjectView } from './project.view.js';
import { projectChanged } from './project-events.js';
import { accessTo } from './project.policy.js';

/** What a project's form sends; an absent field is left as it is. */
export interface ProjectChanges {
  name?: string;
  clientUserId?: number | null;
  clientName?: string | null;
  startsOn?: string | null;
  endsOn?: string | null;
  status?: ProjectStatus;
  visibility?: ProjectVisibility;
}

export interface VisibleProject<P extends ProjectView = Project> {
  project: P;
  access: ProjectAccess;
}

/** The viewer's access to a loaded project, batched with the rest of the request's projects. */
export async function viewerAccess(em: EntityManager, viewer: Viewer | null, project: ProjectView): Promise<ProjectAccess> {
  return accessTo(viewer, project, await loadViewerRelations(em, viewer?.user.id ?? null, project.id));
}

/** A project by its public id, when the viewer may see it; null otherwise, so a private project's existence is not given away. */
export async function findProjectByPublicId(em: EntityManager, viewer: Viewer | null, publicId: string): Promise<VisibleProject<ProjectView> | null> {
  if (!isProjectPublicId(publicId)) return null;
  // The project, the viewer's relations to it and its owners in one statement: the page's header
  // then asks nothing more (bench/README.md, the project page).
  const userId = viewer?.user.id ?? null;
  // Prepared (db/prepared-read.ts): a lookup by the unique public id plans the same for every project.
  const [row] = await readRows<ProjectRowWithOwners & Parameters<typeof primeViewerRelations>[3]>(
    em,
    `select p.*, ${VIEWER_RELATION_COLUMNS_SQL}, ${PROJECT_OWNER_COLUMNS_SQL} from "projects" p ${VIEWER_RELATION_JOINS_SQL} where p."public_id" = ?`,
    [userId, userId, publicId],
  );
  if (!row) return null;
  const { permission, collaborator_status, role, member_status, ...columns } = row;
  const project = projectViewFromRow(em, columns);
  primeViewerRelations(em, userId, project.id, { permission, collaborator_status, role, member_status });
  const access = await viewerAccess(em, viewer, project);
  return access === 'none' ? null : { project, access };
}

/** For node(id:): the given projects the viewer may see. */
export async function findVisibleProjects(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<Project[]> {
  const projects = await em.find(Project, { id: { $in: ids } });
  const access = await Promise.all(projects.map((project) => viewerAccess(em, viewer, project)));
  return projects.filter((_, index) => access[index] !== 'none');
}

/** The project when the viewer may do `need` with it; "not found" when they may not even see it. */
export async function requireProject(em: EntityManager, viewer: Viewer, projectId: number, need: 'edit' | 'manageCollaborators'): Promise<VisibleProject> {
  const project = await em.findOne(Project, projectId);
  if (!project) throw new NotFound(PROJECT_MESSAGES.projectNotFound);
  const access = await viewerAccess(em, viewer, project);
  const abilities = projectAbilities(access);
  if (!abilities.see) throw new NotFound(PROJECT_MESSAGES.projectNotFound);
  if (!abilities[need]) throw new Forbidden();
  return { project, access };
}

function nameOrThrow(raw: string): string {
  const checked = checkProjectName(raw);
  if ('error' in checked) throw new InvalidInput(checked.error, { field: 'name' });
  return checked.name;
}

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function dateOrThrow(value: string | null, field: string): string | null {
  if (value === null) return null;
  if (!DATE_PATTERN.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`)) || new Date(`${value}T00:00:00Z`).toISOString().slice(0, 10) !== value) {
    throw new InvalidInput('Use a date as YYYY-MM-DD.', { field });
  }
  return value;
}

/** Applies a form's changes to a project, checking each; the client is a company on Byline or a name, never both. */
async function applyChanges(em: EntityManager, project: Project, changes: ProjectChanges): Promise<void> {
  if (changes.name !== undefined) {
    project.name = nameOrThrow(changes.name);
    project.slug = slugifyProjectName(project.name);
  }
  if (changes.clientUserId !== undefined && changes.clientName !== undefined && changes.clientUserId !== null && changes.clientName !== null) {
    throw new InvalidInput(PROJECT_MESSAGES.oneClient, { field: 'clientName' });
  }
  if (changes.clientUserId !== undefined) {
    if (changes.clientUserId !== null && !(await em.findOne(User, changes.clientUserId, { fields: ['id'] }))) throw new NotFound('User not found');
    project.clientUser = changes.clientUserId === null ? null : em.getReference(User, changes.clientUserId, { wrapped: true });
    if (changes.clientUserId !== null) project.clientName = null;
  }
  if (changes.clientName !== undefined) {
    const clientName = changes.clientName?.trim().replace(/\s+/g, ' ') || null;
    if (clientName && clientName.length > MAX_PROJECT_CLIENT_NAME_LENGTH) throw new InvalidInput(PROJECT_MESSAGES.clientNameTooLong, { field: 'clientName' });
    project.clientName = clientName;
    if (clientName !== null) project.clientUser = null;
  }
  if (changes.startsOn !== undefined) project.startsOn = dateOrThrow(changes.startsOn, 'startsOn');
  if (changes.endsOn !== undefined) project.endsOn = dateOrThrow(changes.endsOn, 'endsOn');
  if (project.startsOn && project.endsOn && project.endsOn < project.startsOn) throw new InvalidInput(PROJECT_MESSAGES.datesOutOfOrder, { field: 'endsOn' });
  if (changes.status !== undefined) project.status = changes.status;
  if (changes.visibility !== undefined) project.visibility = changes.visibility;
  project.lastActivityAt = new Date();
}

/** The fields an audit entry keeps of a change: what was set, never a free-text value beyond the name. */
function auditedFields(changes: ProjectChanges): Record<string, unknown> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/**
 * Starts a project owned by the viewer, or by a team the viewer manages (its active managers
 * own it; docs/product.md §Projects). The public id is drawn until unused; a clash among
 * 56^10 ids is rare enough that three tries are plenty.
 */
export async function createProject(em: EntityManager, viewer: Viewer, changes: ProjectChanges & { name: string; ownerTeamId?: number | null }): Promise<Project> {
  if (changes.ownerTeamId) {
    const membership = await em.findOne(TeamMember, { team: changes.ownerTeamId, user: viewer.user.id });
    // Someone not on the team hears it does not exist, as the team's own pages answer.
    if (!membership || membership.status !== 'active' || membership.role === 'pro_only') throw new NotFound(TEAM_MESSAGES.teamNotFound);
    if (membership.role !== 'manager') throw new Forbidden();
  }
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await em.transactional(async (tx) => {
        const project = tx.create(Project, {
          publicId: projectPublicIdFrom(randomBytes(PROJECT_PUBLIC_ID_LENGTH)),
          name: '',
          slug: 'project',
          ownerUser: changes.ownerTeamId ? null : tx.getReference(User, viewer.user.id, { wrapped: true }),
          ownerTeam: changes.ownerTeamId ? tx.getReference(Team, changes.ownerTeamId, { wrapped: true }) : null,
        });
        await applyChanges(tx, project, changes);
        await tx.flush();
        recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'projects', targetId: project.id, fields: { ...auditedFields(changes), publicId: project.publicId } });
        await tx.flush();
        await projectChanged(tx, project, null);
        return project;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && attempt < 2) continue;
      throw error;
    }
  }
}

/**
 * Changes a project: editors and owners. Making it public or private is its owners' call, as it
 * shows the people in it to everyone. A new name gives a new slug; the old address still finds
 * the project by its public id and is redirected to the new one (projectByAddress).
 */
export async function updateProject(em: EntityManager, viewer: Viewer, projectId: number, changes: ProjectChanges): Promise<Project> {
  return em.transactional(async (tx) => {
    const { project, access } = await requireProject(tx, viewer, projectId, 'edit');
    if (changes.visibility !== undefined && changes.visibility !== project.visibility && !projectAbilities(access).manageCollaborators) throw new Forbidden();
    await applyChanges(tx, project, changes);
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'projects', targetId: project.id, fields: auditedFields(changes) });
    await tx.flush();
    await projectChanged(tx, project, Object.keys(auditedFields(changes)));
    forgetViewerRelations(em);
    return project;
  });
}
