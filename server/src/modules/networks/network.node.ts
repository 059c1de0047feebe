import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { Network } from './network.entity.js';
import { SocialAccount } from './social-account.entity.js';

/** Networks and posting accounts are public. */
export const networkNode: NodeType<Network, RequestContext> = {
  typeName: 'Network',
  classType: Network,
  loadVisible: ({ em }, ids) => em.find(Network, { id: { $in: ids } }),
};

export const socialAccountNode: NodeType<SocialAccount, RequestContext> = {
  typeName: 'SocialAccount',
  classType: SocialAccount,
  loadVisible: ({ em }, ids) => em.find(SocialAccount, { id: { $in: ids } }),
};
