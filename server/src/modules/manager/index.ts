/**
 * What the manager module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { BulkImportSubscriptionResolver, ManagerResolver } from './manager.resolver.js';
export { SortDirectionEnum } from './posts/manager-posts.types.js';
export type { SortDirection } from './posts/manager-posts.types.js';
