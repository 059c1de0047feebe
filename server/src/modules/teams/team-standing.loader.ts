import type { EntityManager } from '@mikro-orm/postgresql';
import { isTeamSubscriptionActive } from '../../../../domain/plans.js';
import { TeamMember } from './team-member.entity.js';
import DataLoader from 'dataloader';

/** What a user's team memberships grant: paid access (docs/product.md §Paid access) and the billing check. */
export interface TeamStanding {
  /** Active member of a team whose subscription is active (docs/product.md §Teams). */
  hasPaidTeam: boolean;
  /** Active manager of at least one team. */
  managesTeam: boolean;
}

const NO_STANDING: TeamStanding = { hasPaidTeam: false, managesTeam: false };

// One loader per request: each request (and WebSocket operation) forks its own EntityManager.
const loaders = new WeakMap<EntityManager, DataLoader<number, TeamStanding>>();

export function loadTeamStanding(em: EntityManager, userId: number): Promise<TeamStanding> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, TeamStanding>(async (userIds) => {
      const standings = await fetchTeamStandings(em, [...userIds]);
      return userIds.map((userId) => standings.get(userId) ?? NO_STANDING);
    });
    loaders.set(em, loader);
  }
  return loader.load(userId);
}

async function fetchTeamStandings(em: EntityManager, userIds: number[]): Promise<Map<number, TeamStanding>> {
  const memberships = await em.find(TeamMember, { user: { $in: userIds }, status: 'active' }, { populate: ['team'] });
  const now = new Date();
  const standings = new Map<number, TeamStanding>();
  for (const membership of memberships) {
    const team = membership.team.getEntity();
    const current = standings.get(membership.user.id) ?? NO_STANDING;
    standings.set(membership.user.id, {
      hasPaidTeam: current.hasPaidTeam || isTeamSubscriptionActive(team, now),
      managesTeam: current.managesTeam || membership.role === 'manager',
    });
  }
  return standings;
}
