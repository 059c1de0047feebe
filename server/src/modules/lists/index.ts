/**
 * What the lists module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { loadPersonSummary } from './list-person-summary.js';
export { List, ListPersonEntry, ListPostEntry } from './list.entity.js';
export { listNode } from './list.node.js';
export { ListPersonResolver, ListPostResolver, ListResolver, PostListsResolver, UserListsResolver } from './list.resolver.js';
export { addToList, createList, findOwnList, userIdsInList } from './list.service.js';
export { HeldCreditRole } from './list.types.js';
