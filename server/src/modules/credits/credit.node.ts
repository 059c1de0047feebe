import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { CreditRole } from './credit-role.entity.js';
import { Credit } from './credit.entity.js';
import { loadVisibleCredits } from './credit-visibility.js';

/** Credit roles are public. */
export const creditRoleNode: NodeType<CreditRole, RequestContext> = {
  typeName: 'CreditRole',
  classType: CreditRole,
  loadVisible: ({ em }, ids) => em.find(CreditRole, { id: { $in: ids } }),
};

/** A credit through node(id:) is shown exactly when its post's page would list it (credit.policy). */
export const creditNode: NodeType<Credit, RequestContext> = {
  typeName: 'Credit',
  classType: Credit,
  loadVisible: ({ em, viewer }, ids) => loadVisibleCredits(em, viewer, ids),
};
