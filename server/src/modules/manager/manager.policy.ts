import { requireViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';

/**
 * The dashboard, the Content Manager and bulk imports are each person's own: signed in only,
 * and every query reads the viewer's rows alone (my-posts.sql.ts). Admins acting as someone see
 * that person's table, as they see the rest of their pages.
 */
export function requireManagerViewer(context: { viewer: Viewer | null }): Viewer {
  return requireViewer(context);
}

/** A bulk import is seen only by the person who started it (and node(id:) answers null to others). */
export function mayViewBulkImport(viewer: Viewer | null, ownerId: number): boolean {
  return viewer !== null && viewer.user.id === ownerId;
}
