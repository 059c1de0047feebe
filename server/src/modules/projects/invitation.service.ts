import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../users/index.js';
import { ProjectCollaborator } from './project.entity.js';

/**
 * The invitations waiting for the viewer's answer, newest first (docs/product.md §Projects): the
 * projects page lists them beside the notification, so an invitation is never lost with it.
 */
export async function listViewerInvitations(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<ProjectCollaborator>> {
  const email = viewer.user.email?.toLowerCase() ?? null;
  // Invitations by email are the viewer's too when they are signed in with that address (isInvitee).
  const where = { status: 'pending' as const, $or: email ? [{ user: viewer.user.id }, { user: null, invitedEmail: email }] : [{ user: viewer.user.id }] };
  const rows = await em.find(ProjectCollaborator, page.cursorId === null ? where : { ...where, id: { $lt: page.cursorId } }, { orderBy: { id: 'desc' }, limit: page.size + 1 });
  return connectionFromRows(rows, page, (row) => row.id, () => em.count(ProjectCollaborator, where));
}
