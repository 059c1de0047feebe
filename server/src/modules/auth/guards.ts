import { isAdmin } from '../../../../domain/permissions.js';
import { Forbidden, Unauthenticated } from '../../errors/app-errors.js';
import type { Viewer } from './viewer.js';

export function requireViewer(context: { viewer: Viewer | null }): Viewer {
  if (!context.viewer) throw new Unauthenticated();
  return context.viewer;
}

/** Admin rights come from the role flags alone; a paid team never makes anyone an admin. */
export function isAdminViewer(viewer: Viewer | null): boolean {
  return viewer !== null && isAdmin({ roleFlags: viewer.user.roleFlags, hasPaidTeam: false });
}

export function requireAdmin(context: { viewer: Viewer | null }): Viewer {
  const viewer = requireViewer(context);
  if (!isAdminViewer(viewer)) throw new Forbidden();
  return viewer;
}
