/**
 * What the notifications module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { Notification } from './notification.entity.js';
export { notificationNode } from './notification.node.js';
export { NotificationResolver, NotificationSubscriptionResolver } from './notification.resolver.js';
export { markProjectNotificationsSeen, notifyUser } from './notification.service.js';
export type { NotificationView } from './notification.view.js';
