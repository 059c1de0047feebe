import { SETTINGS_MESSAGES } from '../../../../domain/profile-settings.js';
import { Forbidden } from '../../errors/app-errors.js';
import { requireOwnSession, requireViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';

/**
 * Who may change settings. Every settings call acts on the viewer and takes no user argument, so
 * a person only ever changes their own; an admin changes someone else's only by masquerading as
 * them (each change then audited with both identities). Read-only personal access tokens are
 * refused on every mutation by the token-scope plugin before these run.
 */
export function requireSettingsViewer(context: { viewer: Viewer | null }): Viewer {
  return requireViewer(context);
}

/**
 * Signing other sessions out changes how the account signs in, so only the person in their own
 * session may do it (not a token, not an admin acting as them), as with login methods.
 */
export function requireSessionOwner(context: { viewer: Viewer | null }): Viewer {
  return requireOwnSession(requireViewer(context), SETTINGS_MESSAGES.sessionsNeedOwnSession);
}

/**
 * Deleting an account needs a signed-in session: the person themself, or an admin masquerading
 * as them (a support request), never a personal access token, which an integration could leak.
 */
export function requireAccountDeleter(context: { viewer: Viewer | null }): Viewer {
  const viewer = requireViewer(context);
  if (viewer.sessionId === null) throw new Forbidden(SETTINGS_MESSAGES.deleteNeedsSession);
  return viewer;
}
