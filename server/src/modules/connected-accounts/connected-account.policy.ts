import type { Viewer } from '../users/index.js';

/** What ownership is read from: a `SocialAccount` entity or a `SocialAccountView` row. */
type Ownership = { owner: { id: number } | null; ownerVerifiedAt: Date | null };

/**
 * Who owns a social account: the user who proved it with a code in its bio. An owner id without
 * a verification time (older data) proves nothing, so such an account counts as unowned.
 * Connecting, verifying and disconnecting are the viewer's own business only: every query and
 * mutation of this folder works on the signed-in viewer's connections, never on anyone else's.
 */
export function verifiedOwnerId(account: Ownership): number | null {
  return account.ownerVerifiedAt !== null && account.owner !== null ? account.owner.id : null;
}

export function isVerifiedOwner(viewer: Viewer | null, account: Ownership): boolean {
  return viewer !== null && verifiedOwnerId(account) === viewer.user.id;
}

/** Another user has proved the account is theirs, so the viewer may not claim it. */
export function isOwnedBySomeoneElse(viewer: Viewer, account: Ownership): boolean {
  const owner = verifiedOwnerId(account);
  return owner !== null && owner !== viewer.user.id;
}
