import type { EntityManager } from '@mikro-orm/postgresql';
import { timestampFromColumn } from '../../db/references.js';
import { User } from './user.entity.js';
import { primeUserView, userViewColumns, userViewFromColumns } from './user.view.js';
import type { Viewer, ViewerUser } from './viewer.js';

/** The select list of a `ViewerUser` over the users table under `alias`. */
export function viewerUserColumns(alias: string): string {
  return `${userViewColumns(alias)}, ${alias}."current_team_id", ${alias}."external_invoice_expiration"`;
}

interface ViewerOnlyColumns {
  current_team_id: number | string | null;
  external_invoice_expiration: string | Date | null;
}

/**
 * The signed-in user from the columns `viewerUserColumns` selected, or null for no row. The rest
 * of the request's display of that user (`loadUserView`) reuses it and sends no statement.
 */
export function viewerUserFromColumns(em: EntityManager, row: Record<string, unknown>): ViewerUser | null {
  const view = userViewFromColumns(row);
  if (!view) return null;
  primeUserView(em, view);
  const { current_team_id: teamId, external_invoice_expiration: invoicedUntil } = row as unknown as ViewerOnlyColumns;
  return {
    ...view,
    currentTeamId: teamId === null ? null : Number(teamId),
    externalInvoiceExpiration: invoicedUntil === null ? null : timestampFromColumn(invoicedUntil),
  };
}

/**
 * The signed-in user as an entity, for code that changes them or hands them to the ORM as a
 * relation: the viewer itself is only a row (viewer.ts). The request's identity map answers a
 * second call without a statement.
 */
export function loadViewerEntity(em: EntityManager, viewer: Pick<Viewer, 'user'>): Promise<User> {
  return viewer.user instanceof User ? Promise.resolve(viewer.user) : em.findOneOrFail(User, viewer.user.id);
}
