import { wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { CollaboratorPermission, CollaboratorStatus } from '../../../../domain/projects.js';
import type { TeamMemberRole, TeamMemberStatus } from '../../../../domain/enums.js';
import { CREDIT_ROLES, type CreditRole } from '../credits/index.js';
import { Team } from '../teams/index.js';
import { loadUserView, primeUserView, userViewFromColumns, type UserView } from '../users/index.js';
import { Project } from './project.entity.js';
import { NO_RELATIONS, type ViewerRelations } from './project.policy.js';
import { projectViewFromColumns, type ProjectColumns, type ProjectView } from './project.view.js';

/*
 * Per-request batch loaders for project fields: whatever number of projects or collaborators a
 * response holds, each of these is one query. Keyed by the request's EntityManager (each request
 * forks its own), as the other modules' loaders are.
 */

function perRequest<K, V>(store: WeakMap<EntityManager, DataLoader<K, V>>, em: EntityManager, batch: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let loader = store.get(em);
  if (!loader) store.set(em, (loader = new DataLoader(batch)));
  return loader;
}

interface RelationRow {
  project_id: number;
  permission: CollaboratorPermission | null;
  collaborator_status: CollaboratorStatus | null;
  role: TeamMemberRole | null;
  member_status: TeamMemberStatus | null;
}

const relationLoaders = new WeakMap<EntityManager, Map<number, DataLoader<number, ViewerRelations>>>();

function relationLoader(em: EntityManager, userId: number): DataLoader<number, ViewerRelations> {
  let byUser = relationLoaders.get(em);
  if (!byUser) relationLoaders.set(em, (byUser = new Map()));
  let loader = byUser.get(userId);
  if (!loader) {
    loader = new DataLoader<number, ViewerRelations>(async (projectIds) => {
      const rows = await em.execute<RelationRow[]>(
        `select p."id" as "project_id", c."permission", c."status" as "collaborator_status", m."role", m."status" as "member_status"
           from "projects" p
           left join "project_collaborators" c on c."project_id" = p."id" and c."user_id" = ?
           left join "team_members" m on m."team_id" = p."owner_team_id" and m."user_id" = ?
          where p."id" in (?)`,
        [userId, userId, [...projectIds]],
      );
      const byProject = new Map(rows.map((row) => [Number(row.project_id), row]));
      return projectIds.map((id) => {
        const row = byProject.get(id);
        return row ? relationsFromRow(row) : NO_RELATIONS;
      });
    });
    byUser.set(userId, loader);
  }
  return loader;
}

/** The viewer's collaborator row and owning-team membership for each project of a page, in one query. */
export function loadViewerRelations(em: EntityManager, userId: number | null, projectId: number): Promise<ViewerRelations> {
  if (userId === null) return Promise.resolve(NO_RELATIONS);
  return relationLoader(em, userId).load(projectId);
}

/**
 * The viewer's relations to a project, from a row that read them with the project itself
 * (VIEWER_RELATION_COLUMNS_SQL), so the request asks no more.
 */
export function primeViewerRelations(em: EntityManager, userId: number | null, projectId: number, row: Omit<RelationRow, 'project_id'>): void {
  if (userId !== null) relationLoader(em, userId).prime(projectId, relationsFromRow(row));
}

function relationsFromRow(row: Omit<RelationRow, 'project_id'>): ViewerRelations {
  return {
    collaborator: row.permission && row.collaborator_status ? { permission: row.permission, status: row.collaborator_status } : null,
    teamMembership: row.role && row.member_status ? { role: row.role, status: row.member_status } : null,
  };
}

/**
 * The viewer's relations as columns of a query on projects `p`, for primeViewerRelations: two
 * left joins, each by a unique index. Parameters: the viewer's id (or null), twice.
 */
export const VIEWER_RELATION_JOINS_SQL = `left join "project_collaborators" vc on vc."project_id" = p."id" and vc."user_id" = ?
  left join "team_members" vm on vm."team_id" = p."owner_team_id" and vm."user_id" = ?`;
export const VIEWER_RELATION_COLUMNS_SQL = `vc."permission", vc."status" as "collaborator_status", vm."role", vm."status" as "member_status"`;

/** Forgets what this request learnt of the viewer's relations (after a change made within it). */
export function forgetViewerRelations(em: EntityManager): void {
  relationLoaders.delete(em);
}

/**
 * A per-request loader of rows by id: `find` fetches all the ids a response asks for in one
 * query; `prime` hands it a row another query already read.
 */
function byIdLoader<T extends { id: number }>(find: (em: EntityManager, ids: number[]) => Promise<T[]>): ((em: EntityManager, id: number) => Promise<T | null>) & { prime(em: EntityManager, row: T): void } {
  const loaders = new WeakMap<EntityManager, DataLoader<number, T | null>>();
  const loaderOf = (em: EntityManager) =>
    perRequest(loaders, em, async (ids) => {
      const byId = new Map((await find(em, [...ids])).map((row) => [row.id, row]));
      return ids.map((key) => byId.get(key) ?? null);
    });
  return Object.assign((em: EntityManager, id: number) => loaderOf(em).load(id), { prime: (em: EntityManager, row: T) => void loaderOf(em).prime(row.id, row) });
}

/**
 * Owners, clients and collaborators of a page as the GraphQL `User` type reads them: plain rows,
 * every user of the response in one statement, shared with the rest of the request (the users
 * module's loadUserView; a page of 30 collaborators built as entities cost more CPU than its SQL).
 */
export function loadUser(em: EntityManager, id: number): Promise<UserView | null> {
  return Promise.resolve(loadUserView(em, id));
}

/** Owning teams of a page. */
export const loadTeam = byIdLoader((em, ids) => em.find(Team, { id: { $in: ids } }));

/** Collaborators' credit roles, from the process's copy of the seeded table (no statement once read). */
export function loadCreditRole(em: EntityManager, id: number): CreditRole | Promise<CreditRole> {
  return CREDIT_ROLES.byId(em, id);
}

const loadProjectRow = byIdLoader(async (em, ids): Promise<ProjectView[]> => (await em.execute<ProjectColumns[]>(`select p.* from "projects" p where p."id" in (?)`, [ids])).map(projectViewFromColumns));

/**
 * A project by id: an entity this request changed or loaded, the row it read for its page or list
 * (projectViewFromRow), else batched with the other projects the response names (an invitation's,
 * a notification's).
 */
export function loadProject(em: EntityManager, id: number): Promise<ProjectView | null> {
  const managed = em.getUnitOfWork().getById<Project>(Project, id);
  // A reference (a collaborator's `project`) sits in the same map without its columns.
  return managed && wrap(managed).isInitialized() ? Promise.resolve(managed) : loadProjectRow(em, id);
}

/**
 * A project's owning person or team and client company as JSON columns of a query on projects
 * `p`, each by its primary key, for primeProjectOwners: a list or page then needs no query of its
 * own for them.
 */
export const PROJECT_OWNER_COLUMNS_SQL = `(select row_to_json(ou) from "users" ou where ou."id" = p."owner_user_id") as "owner_user_row",
  (select row_to_json(ot) from "teams" ot where ot."id" = p."owner_team_id") as "owner_team_row",
  (select row_to_json(cu) from "users" cu where cu."id" = p."client_user_id") as "client_user_row"`;

/** A projects row with its owners and client as PROJECT_OWNER_COLUMNS_SQL reads them. */
export type ProjectRowWithOwners = ProjectColumns & {
  owner_user_row: Record<string, unknown> | null;
  owner_team_row: Record<string, unknown> | null;
  client_user_row: Record<string, unknown> | null;
};

/**
 * A project read for display, from its row (PROJECT_OWNER_COLUMNS_SQL): the owners and client go
 * to their loaders and the project to loadProject, so the response's other fields ask no more.
 */
export function projectViewFromRow(em: EntityManager, row: ProjectRowWithOwners): ProjectView {
  const { owner_user_row: ownerUser, owner_team_row: ownerTeam, client_user_row: clientUser, ...columns } = row;
  for (const user of [ownerUser, clientUser]) {
    const view = user ? userViewFromColumns(user) : null;
    if (view) primeUserView(em, view);
  }
  // A page names few teams many times: building the entity again for each row cost more CPU than its row.
  if (ownerTeam && typeof ownerTeam.id === 'number') loadTeam.prime(em, em.getUnitOfWork().getById(Team, ownerTeam.id) ?? em.map(Team, ownerTeam));
  const project = projectViewFromColumns(columns);
  loadProjectRow.prime(em, project);
  return project;
}
