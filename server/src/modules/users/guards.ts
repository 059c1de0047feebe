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

/**
 * Whether the viewer is the person themself, signed in through a session: not a personal
 * access token and not an admin acting as them.
 */
export function isOwnSession(viewer: Viewer): boolean {
  return viewer.sessionId !== null && viewer.masqueradingAdminId === null;
}

/**
 * How an account signs in (its logins, its tokens) changes only in the person's own session.
 * A personal access token must not add a way in (a leaked one would become a password that
 * outlives the token's revocation) nor remove one, and an admin acting as someone must not
 * walk away with a way into their account.
 */
export function requireOwnSession(viewer: Viewer, message: string): Viewer {
  if (!isOwnSession(viewer)) throw new Forbidden(message);
  return viewer;
}

export function requireAdmin(context: { viewer: Viewer | null }): Viewer {
  const viewer = requireViewer(context);
  if (!isAdminViewer(viewer)) throw new Forbidden();
  return viewer;
}
