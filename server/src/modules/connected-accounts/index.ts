/**
 * What the connected-accounts module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { ConnectedAccountResolver, SocialAccountOwnershipResolver } from './connected-account.resolver.js';
export { SocialAccountVerification } from './social-account-verification.entity.js';
