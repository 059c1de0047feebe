import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { isAdminViewer } from '../auth/sessions/guards.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { canViewTeam } from './team.policy.js';

export async function findVisibleTeam(em: EntityManager, viewer: Viewer | null, teamId: number): Promise<Team | null> {
  const team = await em.findOne(Team, teamId);
  if (!team) return null;
  const membership = viewer ? await em.findOne(TeamMember, { team, user: viewer.user.id }) : null;
  return canViewTeam(viewer, membership?.status ?? null) ? team : null;
}

/** The viewer's teams with their membership, for the "Current user" of spec section 3; oldest first. */
export function listMemberships(em: EntityManager, userId: number, page: KeysetPage): Promise<Connection<TeamMember>> {
  const where = { user: userId, status: { $ne: 'inactive' as const } };
  return findConnection(
    page,
    'asc',
    ({ idCondition, orderBy, limit }) => em.find(TeamMember, { ...where, ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit }),
    () => em.count(TeamMember, where),
  );
}

/** The teams among `teamIds` the viewer may see, by the same rule as findVisibleTeam, in two queries. */
export async function findVisibleTeams(em: EntityManager, viewer: Viewer | null, teamIds: number[]): Promise<Team[]> {
  if (!viewer) return [];
  if (isAdminViewer(viewer)) return em.find(Team, { id: { $in: teamIds } });
  const memberships = await em.find(TeamMember, { team: { $in: teamIds }, user: viewer.user.id });
  const visibleIds = memberships.filter((membership) => canViewTeam(viewer, membership.status)).map((membership) => membership.team.id);
  return visibleIds.length === 0 ? [] : em.find(Team, { id: { $in: visibleIds } });
}
