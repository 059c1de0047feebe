import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../../logger.js';
import { WORKER_HEARTBEAT_SECONDS } from '../../queue/job-queue.js';
import { ANNOUNCEMENT_QUEUE, deliverAnnouncement } from './announcement.service.js';

/**
 * Starts the delivery of announcements (docs/product.md §Product news). A job is written with its
 * announcement; its worker keeps a heartbeat, so another process retries one whose process died,
 * and carries on from the last batch done.
 */
export async function startAnnouncementsModule(deps: { boss: PgBoss; orm: MikroORM; logger: Logger }): Promise<void> {
  const options = { retryLimit: 5, retryDelay: 30, retryBackoff: true, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await deps.boss.createQueue(ANNOUNCEMENT_QUEUE, { ...options, notify: true });
  await deps.boss.updateQueue(ANNOUNCEMENT_QUEUE, options);
  await deps.boss.work<{ announcementId: number }>(ANNOUNCEMENT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    await deliverAnnouncement(deps.orm.em.fork(), job.data.announcementId);
    deps.logger.info({ announcementId: job.data.announcementId }, 'announcements: delivered');
  });
}
