import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type KyselyTransactionLike, type PgBoss } from 'pg-boss';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import { WORKER_HEARTBEAT_SECONDS } from '../../queue/job-queue.js';
import { createMailer, type MailMessage, type Mailer } from '../mail/index.js';

export const PROJECT_MAIL_QUEUE = 'project-mail';

/** What adding a collaborator needs to mail a claim link: the queue and the public origin for the link. */
export interface InvitationMailDeps {
  boss: PgBoss;
  publicUrl: string;
}

/**
 * A project invitation mail (the claim link for someone not on Byline) is written as a job in the
 * transaction that adds the collaborator (outbox): it goes out exactly when the invitation exists,
 * and an SMTP hiccup is retried rather than failing the request.
 */
export async function enqueueProjectMail(boss: PgBoss, tx: EntityManager, message: MailMessage): Promise<void> {
  const context = tx.getTransactionContext<KyselyTransactionLike>();
  if (!context) throw new Error('project mails must be written inside a transaction');
  await boss.insert(PROJECT_MAIL_QUEUE, [{ data: { ...message } }], { db: fromKysely(context) });
}

/** The queue and its worker, started with the server. */
export async function startProjectsModule(deps: { boss: PgBoss; config: AppConfig; logger: Logger; mailer?: Mailer }): Promise<void> {
  const mailer = deps.mailer ?? createMailer(deps.config, deps.logger);
  // A sent mail's job is dropped a minute later: it holds the claim link, which is a secret.
  const options = { retryLimit: 5, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, deleteAfterSeconds: 60, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await deps.boss.createQueue(PROJECT_MAIL_QUEUE, { ...options, notify: true });
  // createQueue leaves an existing queue as it was: a changed setting is applied here.
  await deps.boss.updateQueue(PROJECT_MAIL_QUEUE, options);
  await deps.boss.work<MailMessage>(PROJECT_MAIL_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5 }, async ([job]) => {
    if (!job) return;
    await mailer.send(job.data);
  });
}
