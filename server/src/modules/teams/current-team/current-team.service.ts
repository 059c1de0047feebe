import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../../graphql/pagination.js';
import { NotFound } from '../../../errors/app-errors.js';
import { loadViewerEntity, type Viewer } from '../../users/index.js';
import { TeamAccount } from '../managed-accounts/team-account.entity.js';
import { loadViewerMembership } from '../team-access.js';
import { TEAM_MESSAGES } from '../team.messages.js';

/**
 * The person's current team while they are still an active member of it; null otherwise. The
 * stored id is only a preference: leaving a team leaves it pointing there, and this reads past it.
 * The membership comes from the request's batched membership loader.
 */
export async function currentTeamIdOf(em: EntityManager, user: { id: number; currentTeamId: number | null }): Promise<number | null> {
  if (user.currentTeamId === null) return null;
  const membership = await loadViewerMembership(em, user.id, user.currentTeamId);
  return membership?.status === 'active' ? user.currentTeamId : null;
}

/**
 * Chooses the team the viewer's team pages, reports and new projects and jobs open on
 * (docs/product.md §Teams): one they are an active member of, or none. It grants nothing: every
 * team check still asks for membership itself. Any other team is "not found", as elsewhere.
 */
export async function setCurrentTeam(em: EntityManager, viewer: Viewer, teamId: number | null): Promise<void> {
  if (teamId !== null) {
    const membership = await loadViewerMembership(em, viewer.user.id, teamId);
    if (membership?.status !== 'active') throw new NotFound(TEAM_MESSAGES.teamNotFound);
  }
  // Changed on the entity so the mutation's answer shows it; the caller flushes with its audit entry.
  (await loadViewerEntity(em, viewer)).currentTeamId = teamId;
}

/**
 * The social accounts managed by the teams the person is an active member of, newest first: one
 * query for the page (and one for the count), whatever the number of teams.
 */
export function listManagedAccountsOf(em: EntityManager, userId: number, page: KeysetPage): Promise<Connection<TeamAccount>> {
  const filter = { team: { members: { user: userId, status: 'active' } } } as const;
  return findConnection(
    page,
    'desc',
    (window) => em.find(TeamAccount, { ...filter, ...(window.idCondition ? { id: window.idCondition } : {}) }, { orderBy: { id: window.orderBy }, limit: window.limit }),
    () => em.count(TeamAccount, filter),
  );
}
