import type { NodeType } from '../../graphql/node.js';
import { CreditRole } from './credit-role.entity.js';

/** Credit roles are public. */
export const creditRoleNode: NodeType<CreditRole> = {
  typeName: 'CreditRole',
  classType: CreditRole,
  loadVisible: ({ em }, ids) => em.find(CreditRole, { id: { $in: ids } }),
};
