import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamMemberRole } from '../../../../domain/enums.js';
import { notifyUser } from '../notifications/index.js';
import type { Viewer } from '../users/index.js';

/**
 * What a team tells its people (docs/product.md §Teams, "Team news"), each through the person's
 * Teams preference (§Notification preferences): an invitation to someone who has an account, the
 * inviter when it is accepted, a role someone else changed, and a removal someone else made. What
 * a person does themself (leaving, accepting) tells nobody else, and the team's daily work (the
 * creator board, comments, seats) stays on the team's pages, as GitHub's organisations do.
 */

const ROLE_WORDS: Record<TeamMemberRole, string> = { manager: 'Manager', member: 'Member', pro_only: 'PRO only' };

export function actorName(viewer: Viewer): string {
  return viewer.user.name ?? viewer.user.username ?? 'A teammate';
}

export function teamPath(teamId: number): string {
  return `/teams/${teamId}`;
}

/** Someone with an account is invited: the notification (and its mail, as they chose) carries the link. */
export async function notifyTeamInvitation(tx: EntityManager, userId: number, facts: { inviterName: string; teamName: string; acceptPath: string }): Promise<void> {
  await notifyUser(tx, userId, { kind: 'team_invitation', message: `${facts.inviterName} invited you to join the team ${facts.teamName}`, link: facts.acceptPath });
}

export async function notifyInvitationAccepted(tx: EntityManager, inviterId: number, facts: { joinerName: string; teamId: number; teamName: string }): Promise<void> {
  await notifyUser(tx, inviterId, { kind: 'team_invitation_accepted', message: `${facts.joinerName} accepted your invitation to join the team ${facts.teamName}`, link: teamPath(facts.teamId) });
}

export async function notifyRoleChanged(tx: EntityManager, userId: number, facts: { actorName: string; teamId: number; teamName: string; role: TeamMemberRole }): Promise<void> {
  await notifyUser(tx, userId, { kind: 'team_role_changed', message: `${facts.actorName} made you ${ROLE_WORDS[facts.role]} of the team ${facts.teamName}`, link: teamPath(facts.teamId) });
}

/** Taken off a team: the team's pages are closed to them now, so the link leads to their teams. */
export async function notifyRemovedFromTeam(tx: EntityManager, userId: number, facts: { actorName: string; teamName: string }): Promise<void> {
  await notifyUser(tx, userId, { kind: 'team_member_removed', message: `${facts.actorName} removed you from the team ${facts.teamName}`, link: '/teams' });
}
