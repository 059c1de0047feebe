/**
 * What the announcements module (product news, docs/product.md §Product news) offers the registry
 * and tests. Other modules import these, never a file of the module directly (docs/architecture.md).
 */
export { Announcement } from './announcement.entity.js';
export { announcementNode } from './announcement.node.js';
export { startAnnouncementsModule } from './announcement.queue.js';
export { AnnouncementResolver, NotificationAnnouncementResolver } from './announcement.resolver.js';
export { ANNOUNCEMENT_QUEUE, deliverAnnouncement, deliverAnnouncementBatch } from './announcement.service.js';
