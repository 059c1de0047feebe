/**
 * What the networks module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { handleFromInput, profilePageUrl } from './handle-input.js';
export { Network } from './network.entity.js';
export { networkNode, socialAccountNode } from './network.node.js';
export { NetworkResolver, SocialAccountResolver } from './network.resolver.js';
export { NETWORKS } from './network.service.js';
export { SocialAccount } from './social-account.entity.js';
export { loadSocialAccountView, primeSocialAccountView, socialAccountViewColumns, socialAccountViewFromColumns } from './social-account.view.js';
export type { SocialAccountView } from './social-account.view.js';
