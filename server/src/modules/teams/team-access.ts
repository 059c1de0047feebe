import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import * as MESSAGES from '../../../../domain/messages.js';
import { canUseTeamTools } from '../../../../domain/permissions.js';
import { Forbidden, NotFound } from '../../errors/app-errors.js';
import { toGlobalId } from '../../graphql/global-id.js';
import type { Viewer } from '../users/index.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { TEAM_MESSAGES } from './team.messages.js';
import { canManageTeam, canUseTeam } from './team.policy.js';

// Per request and viewer: the viewer's membership of each asked team, in one query.
const membershipLoaders = new WeakMap<EntityManager, Map<number, DataLoader<number, TeamMember | null>>>();

export function loadViewerMembership(em: EntityManager, userId: number, teamId: number): Promise<TeamMember | null> {
  let byUser = membershipLoaders.get(em);
  if (!byUser) membershipLoaders.set(em, (byUser = new Map()));
  let loader = byUser.get(userId);
  if (!loader) {
    loader = new DataLoader<number, TeamMember | null>(async (teamIds) => {
      const rows = await em.find(TeamMember, { team: { $in: [...teamIds] }, user: userId });
      return teamIds.map((teamId) => rows.find((row) => row.team.id === teamId) ?? null);
    });
    byUser.set(userId, loader);
  }
  return loader.load(teamId);
}

/** Forgets memberships learnt in this request (after a change made within it). */
export function forgetViewerMemberships(em: EntityManager): void {
  membershipLoaders.delete(em);
}

/** Whether the viewer may open the team's pages (team.policy.ts), batched per request. */
export async function mayUseTeam(em: EntityManager, viewer: Viewer | null, teamId: number): Promise<boolean> {
  if (!viewer) return false;
  return canUseTeam(viewer, await loadViewerMembership(em, viewer.user.id, teamId));
}

export interface TeamAccess {
  team: Team;
  /** The viewer's own membership; null for an admin who is not on the team. */
  membership: TeamMember | null;
}

/**
 * The team, when the viewer may use it (`use`: its managers and members) or manage
 * it (`manage`: its active managers); admins may do both, to support teams. Everyone else hears
 * the team does not exist, so a team's existence is not given away.
 */
export async function requireTeamAccess(em: EntityManager, viewer: Viewer, teamId: number, need: 'use' | 'manage'): Promise<TeamAccess> {
  const team = await em.findOne(Team, teamId);
  if (!team) throw new NotFound(TEAM_MESSAGES.teamNotFound);
  const membership = await loadViewerMembership(em, viewer.user.id, team.id);
  if (!canUseTeam(viewer, membership)) throw new NotFound(TEAM_MESSAGES.teamNotFound);
  if (need === 'manage' && !canManageTeam(viewer, membership)) throw new Forbidden(TEAM_MESSAGES.managersOnly);
  return { team, membership };
}

/**
 * The Teams upgrade check (docs/product.md §Teams): team tools need a paid Teams subscription
 * (`canUseTeamTools`: admins pass, to set teams up for customers, and everyone where plans are
 * open). The refusal carries the prompt's title and where to start the subscription, so a client
 * shows "Let's work together" with Start your subscription leading to the team's billing page.
 *
 * Every action that uses or grows the team runs it (inviting, changing roles, managed accounts,
 * reports, the creator board). Actions that only undo or shrink do not: removing someone,
 * leaving, withdrawing an invitation, no longer managing an account. A team whose payment
 * lapsed must still be able to free seats and let people go (as GitHub lets an organisation
 * remove members after its plan ends), and holding people on a team until it pays would be wrong.
 */
export function requireTeamsSubscription(viewer: Viewer, team: Team): void {
  if (canUseTeamTools(teamToolsSubject(viewer), team, new Date())) return;
  throw new Forbidden(MESSAGES.letsWorkTogether, { upgrade: 'TEAMS', teamId: toGlobalId('Team', team.id), billingPath: `/teams/${team.id}/billing` });
}

/** What `canUseTeamTools` reads of a viewer. */
export function teamToolsSubject(viewer: Viewer): { roleFlags: readonly number[]; plansOpen: boolean } {
  return { roleFlags: viewer.user.roleFlags, plansOpen: viewer.plansOpen };
}

/** Locks the team's row for the rest of the transaction: seat counts and the last-manager rule are read under it. */
export async function lockTeam(tx: EntityManager, teamId: number): Promise<void> {
  await tx.execute(`select 1 from "teams" where "id" = ? for update`, [teamId]);
}
