import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../../graphql/connection.js';
import { emptyConnection, findConnection, type KeysetPage } from '../../../graphql/pagination.js';
import type { Viewer } from '../../auth/sessions/viewer.js';
import { Invitation } from '../invitation.entity.js';
import { loadViewerMembership } from '../team-access.js';
import { canManageTeam } from '../team.policy.js';

/** A team's invitations not yet used (expired ones included, so a manager sees them lapse), for its managers. */
export async function listOpenTeamInvitations(em: EntityManager, viewer: Viewer | null, teamId: number, page: KeysetPage): Promise<Connection<Invitation>> {
  if (!viewer || !canManageTeam(viewer, await loadViewerMembership(em, viewer.user.id, teamId))) return emptyConnection();
  const where = { team: teamId, acceptedAt: null };
  return findConnection(
    page,
    'asc',
    ({ idCondition, orderBy, limit }) => em.find(Invitation, { ...where, ...(idCondition ? { id: idCondition } : {}) }, { orderBy: { id: orderBy }, limit }),
    () => em.count(Invitation, where),
  );
}
