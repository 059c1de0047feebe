import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import { INTERNAL_APPLICATION_STATUSES, jobPath, jobSlug } from '../../../../domain/jobs.js';
import type { Logger } from '../../logger.js';
import { notifyUser } from '../notifications/index.js';
import { User } from '../users/index.js';
import type { Job } from './job.entity.js';
import { createOneAtATimeQueue } from '../../queue/job-queue.js';

/** The kinds of notification jobs send (docs/product.md §Notifications). */
export const JOB_NOTIFICATION_KINDS = { hired: 'job_application_hired', declined: 'job_application_declined', closed: 'job_closed' } as const;

/** A job's current address, for links in notifications. */
export async function currentJobPath(tx: EntityManager, job: Job): Promise<string> {
  const account = await tx.findOne(User, job.account.id, { fields: ['username'] });
  return jobPath(job.publicId, jobSlug(account?.username ?? '', job.name));
}

/**
 * Tells every applicant still waiting for a decision that the job closed, once each: the row is
 * marked in the same statement that picks it, so a second close (or a sweep racing a manager)
 * finds nobody left to tell. Runs in the closing transaction.
 */
export async function tellUndecidedApplicants(tx: EntityManager, job: Job): Promise<number> {
  const rows = await tx.execute<Array<{ applicant_id: number }>>(
    `update "job_applications" set "closing_told_at" = now() where "job_id" = ? and "status" in (?) and "closing_told_at" is null returning "applicant_id"`,
    [job.id, [...INTERNAL_APPLICATION_STATUSES]],
  );
  if (rows.length === 0) return 0;
  const link = await currentJobPath(tx, job);
  for (const row of rows) {
    await notifyUser(tx, Number(row.applicant_id), { kind: JOB_NOTIFICATION_KINDS.closed, message: `“${job.name}” is closed and takes no more applications. Thank you for applying.`, link });
  }
  return rows.length;
}

export const JOB_DEADLINE_QUEUE = 'jobs-deadline-sweep';
/** Every ten minutes: a job closes at most that long after its last day is over (UTC). */
export const JOB_DEADLINE_SCHEDULE = '*/10 * * * *';

/**
 * Schedules the deadline sweep. The queue is `exclusive` (one run at a time), so however many
 * server processes run, they never close the same job side by side; each close also locks its row.
 */
export async function startDeadlineSweep(deps: { boss: PgBoss; orm: MikroORM; logger: Logger; closePastDeadline: (em: EntityManager) => Promise<number> }): Promise<void> {
  const { boss } = deps;
  await createOneAtATimeQueue(boss, JOB_DEADLINE_QUEUE, 'exclusive', { retryLimit: 0 });
  await boss.schedule(JOB_DEADLINE_QUEUE, JOB_DEADLINE_SCHEDULE);
  await boss.work(JOB_DEADLINE_QUEUE, async () => {
    const closed = await deps.closePastDeadline(deps.orm.em.fork());
    if (closed > 0) deps.logger.info({ closed }, 'jobs: closed past their deadline');
  });
}
