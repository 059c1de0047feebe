import type { RequestContext } from '../users/index.js';
import type { NodeType } from '../../graphql/node.js';
import { Notification } from './notification.entity.js';

/** A notification is its recipient's alone, as in notifications. */
export const notificationNode: NodeType<Notification, RequestContext> = {
  typeName: 'Notification',
  classType: Notification,
  loadVisible: ({ em, viewer }, ids) => (viewer ? em.find(Notification, { id: { $in: ids }, user: viewer.user.id }) : Promise.resolve([])),
};
