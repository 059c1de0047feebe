/**
 * What the invites module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { InviteResolver } from './invite.resolver.js';
export { recordReferralAfterSignUp } from './referral.js';
export { UserInvitation } from './user-invitation.entity.js';
