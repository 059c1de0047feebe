import { isAdminViewer } from '../auth/guards.js';
import type { Viewer } from '../auth/viewer.js';
import type { User } from './user.entity.js';

/** A user's email and sign-up state are theirs and admins' to see. */
export function canSeePrivateUserFields(viewer: Viewer | null, user: User): boolean {
  if (!viewer) return false;
  return viewer.user.id === user.id || isAdminViewer(viewer);
}
