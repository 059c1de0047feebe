import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { CollaboratorPermission, CollaboratorStatus } from '../../../../domain/projects.js';
import type { TeamMemberRole, TeamMemberStatus } from '../../../../domain/enums.js';
import { CreditRole } from '../credits/index.js';
import { Team } from '../teams/index.js';
import { User } from '../users/index.js';
import { Project } from './project.entity.js';
import { NO_RELATIONS, type ViewerRelations } from './project.policy.js';

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

/** The viewer's collaborator row and owning-team membership for each project of a page, in one query. */
export function loadViewerRelations(em: EntityManager, userId: number | null, projectId: number): Promise<ViewerRelations> {
  if (userId === null) return Promise.resolve(NO_RELATIONS);
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
        if (!row) return NO_RELATIONS;
        return {
          collaborator: row.permission && row.collaborator_status ? { permission: row.permission, status: row.collaborator_status } : null,
          teamMembership: row.role && row.member_status ? { role: row.role, status: row.member_status } : null,
        };
      });
    });
    byUser.set(userId, loader);
  }
  return loader.load(projectId);
}

/** Forgets what this request learnt of the viewer's relations (after a change made within it). */
export function forgetViewerRelations(em: EntityManager): void {
  relationLoaders.delete(em);
}

/** A per-request loader of rows by id: `find` fetches all the ids a response asks for in one query. */
function byIdLoader<T extends { id: number }>(find: (em: EntityManager, ids: number[]) => Promise<T[]>): (em: EntityManager, id: number) => Promise<T | null> {
  const loaders = new WeakMap<EntityManager, DataLoader<number, T | null>>();
  return (em, id) =>
    perRequest(loaders, em, async (ids) => {
      const byId = new Map((await find(em, [...ids])).map((row) => [row.id, row]));
      return ids.map((key) => byId.get(key) ?? null);
    }).load(id);
}

/** Owners, clients and collaborators of a page. */
export const loadUser = byIdLoader((em, ids) => em.find(User, { id: { $in: ids } }));

/** Owning teams of a page. */
export const loadTeam = byIdLoader((em, ids) => em.find(Team, { id: { $in: ids } }));

/** Collaborators' credit roles. */
export const loadCreditRole = byIdLoader((em, ids) => em.find(CreditRole, { id: { $in: ids } }));

/** Collaborators' projects (an invitation names its project). */
export const loadProject = byIdLoader((em, ids) => em.find(Project, { id: { $in: ids } }));
