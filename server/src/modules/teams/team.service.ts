import type { EntityManager } from '@mikro-orm/postgresql';
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

/** The viewer's teams with their membership, for the "Current user" of spec section 3. */
export function listMemberships(em: EntityManager, userId: number): Promise<TeamMember[]> {
  return em.find(TeamMember, { user: userId, status: { $ne: 'inactive' } }, { orderBy: { id: 'asc' } });
}
