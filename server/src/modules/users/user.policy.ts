import { isAdminViewer } from '../auth/sessions/guards.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import type { User } from './user.entity.js';

/** A user's email, sign-up state and paid standing are theirs and admins' to see. */
export function canSeePrivateUserFields(viewer: Viewer | null, user: User): boolean {
  if (!viewer) return false;
  return viewer.user.id === user.id || isAdminViewer(viewer);
}

/** What only the person themself sees: their login methods and what they may do. */
export function isViewerThemself(viewer: Viewer | null, user: User): viewer is Viewer {
  return viewer !== null && viewer.user.id === user.id;
}
