import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { List } from './list.entity.js';
import { findVisibleLists } from './list.service.js';

/** Only the owner fetches a list (list.policy.ts). */
export const listNode: NodeType<List, RequestContext> = {
  typeName: 'List',
  classType: List,
  loadVisible: ({ em, viewer }, ids) => findVisibleLists(em, viewer, ids),
};
