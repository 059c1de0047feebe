import type { NodeType } from '../../graphql/node.js';
import type { RequestContext } from '../users/index.js';
import { ProjectDeliverable } from './deliverable.entity.js';
import { findVisibleDeliverables } from './deliverable.service.js';

/** A deliverable is seen by whoever sees its project (docs/product.md §Projects). */
export const projectDeliverableNode: NodeType<ProjectDeliverable, RequestContext> = {
  typeName: 'ProjectDeliverable',
  classType: ProjectDeliverable,
  loadVisible: ({ em, viewer }, ids) => findVisibleDeliverables(em, viewer, ids),
};
