import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { TeamMemberRole } from '../../../../../domain/enums.js';
import { validateEmail } from '../../../../../domain/validation.js';
import { Conflict, Forbidden, InvalidInput, NotFound, Unprocessable } from '../../../errors/app-errors.js';
import type { Connection } from '../../../graphql/connection.js';
import { emptyConnection, findConnection, type KeysetPage } from '../../../graphql/pagination.js';
import { toGlobalId } from '../../../graphql/global-id.js';
import { publicLink, teamInvitationMail } from '../../mail/index.js';
import type { Viewer } from '../../users/index.js';
import { User } from '../../users/index.js';
import { emitWebhookEvent } from '../../webhooks/index.js';
import { Invitation } from '../invitation.entity.js';
import { enqueueTeamMail } from './team-mail.queue.js';
import { seatLimitOf, seatsTaken } from '../members/team-seats.js';
import { forgetViewerMemberships, lockTeam, requireTeamAccess, requireTeamsSubscription } from '../team-access.js';
import { TeamMember } from '../team-member.entity.js';
import { Team } from '../team.entity.js';
import { actorName, notifyInvitationAccepted, notifyTeamInvitation } from '../team-notifications.js';
import { seatLimitMessage, TEAM_MESSAGES } from '../team.messages.js';

/** How long an invitation link works (GitHub's organisation invitations last 7 days too). */
export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface InvitationRequest {
  email: string;
  role: TeamMemberRole;
}

interface InvitationDeps {
  em: EntityManager;
  boss: PgBoss;
  publicUrl: string;
}

export function acceptPath(code: string): string {
  return `/teams/accept/${code}`;
}

/** A manager invites someone by email (after the upgrade check), within the team's seats. */
export async function inviteTeamMember(deps: InvitationDeps, viewer: Viewer, teamId: number, request: InvitationRequest): Promise<Invitation> {
  const { team } = await requireTeamAccess(deps.em, viewer, teamId, 'manage');
  requireTeamsSubscription(viewer, team);
  return deps.em.transactional((tx) => inviteToTeam({ ...deps, em: tx }, viewer, team, request));
}

/**
 * The invitation itself, in the caller's transaction (team creation uses it too). A new
 * invitation to the same address replaces the open one, so the newest link is the one that works.
 */
export async function inviteToTeam(deps: InvitationDeps, viewer: Viewer, team: Team, request: InvitationRequest): Promise<Invitation> {
  const tx = deps.em;
  const problem = validateEmail(request.email);
  if (problem) throw new InvalidInput(problem, { field: 'email' });
  const email = request.email.trim().toLowerCase();
  await lockTeam(tx, team.id);
  const existingUser = await tx.findOne(User, { email: { $ilike: email.replace(/[\\%_]/g, '\\$&') } });
  if (existingUser) {
    const member = await tx.findOne(TeamMember, { team: team.id, user: existingUser.id, status: 'active' });
    if (member) throw new Conflict(TEAM_MESSAGES.alreadyMember);
  }
  const now = new Date();
  await tx.nativeDelete(Invitation, { team: team.id, email, acceptedAt: null });
  const limit = await seatLimitOf(tx, team);
  if (limit && (await seatsTaken(tx, team.id, now)) >= limit.seats) throw new Unprocessable(seatLimitMessage(limit.planTitle, limit.seats), { seats: limit.seats });

  const invitation = tx.create(Invitation, {
    team: team.id,
    code: randomBytes(24).toString('base64url'),
    email,
    role: request.role,
    invitedBy: viewer.user.id,
    expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
  });
  await tx.flush();
  const inviterName = actorName(viewer);
  // Someone with an account hears of it as their Teams preference says; an address with no account
  // behind it gets the one mail the manager asked for (docs/product.md §Notification preferences).
  if (existingUser) {
    await notifyTeamInvitation(tx, existingUser.id, { inviterName, teamName: team.name, acceptPath: acceptPath(invitation.code) });
  } else {
    await enqueueTeamMail(deps.boss, tx, { to: email, ...teamInvitationMail({ inviterName, teamName: team.name, days: INVITATION_DAYS }, publicLink(deps.publicUrl, acceptPath(invitation.code))) });
  }
  return invitation;
}

/**
 * Accepts an invitation once (/teams/accept/{code}): unknown, used, expired and other
 * people's codes are refused, each with its own words. The person joins with the invitation's
 * role, active; the team's managers' webhooks hear TEAM_MEMBER_JOINED, and whoever invited them
 * is told (their Teams preference).
 */
export async function acceptTeamInvitation(em: EntityManager, viewer: Viewer, code: string): Promise<TeamMember> {
  const membership = await em.transactional(async (tx) => {
    const invitation = code.length <= 64 ? await tx.findOne(Invitation, { code }, { populate: ['team'] }) : null;
    if (!invitation) throw new NotFound(TEAM_MESSAGES.invitationUnknown);
    await lockTeam(tx, invitation.team.id);
    await tx.refresh(invitation);
    if (invitation.acceptedAt) throw new Unprocessable(TEAM_MESSAGES.invitationUsed);
    if (invitation.expiresAt.getTime() <= Date.now()) throw new Unprocessable(TEAM_MESSAGES.invitationExpired);
    if ((viewer.user.email ?? '').toLowerCase() !== invitation.email.toLowerCase()) throw new Forbidden(TEAM_MESSAGES.invitationForeign);

    invitation.acceptedAt = new Date();
    invitation.acceptedBy = tx.getReference(User, viewer.user.id, { wrapped: true });
    let member = await tx.findOne(TeamMember, { team: invitation.team.id, user: viewer.user.id });
    if (member) {
      member.role = invitation.role;
      member.status = 'active';
    } else {
      member = tx.create(TeamMember, { team: invitation.team.id, user: viewer.user.id, role: invitation.role, status: 'active' });
    }
    await tx.flush();
    const managers = await tx.find(TeamMember, { team: invitation.team.id, role: 'manager', status: 'active', user: { $ne: viewer.user.id } }, { fields: ['user'] });
    const team = invitation.team.getEntity();
    const inviterId = invitation.invitedBy?.id;
    if (inviterId && inviterId !== viewer.user.id) await notifyInvitationAccepted(tx, inviterId, { joinerName: actorName(viewer), teamId: team.id, teamName: team.name });
    await emitWebhookEvent(tx, {
      event: 'TEAM_MEMBER_JOINED',
      userIds: managers.map((manager) => manager.user.id),
      data: {
        team: { id: toGlobalId('Team', team.id), databaseId: team.id, name: team.name },
        member: { id: toGlobalId('TeamMember', member.id), databaseId: member.id, role: member.role, user: { id: toGlobalId('User', viewer.user.id), databaseId: viewer.user.id, username: viewer.user.username } },
      },
    });
    return member;
  });
  forgetViewerMemberships(em);
  return membership;
}

/** Invitations waiting for the viewer (sent to their address, open), oldest first: REST GET /teams/teamInvites. */
export function listViewerInvitations(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<Invitation>> {
  const email = viewer.user.email;
  if (!email) return Promise.resolve(emptyConnection());
  const where = { email: email.toLowerCase(), acceptedAt: null, expiresAt: { $gt: new Date() } };
  return findConnection(
    page,
    'asc',
    ({ idCondition, orderBy, limit }) => em.find(Invitation, { ...where, ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit, populate: ['team'] }),
    () => em.count(Invitation, where),
  );
}

/** A manager withdraws an open invitation, freeing its seat. */
export async function revokeTeamInvitation(em: EntityManager, viewer: Viewer, invitationId: number): Promise<number> {
  const invitation = await em.findOne(Invitation, { id: invitationId, acceptedAt: null });
  if (!invitation) throw new NotFound(TEAM_MESSAGES.invitationUnknown);
  await requireTeamAccess(em, viewer, invitation.team.id, 'manage');
  await em.nativeDelete(Invitation, { id: invitation.id });
  return invitation.id;
}

/** Whether the viewer may see an invitation: the person invited (by address), or whoever manages its team. */
export function isInvitationFor(viewer: Viewer, invitation: Invitation): boolean {
  return (viewer.user.email ?? '').toLowerCase() === invitation.email.toLowerCase();
}
