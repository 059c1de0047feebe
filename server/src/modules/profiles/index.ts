/**
 * What the profiles module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { pageHeadInjector } from './profile-head.js';
export type { PageHeadSource } from './profile-head.js';
export { portfolioPlacementJoinSql } from './portfolio-placement.service.js';
export { mayViewProfile, portfoliosOfKnownVisiblePostsSql, visiblePortfoliosSql } from './profile.policy.js';
export type { SqlFragment } from './profile.policy.js';
export { PortfolioPlacementResolver, PortfolioResolver, ProfileUserResolver } from './profile.resolver.js';
export type { Collaborator } from './portfolio-summary.service.js';
export { creditAs, setPostNumbers } from './profile.test-support.js';
export { CollaboratorType } from './profile.types.js';
export { AvailabilityResolver } from './availability.resolver.js';
export { openToWorkCondition } from './availability.service.js';
