import type { EntityManager } from '@mikro-orm/postgresql';
import { toGlobalId } from '../../graphql/global-id.js';
import { notifyUser } from '../notifications/index.js';
import { TeamMember } from '../teams/index.js';
import { User } from '../users/index.js';
import { emitWebhookEvent } from '../webhooks/index.js';
import { currentJobPath, JOB_NOTIFICATION_KINDS } from './job-closing.js';
import type { Job } from './job.entity.js';
import type { JobApplication } from './job-application.entity.js';

/*
 * An application's webhook events (docs/product.md §Webhooks): sent to the webhooks of the hiring
 * team's active managers, in the transaction of the change, so nothing is announced that does not
 * commit. Payloads carry the stage, never the message or the team's comments.
 */

export type JobApplicationEvent = 'JOB_APPLICATION_CREATED' | 'JOB_APPLICATION_UPDATED' | 'JOB_APPLICATION_WITHDRAWN';

async function managerIds(tx: EntityManager, job: Job): Promise<number[]> {
  const managers = await tx.find(TeamMember, { team: job.team.id, role: 'manager', status: 'active' }, { fields: ['user'] });
  return managers.map((manager) => manager.user.id);
}

export async function applicationChanged(tx: EntityManager, event: JobApplicationEvent, job: Job, application: JobApplication, changed: readonly string[] = []): Promise<void> {
  const recipients = await managerIds(tx, job);
  if (recipients.length === 0) return;
  const applicant = await tx.findOne(User, application.applicant.id, { fields: ['id', 'username'] });
  const data = {
    job: { id: toGlobalId('Job', job.id), databaseId: job.id, publicId: job.publicId, name: job.name, path: await currentJobPath(tx, job) },
    application: {
      id: toGlobalId('JobApplication', application.id),
      databaseId: application.id,
      status: application.status.toUpperCase(),
      postCount: application.postIds.length,
      applicant: applicant ? { id: toGlobalId('User', applicant.id), databaseId: applicant.id, username: applicant.username } : null,
    },
    ...(event === 'JOB_APPLICATION_UPDATED' ? { changed: [...changed] } : {}),
  };
  await emitWebhookEvent(tx, { event, userIds: recipients, data });
}

/** The applicant hears of the team's decision, never of its internal stages (docs/product.md §Jobs). */
export async function tellApplicantOfDecision(tx: EntityManager, job: Job, application: JobApplication): Promise<void> {
  if (application.status !== 'hired' && application.status !== 'declined') return;
  const link = await currentJobPath(tx, job);
  const message = application.status === 'hired' ? `You were hired for “${job.name}”.` : `Your application for “${job.name}” was declined.`;
  await notifyUser(tx, application.applicant.id, { kind: application.status === 'hired' ? JOB_NOTIFICATION_KINDS.hired : JOB_NOTIFICATION_KINDS.declined, message, link });
}
