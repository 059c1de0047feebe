import { Unauthenticated } from '../../errors/app-errors.js';
import type { Viewer } from '../users/index.js';

/**
 * Anyone signed in may invite friends, as themselves (an admin masquerading invites in that
 * person's name, audited with both identities like every mutation). Read-only tokens are refused
 * by the token-scope plugin before this runs.
 */
export function requireInviter(viewer: Viewer | null): Viewer {
  if (!viewer) throw new Unauthenticated();
  return viewer;
}
