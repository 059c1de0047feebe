import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../../graphql/connection.js';
import { childConnection } from '../../../graphql/child-connections.js';
import { emptyConnection, type KeysetPage } from '../../../graphql/pagination.js';
import type { Viewer } from '../../users/index.js';
import { Invitation } from '../invitation.entity.js';
import { loadViewerMembership } from '../team-access.js';
import { canManageTeam } from '../team.policy.js';

/** Every asked team's open invitations in one windowed query (see childConnection). */
const OPEN_INVITATIONS = { name: 'team-open-invitations', entity: Invitation, table: 'invitations', parentColumn: 'team_id', order: 'asc', filterSql: 't."accepted_at" is null' } as const;

/** A team's invitations not yet used (expired ones included, so a manager sees them lapse), for its managers. */
export async function listOpenTeamInvitations(em: EntityManager, viewer: Viewer | null, teamId: number, page: KeysetPage): Promise<Connection<Invitation>> {
  if (!viewer || !canManageTeam(viewer, await loadViewerMembership(em, viewer.user.id, teamId))) return emptyConnection();
  return childConnection(em, OPEN_INVITATIONS, teamId, page);
}
