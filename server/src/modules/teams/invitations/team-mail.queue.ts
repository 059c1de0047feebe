import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type KyselyTransactionLike, type PgBoss } from 'pg-boss';
import type { AppConfig } from '../../../config.js';
import type { Logger } from '../../../logger.js';
import { WORKER_HEARTBEAT_SECONDS } from '../../../queue/job-queue.js';
import { createMailer, type MailMessage, type Mailer } from '../../mail/index.js';

export const TEAM_MAIL_QUEUE = 'team-mail';

/**
 * Invitation mails are written as jobs in the transaction that creates the invitation (outbox):
 * a mail goes out exactly when its invitation exists, and an SMTP hiccup is retried.
 */
export async function enqueueTeamMail(boss: PgBoss, tx: EntityManager, message: MailMessage): Promise<void> {
  const context = tx.getTransactionContext<KyselyTransactionLike>();
  if (!context) throw new Error('team mails must be written inside a transaction');
  await boss.insert(TEAM_MAIL_QUEUE, [{ data: { ...message } }], { db: fromKysely(context) });
}

/** The queue and its worker, started with the server. */
export async function startTeamsModule(deps: { boss: PgBoss; config: AppConfig; logger: Logger; mailer?: Mailer }): Promise<void> {
  const mailer = deps.mailer ?? createMailer(deps.config, deps.logger);
  const options = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await deps.boss.createQueue(TEAM_MAIL_QUEUE, { ...options, notify: true });
  // createQueue leaves an existing queue as it was: a changed setting is applied here.
  await deps.boss.updateQueue(TEAM_MAIL_QUEUE, options);
  await deps.boss.work<MailMessage>(TEAM_MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    await mailer.send(job.data);
  });
}
