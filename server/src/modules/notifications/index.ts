/**
 * What the notifications module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { Notification } from './notification.entity.js';
export { notificationNode } from './notification.node.js';
export { NotificationResolver, NotificationSubscriptionResolver } from './notification.resolver.js';
export { announceCountChange, markProjectNotificationsSeen, notifyUser } from './notification.service.js';
export { NotificationCounts } from './notification.types.js';
export type { NotificationView } from './notification.view.js';
export { NotificationPreferenceResolver } from './notification-preference.resolver.js';
export { NOTIFICATION_DIGEST_QUEUE, NOTIFICATION_MAIL_QUEUE, startNotificationsModule } from './notification-mail.queue.js';
export { footerFor, sendDailyDigests, sendOwedNotificationMails, unsubscribeHeaders, type DigestItem, type DigestSection, type NotificationMailConfig } from './notification-mail.js';
export { notificationDeliveryOf, notificationPreferencesOf, setNotificationDelivery } from './notification-preferences.service.js';
export { readUnsubscribeToken, unsubscribeToken } from './unsubscribe-token.js';
export { unsubscribeRoutes } from './unsubscribe.routes.js';
export { notifyProductNews, type ProductNews } from './product-news.js';
