import { projectAbilities, projectAccess, type CollaboratorPermission, type CollaboratorStatus, type ProjectAccess } from '../../../../domain/projects.js';
import type { TeamMemberRole, TeamMemberStatus } from '../../../../domain/enums.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import type { ProjectCollaboratorView, ProjectView } from './project.view.js';

/** The viewer's relations to one project, read in one batched query (project.loaders.ts). */
export interface ViewerRelations {
  collaborator: { permission: CollaboratorPermission; status: CollaboratorStatus } | null;
  teamMembership: { role: TeamMemberRole; status: TeamMemberStatus } | null;
}

export const NO_RELATIONS: ViewerRelations = { collaborator: null, teamMembership: null };

/** The access rule of docs/product.md §Projects applied to a loaded project. */
export function accessTo(viewer: Viewer | null, project: Pick<ProjectView, 'ownerUser' | 'ownerTeam' | 'visibility'>, relations: ViewerRelations): ProjectAccess {
  return projectAccess({
    viewer: viewer ? { userId: viewer.user.id, isAdmin: isAdminViewer(viewer) } : null,
    project: { ownerUserId: project.ownerUser?.id ?? null, ownerTeamId: project.ownerTeam?.id ?? null, visibility: project.visibility },
    collaborator: relations.collaborator,
    teamMembership: relations.teamMembership,
  });
}

export { projectAbilities };

/**
 * The projects a person works on, as a SQL condition on `p` (the projects list): those they own,
 * those of teams where they are an active manager or member, and those they accepted to join.
 * Admins' lists are their own too: reading any project is for support, not for browsing.
 * Parameters: the viewer's id, three times.
 */
export const WORKS_ON_SQL = `(p."owner_user_id" = ?
  or p."owner_team_id" in (select m."team_id" from "team_members" m where m."user_id" = ? and m."status" = 'active' and m."role" in ('manager', 'member'))
  or p."id" in (select c."project_id" from "project_collaborators" c where c."user_id" = ? and c."status" = 'accepted'))`;

/**
 * Whether the viewer is the person a collaborator row invites: its user, or, for an invitation by
 * email, whoever is signed in with that address (addresses are stored lower case).
 */
export function isInvitee(viewer: Viewer | null, collaborator: Pick<ProjectCollaboratorView, 'user' | 'invitedEmail'>): boolean {
  if (!viewer) return false;
  if (collaborator.user) return collaborator.user.id === viewer.user.id;
  const email = viewer.user.email?.toLowerCase() ?? null;
  return email !== null && collaborator.invitedEmail === email;
}
