import type { Viewer } from '../users/index.js';
import type { List } from './list.entity.js';

/**
 * A list is its owner's alone: only the owner sees it, changes it or fills it. Admins included
 * (a buyer's prospects are commercial secrets); an admin who masquerades as the owner acts as
 * them, so sees them. Everyone else is answered "not found", so a list's existence is not given
 * away. Lists shared with a team would widen `ownListsFilter`, nothing else.
 */
export function canManageList(viewer: Viewer | null, list: Pick<List, 'owner'>): viewer is Viewer {
  return viewer !== null && list.owner.id === viewer.user.id;
}

/** The same rule as a query condition, for lists and node(id:). */
export function ownListsFilter(viewer: Viewer): { owner: number } {
  return { owner: viewer.user.id };
}

/** Favorites and Prospects keep their names and are always there (docs/product.md §Lists). */
export function canRenameOrDeleteList(viewer: Viewer | null, list: Pick<List, 'owner' | 'kind'>): boolean {
  return canManageList(viewer, list) && list.kind === 'custom';
}
