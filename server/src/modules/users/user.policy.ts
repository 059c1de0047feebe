import { isAdminViewer } from './guards.js';
import type { Viewer } from './viewer.js';
import type { UserView } from './user.view.js';

/** A user's email, sign-up state and paid standing are theirs and admins' to see. */
export function canSeePrivateUserFields(viewer: Viewer | null, user: Pick<UserView, 'id'>): boolean {
  if (!viewer) return false;
  return viewer.user.id === user.id || isAdminViewer(viewer);
}

/** What only the person themself sees: their login methods and what they may do. */
export function isViewerThemself(viewer: Viewer | null, user: Pick<UserView, 'id'>): viewer is Viewer {
  return viewer !== null && viewer.user.id === user.id;
}
