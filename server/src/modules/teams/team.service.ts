import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import * as MESSAGES from '../../../../domain/messages.js';
import { Forbidden, InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { inviteToTeam, type InvitationRequest } from './invitations/team-invitations.service.js';
import { addManagedAccountIds } from './managed-accounts/team-accounts.service.js';
import { createDefaultStages } from './stages/team-stages.service.js';
import { forgetViewerMemberships, requireTeamsSubscription } from './team-access.js';
import { TeamMember } from './team-member.entity.js';
import { Team } from './team.entity.js';
import { TEAM_MESSAGES } from './team.messages.js';
import { canUseTeam } from './team.policy.js';

export interface TeamDeps {
  em: EntityManager;
  boss: PgBoss;
  publicUrl: string;
}

export interface CreateTeamRequest {
  name: string;
  /** Admins only (docs/product.md §Teams): the admin becomes the team's active manager. */
  makeMeManager?: boolean;
  /** Social accounts (database ids) the team manages from the start (REST `accounts`). */
  accountIds?: readonly number[];
  /** People invited at once (REST `members`). */
  invitations?: readonly InvitationRequest[];
  /** REST `status`: only admins may create a team that is already active. */
  status?: 'active' | 'inactive';
}

/** The team name's rule, for both calls (GraphQL and REST). */
export function teamNameOf(input: string): string {
  const name = input.trim();
  if (!name) throw new InvalidInput(TEAM_MESSAGES.nameRequired, { field: 'name' });
  if (name.length > 120) throw new InvalidInput(TEAM_MESSAGES.nameTooLong, { field: 'name' });
  return name;
}

/**
 * Creates a team (docs/product.md §Teams): the creator must have acknowledged the terms. The team
 * starts inactive with no members; an admin choosing Make me the manager becomes its active
 * manager; anyone else who creates a team becomes its manager (an admin who does not choose it is
 * setting the team up for someone else, whom they invite as manager). The board starts with the
 * stages Sourced, Contacted and Hired, which the team can rename.
 */
export async function createTeam(deps: TeamDeps, viewer: Viewer, request: CreateTeamRequest): Promise<Team> {
  if (viewer.user.termsAcknowledgedAt === null) throw new Forbidden(MESSAGES.finishSignUp);
  const name = teamNameOf(request.name);
  const admin = isAdminViewer(viewer);
  if (request.makeMeManager && !admin) throw new Forbidden(TEAM_MESSAGES.adminsOnlyMakeMeManager);
  if (request.status === 'active' && !admin) throw new Forbidden(TEAM_MESSAGES.adminsOnlyActive);

  const team = await deps.em.transactional(async (tx) => {
    const created = tx.create(Team, { name, status: request.status ?? 'inactive' });
    if (!admin || request.makeMeManager) tx.create(TeamMember, { team: created, user: viewer.user.id, role: 'manager', status: 'active' });
    await tx.flush();
    await createDefaultStages(tx, created.id);
    const within = { ...deps, em: tx };
    if (request.accountIds?.length) await addManagedAccountIds(tx, viewer, created, request.accountIds);
    if (request.invitations?.length) requireTeamsSubscription(viewer, created);
    for (const invitation of request.invitations ?? []) await inviteToTeam(within, viewer, created, invitation);
    return created;
  });
  forgetViewerMemberships(deps.em);
  return team;
}

export async function findVisibleTeam(em: EntityManager, viewer: Viewer | null, teamId: number): Promise<Team | null> {
  return (await findVisibleTeams(em, viewer, [teamId]))[0] ?? null;
}

/** The viewer's teams with their membership, for the current user's fields; oldest first. */
export function listMemberships(em: EntityManager, userId: number, page: KeysetPage): Promise<Connection<TeamMember>> {
  const where = { user: userId, status: { $ne: 'inactive' as const } };
  return findConnection(
    page,
    'asc',
    ({ idCondition, orderBy, limit }) => em.find(TeamMember, { ...where, ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit }),
    () => em.count(TeamMember, where),
  );
}

/** The teams among `teamIds` the viewer may see (team.policy.ts), in two queries. */
export async function findVisibleTeams(em: EntityManager, viewer: Viewer | null, teamIds: number[]): Promise<Team[]> {
  if (!viewer || teamIds.length === 0) return [];
  if (isAdminViewer(viewer)) return em.find(Team, { id: { $in: teamIds } });
  const memberships = await em.find(TeamMember, { team: { $in: teamIds }, user: viewer.user.id });
  const visibleIds = memberships.filter((membership) => canUseTeam(viewer, membership)).map((membership) => membership.team.id);
  return visibleIds.length === 0 ? [] : em.find(Team, { id: { $in: visibleIds } });
}
