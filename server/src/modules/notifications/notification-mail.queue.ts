import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { Logger } from '../../logger.js';
import { createOneAtATimeQueue } from '../../queue/job-queue.js';
import type { PostgresPubSub } from '../../pubsub/postgres-pubsub.js';
import { sendDailyDigests, sendOwedNotificationMails, type DigestSection, type NotificationMailConfig } from './notification-mail.js';
import { NOTIFICATION_MAIL_TOPIC } from './notification.service.js';

export const NOTIFICATION_MAIL_QUEUE = 'notification-mail-sweep';
export const NOTIFICATION_DIGEST_QUEUE = 'notification-digest';
/** Once a day, 07:00 UTC: the digest goes out in the morning in Europe and at night in the Americas. */
export const NOTIFICATION_DIGEST_SCHEDULE = '0 7 * * *';

/**
 * Starts the notification mails (docs/product.md §Notification preferences). The sweep of mails
 * owed at once is `stately` (one running, one waiting), woken on every process by the NOTIFY a
 * notification's commit sends and every minute in case a process missed it; the digest is an
 * `exclusive` scheduled job, and each digest also claims its (person, day) row, so neither a
 * second run nor a second worker sends one twice.
 */
export async function startNotificationsModule(deps: {
  boss: PgBoss;
  orm: MikroORM;
  pubsub: PostgresPubSub;
  config: NotificationMailConfig;
  logger: Logger;
  /** What other modules add to the digest (messages' unread conversations). */
  digestSections?: readonly DigestSection[];
}): Promise<() => Promise<void>> {
  const { boss } = deps;
  await createOneAtATimeQueue(boss, NOTIFICATION_MAIL_QUEUE, 'stately', { retryLimit: 3, retryDelay: 10, expireInSeconds: 300 });
  await boss.schedule(NOTIFICATION_MAIL_QUEUE, '* * * * *');
  await boss.work(NOTIFICATION_MAIL_QUEUE, { pollingIntervalSeconds: 0.5 }, async () => {
    const sent = await sendOwedNotificationMails(deps.orm.em.fork(), boss, deps.config);
    if (sent > 0) deps.logger.info({ sent }, 'notifications: mails queued');
  });
  await createOneAtATimeQueue(boss, NOTIFICATION_DIGEST_QUEUE, 'exclusive', { retryLimit: 2, retryDelay: 60 });
  await boss.schedule(NOTIFICATION_DIGEST_QUEUE, NOTIFICATION_DIGEST_SCHEDULE);
  await boss.work(NOTIFICATION_DIGEST_QUEUE, async () => {
    const sent = await sendDailyDigests(deps.orm.em.fork(), boss, deps.config, deps.digestSections ?? []);
    if (sent > 0) deps.logger.info({ sent }, 'notifications: digests queued');
  });

  const wakeUps = deps.pubsub.subscribe<unknown>(NOTIFICATION_MAIL_TOPIC);
  void (async () => {
    for await (const _event of wakeUps) {
      try {
        await boss.send(NOTIFICATION_MAIL_QUEUE, {});
      } catch (error) {
        // The minute schedule sends what this wake-up would have.
        deps.logger.warn({ err: error }, 'notifications: could not wake the mail sweep');
      }
    }
  })();
  return async () => {
    await wakeUps.return?.();
  };
}
