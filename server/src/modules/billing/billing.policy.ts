import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { Forbidden, NotFound } from '../../errors/app-errors.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { TeamMember, Team } from '../teams/index.js';

export const TEAM_BILLING_MANAGERS_ONLY = 'Only the team’s managers can manage its billing.';
export const TEAM_NOT_FOUND = 'That team was not found.';

/** Per request: which of the asked teams the viewer manages (an active manager), in one query. */
const managedLoaders = new WeakMap<EntityManager, DataLoader<number, boolean>>();

function managesTeam(em: EntityManager, userId: number, teamId: number): Promise<boolean> {
  let loader = managedLoaders.get(em);
  if (!loader) {
    loader = new DataLoader<number, boolean>(async (teamIds) => {
      const rows = await em.find(TeamMember, { team: { $in: [...teamIds] }, user: userId, role: 'manager', status: 'active' });
      const managed = new Set(rows.map((row) => row.team.id));
      return teamIds.map((teamId) => managed.has(teamId));
    });
    managedLoaders.set(em, loader);
  }
  return loader.load(teamId);
}

/**
 * A team's billing (plan, seats, invoices, Checkout, seat changes) is for its active managers,
 * who pay for it, and for admins, who support them; members see whether the team is paid
 * (Team.isSubscriptionActive) but not its invoices.
 */
export async function canSeeTeamBilling(em: EntityManager, viewer: Viewer | null, teamId: number): Promise<boolean> {
  if (!viewer) return false;
  if (isAdminViewer(viewer)) return true;
  return managesTeam(em, viewer.user.id, teamId);
}

/** Changing what a team pays for (Checkout, seats) is for its active managers only. */
export async function requireManagedTeam(em: EntityManager, viewer: Viewer, teamId: number): Promise<Team> {
  const team = await em.findOne(Team, teamId);
  if (!team) throw new NotFound(TEAM_NOT_FOUND);
  if (!(await managesTeam(em, viewer.user.id, teamId))) throw new Forbidden(TEAM_BILLING_MANAGERS_ONLY);
  return team;
}
