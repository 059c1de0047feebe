import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';

/** What the rules need of a membership. */
export interface MembershipFacts {
  role: string;
  status: string;
}

/**
 * Team pages (members, managed accounts, reports, stages) are for the team's active managers and
 * members, and admins. A pro_only seat is for PRO access alone, without the team's tools
 * (docs/product.md §Teams), so it opens no team pages; people taken off the team (inactive) see
 * nothing any more. A membership still marked invited sees the team it is joining, as before
 * invitations had codes.
 */
export function canUseTeam(viewer: Viewer | null, membership: MembershipFacts | null): boolean {
  if (!viewer) return false;
  if (isAdminViewer(viewer)) return true;
  return membership !== null && (membership.status === 'active' || membership.status === 'invited') && (membership.role === 'manager' || membership.role === 'member');
}

/** Inviting, removing people, changing roles and managing accounts: active managers and admins. */
export function canManageTeam(viewer: Viewer | null, membership: MembershipFacts | null): boolean {
  if (!viewer) return false;
  if (isAdminViewer(viewer)) return true;
  return membership !== null && membership.status === 'active' && membership.role === 'manager';
}
