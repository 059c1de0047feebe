/**
 * What the milestones module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { recordMilestonesAfterRefresh } from './milestone-check.js';
export { recordMilestonesFromHistory } from './milestone-history.js';
export { UserMilestonesResolver } from './milestone.resolver.js';
