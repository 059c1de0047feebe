import { isAdminViewer } from '../auth/sessions/guards.js';
import type { Viewer } from '../auth/sessions/viewer.js';

/** Team details are for its members (any status but inactive) and admins. */
export function canViewTeam(viewer: Viewer | null, membershipStatus: string | null): boolean {
  if (!viewer) return false;
  if (isAdminViewer(viewer)) return true;
  return membershipStatus === 'active' || membershipStatus === 'invited';
}
