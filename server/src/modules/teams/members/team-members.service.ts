import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamMemberRole } from '../../../../../domain/enums.js';
import { Forbidden, NotFound, Unprocessable } from '../../../errors/app-errors.js';
import type { Viewer } from '../../users/index.js';
import { forgetViewerMemberships, lockTeam, loadViewerMembership, requireTeamAccess, requireTeamsSubscription } from '../team-access.js';
import { TeamMember } from '../team-member.entity.js';
import { TEAM_MESSAGES } from '../team.messages.js';
import { Team } from '../team.entity.js';
import { actorName, notifyRemovedFromTeam, notifyRoleChanged } from '../team-notifications.js';
import { canManageTeam } from '../team.policy.js';

/** Whether the team keeps an active manager other than `memberId` (read under the team's lock). */
async function hasAnotherManager(tx: EntityManager, teamId: number, memberId: number): Promise<boolean> {
  return (await tx.count(TeamMember, { team: teamId, role: 'manager', status: 'active', id: { $ne: memberId } })) > 0;
}

async function findMember(em: EntityManager, memberId: number): Promise<TeamMember> {
  const member = await em.findOne(TeamMember, memberId);
  if (!member || member.status === 'inactive') throw new NotFound(TEAM_MESSAGES.memberNotFound);
  return member;
}

/**
 * Takes someone off the team (their membership becomes inactive, freeing the seat). Managers
 * remove anyone; everyone may remove themselves (leaving). A member cannot remove a manager,
 * and the last manager can neither leave nor be removed. Someone removed by another is told.
 */
export async function removeTeamMember(em: EntityManager, viewer: Viewer, memberId: number): Promise<TeamMember> {
  const member = await findMember(em, memberId);
  const self = member.user.id === viewer.user.id;
  if (!self) {
    const mine = await loadViewerMembership(em, viewer.user.id, member.team.id);
    await requireTeamAccess(em, viewer, member.team.id, 'use');
    if (!canManageTeam(viewer, mine)) throw new Forbidden(TEAM_MESSAGES.managersOnly);
  }
  const removed = await em.transactional(async (tx) => {
    await lockTeam(tx, member.team.id);
    const current = await tx.findOneOrFail(TeamMember, member.id);
    if (current.role === 'manager' && current.status === 'active' && !(await hasAnotherManager(tx, current.team.id, current.id))) throw new Unprocessable(TEAM_MESSAGES.lastManager);
    current.status = 'inactive';
    await tx.flush();
    if (!self) await notifyRemovedFromTeam(tx, current.user.id, { actorName: actorName(viewer), teamName: (await tx.findOneOrFail(Team, current.team.id, { fields: ['name'] })).name });
    return current;
  });
  forgetViewerMemberships(em);
  return removed;
}

/** The viewer leaves a team: the same rule as removing themselves. */
export async function leaveTeam(em: EntityManager, viewer: Viewer, teamId: number): Promise<TeamMember> {
  const mine = await em.findOne(TeamMember, { team: teamId, user: viewer.user.id, status: { $ne: 'inactive' } });
  if (!mine) throw new NotFound(TEAM_MESSAGES.teamNotFound);
  return removeTeamMember(em, viewer, mine.id);
}

/** A manager changes someone's role (after the upgrade check); the last manager cannot be demoted. The person is told. */
export async function changeTeamMemberRole(em: EntityManager, viewer: Viewer, memberId: number, role: TeamMemberRole): Promise<TeamMember> {
  const member = await findMember(em, memberId);
  const { team } = await requireTeamAccess(em, viewer, member.team.id, 'manage');
  requireTeamsSubscription(viewer, team);
  const changed = await em.transactional(async (tx) => {
    await lockTeam(tx, team.id);
    const current = await tx.findOneOrFail(TeamMember, member.id);
    if (current.role === 'manager' && role !== 'manager' && current.status === 'active' && !(await hasAnotherManager(tx, team.id, current.id))) {
      throw new Unprocessable(TEAM_MESSAGES.lastManager);
    }
    const before = current.role;
    current.role = role;
    await tx.flush();
    if (before !== role && current.user.id !== viewer.user.id && current.status !== 'inactive') {
      await notifyRoleChanged(tx, current.user.id, { actorName: actorName(viewer), teamId: team.id, teamName: team.name, role });
    }
    return current;
  });
  forgetViewerMemberships(em);
  return changed;
}
