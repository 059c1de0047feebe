import type { PgBoss } from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import { WORKER_HEARTBEAT_SECONDS } from '../../queue/job-queue.js';
import { createMailer, type MailMessage, type Mailer } from './mailer.js';

export const MAIL_QUEUE = 'mail';

/**
 * Mail that nobody waits on while it is sent (a contact message for the operator) goes through
 * the queue: the request answers at once, and an SMTP hiccup is retried with back-off instead of
 * losing the message.
 */
export async function enqueueMail(boss: PgBoss, message: MailMessage): Promise<void> {
  await boss.send(MAIL_QUEUE, { ...message });
}

/** The queue and its worker, started with the server. */
export async function startMailQueue(deps: { boss: PgBoss; config: AppConfig; logger: Logger; mailer?: Mailer }): Promise<void> {
  const mailer = deps.mailer ?? createMailer(deps.config, deps.logger);
  // A sent message's job is dropped an hour later: it holds what a visitor wrote.
  const options = { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 3_600, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await deps.boss.createQueue(MAIL_QUEUE, { ...options, notify: true });
  // createQueue leaves an existing queue as it was: a changed setting is applied here.
  await deps.boss.updateQueue(MAIL_QUEUE, options);
  await deps.boss.work<MailMessage>(MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    await mailer.send(job.data);
  });
}
