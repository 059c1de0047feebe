import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../domain/enums.js';
import {
  applicationTransition,
  deadlineHasPassed,
  JOB_MESSAGES,
  jobAbilities,
  MAX_APPLICATION_COMMENT_LENGTH,
  MAX_APPLICATION_MESSAGE_LENGTH,
  MAX_APPLICATION_POSTS,
  utcDay,
  type ApplicationActor,
  type JobApplicationStatus,
} from '../../../../domain/jobs.js';
import { Conflict, Forbidden, InvalidInput, NotFound, Unprocessable } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { publicCreditSql } from '../credits/index.js';
import { addCollaborator, Project, type InvitationMailDeps } from '../projects/index.js';
import { placeOnBoard, type TeamCreator } from '../teams/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { applicationChanged, tellApplicantOfDecision } from './application-events.js';
import { JobApplication, JobApplicationComment } from './job-application.entity.js';
import { Job } from './job.entity.js';
import { viewerJobAccess } from './job.service.js';
import type { JobView } from './job.view.js';

/** Posts the person may show in an application: public posts they hold an accepted credit on. */
async function creditedPostIds(em: EntityManager, userId: number, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await em.execute<Array<{ post_id: number }>>(
    `select distinct c."post_id" from "credits" c join "posts" p on p."id" = c."post_id"
      where c."user_id" = ? and ${publicCreditSql('c')} and p."is_private" = false and p."type" <> ${PostType.Story} and c."post_id" in (?)`,
    [userId, postIds],
  );
  return new Set(rows.map((row) => Number(row.post_id)));
}

function messageOrThrow(raw: string): string {
  const message = raw.replace(/\r\n?/g, '\n').trim();
  if (message.length > MAX_APPLICATION_MESSAGE_LENGTH) throw new InvalidInput(JOB_MESSAGES.messageTooLong, { field: 'message' });
  return message;
}

/**
 * Applies to a job (docs/product.md §Jobs): signed in, the job open and before its deadline, not
 * from its own team, with posts the applicant is credited on. Once per person and job: the unique
 * index settles two applies at once, and the loser hears "That resource already exists".
 */
export async function applyToJob(em: EntityManager, viewer: Viewer, jobId: number, input: { message: string; postIds: number[] }, now = new Date()): Promise<JobApplication> {
  const message = messageOrThrow(input.message);
  const postIds = [...new Set(input.postIds)];
  if (postIds.length > MAX_APPLICATION_POSTS) throw new InvalidInput(JOB_MESSAGES.tooManyPosts, { field: 'postIds' });
  try {
    return await em.transactional(async (tx) => {
      // Shared lock: a close running now either commits first (and this sees it closed) or waits
      // for this application, which it then tells of the closing.
      const job = await tx.findOne(Job, jobId, { lockMode: LockMode.PESSIMISTIC_READ });
      const access = job ? await viewerJobAccess(tx, viewer, job) : 'none';
      if (!job || access === 'none') throw new NotFound(JOB_MESSAGES.jobNotFound);
      if (access !== 'public') throw new Forbidden(JOB_MESSAGES.ownJob);
      if (job.status !== 'open' || deadlineHasPassed(job.deadline, utcDay(now))) throw new Unprocessable(JOB_MESSAGES.notOpen);
      const credited = await creditedPostIds(tx, viewer.user.id, postIds);
      if (postIds.some((id) => !credited.has(id))) throw new InvalidInput(JOB_MESSAGES.postNotCredited, { field: 'postIds' });
      const application = tx.create(JobApplication, { job, applicant: tx.getReference(User, viewer.user.id, { wrapped: true }), message, postIds });
      await tx.flush();
      recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'job_applications', targetId: application.id, fields: { jobId: job.id, postIds } });
      await applicationChanged(tx, 'JOB_APPLICATION_CREATED', job, application);
      await tx.flush();
      return application;
    });
  } catch (error) {
    if (error instanceof UniqueConstraintViolationException) throw new Conflict();
    throw error;
  }
}

/** What the viewer is to an application: its applicant, its team (manager or member), or nothing. */
async function requireApplication(tx: EntityManager, viewer: Viewer, applicationId: number): Promise<{ application: JobApplication; job: Job; actor: ApplicationActor }> {
  const application = await tx.findOne(JobApplication, applicationId);
  if (!application) throw new NotFound(JOB_MESSAGES.applicationNotFound);
  const job = await tx.findOneOrFail(Job, application.job.id);
  const access = await viewerJobAccess(tx, viewer, job);
  if (access === 'manager' || access === 'member') return { application, job, actor: access };
  if (application.applicant.id === viewer.user.id) return { application, job, actor: 'applicant' };
  throw new NotFound(JOB_MESSAGES.applicationNotFound);
}

/**
 * The hiring team puts an applicant on its creator stages board (docs/product.md §Jobs), in a
 * stage of its own board; once there, asking again leaves their card where it is. The board's
 * own rules apply (the team's tools need its subscription, docs/product.md §Teams).
 */
export async function addApplicantToBoard(em: EntityManager, viewer: Viewer, applicationId: number, stageId: number): Promise<{ application: JobApplication; creator: TeamCreator; alreadyOnBoard: boolean }> {
  return em.transactional(async (tx) => {
    const { application, job, actor } = await requireApplication(tx, viewer, applicationId);
    if (actor === 'applicant') throw new NotFound(JOB_MESSAGES.applicationNotFound);
    const placed = await placeOnBoard(tx, viewer, { teamId: job.team.id, stageId, userId: application.applicant.id });
    if (!placed.alreadyOnBoard) recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'team_stage_creators', targetId: placed.creator.id, fields: { applicationId: application.id, stageId } });
    await tx.flush();
    return { application, ...placed };
  });
}

/** The applicant withdraws, while the job is open and the team has not decided. */
export async function withdrawApplication(em: EntityManager, viewer: Viewer, applicationId: number): Promise<JobApplication> {
  return em.transactional(async (tx) => {
    const { application, job } = await requireApplication(tx, viewer, applicationId);
    if (application.applicant.id !== viewer.user.id) throw new Forbidden();
    if (job.status !== 'open') throw new Unprocessable(JOB_MESSAGES.cannotWithdraw);
    const moved = applicationTransition(application.status, 'withdrawn', 'applicant');
    if ('error' in moved) throw new Unprocessable(moved.error);
    application.status = 'withdrawn';
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'job_applications', targetId: application.id, fields: { status: 'withdrawn' } });
    await tx.flush();
    await applicationChanged(tx, 'JOB_APPLICATION_WITHDRAWN', job, application);
    return application;
  });
}

export interface HireIntoProject {
  projectId: number;
  roleId: number;
  mail: InvitationMailDeps;
}

/**
 * Moves an application (docs/product.md §Jobs): the team's active managers and members move the
 * internal stages; managers hire or decline, and the applicant is told of that decision only.
 * Hiring may invite them into one of the team's projects (the projects module's invitation).
 */
export async function setApplicationStatus(em: EntityManager, viewer: Viewer, applicationId: number, status: JobApplicationStatus, hire: HireIntoProject | null): Promise<JobApplication> {
  return em.transactional(async (tx) => {
    const { application, job, actor } = await requireApplication(tx, viewer, applicationId);
    if (actor === 'applicant') throw new NotFound(JOB_MESSAGES.applicationNotFound);
    const moved = applicationTransition(application.status, status, actor);
    if ('error' in moved) throw actor === 'member' && moved.error === JOB_MESSAGES.managersDecide ? new Forbidden(moved.error) : new Unprocessable(moved.error);
    if (hire && status !== 'hired') throw new InvalidInput(JOB_MESSAGES.applicationStatusChange, { field: 'addToProjectId' });
    const from = application.status;
    application.status = status;
    if (status === 'hired' || status === 'declined') application.decidedAt = new Date();
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'job_applications', targetId: application.id, fields: { status, from, ...(hire ? { projectId: hire.projectId, roleId: hire.roleId } : {}) } });
    await tx.flush();
    if (hire) {
      // Only the hiring team's own projects: a manager of two teams cannot pull one's hire into the other's work.
      const project = await tx.findOne(Project, { id: hire.projectId, ownerTeam: job.team.id }, { fields: ['id'] });
      if (!project) throw new NotFound('Project not found');
      await addCollaborator(tx, viewer, project.id, { userId: application.applicant.id }, hire.roleId, 'viewer', hire.mail);
    }
    await tellApplicantOfDecision(tx, job, application);
    await applicationChanged(tx, 'JOB_APPLICATION_UPDATED', job, application, ['status']);
    return application;
  });
}

/** A note of the team about an application (active managers and members only). */
export async function commentOnApplication(em: EntityManager, viewer: Viewer, applicationId: number, rawBody: string): Promise<JobApplicationComment> {
  const body = rawBody.replace(/\r\n?/g, '\n').trim();
  if (body.length === 0) throw new InvalidInput(JOB_MESSAGES.commentRequired, { field: 'body' });
  if (body.length > MAX_APPLICATION_COMMENT_LENGTH) throw new InvalidInput(JOB_MESSAGES.commentTooLong, { field: 'body' });
  return em.transactional(async (tx) => {
    const { application, actor } = await requireApplication(tx, viewer, applicationId);
    if (actor === 'applicant') throw new NotFound(JOB_MESSAGES.applicationNotFound);
    const comment = tx.create(JobApplicationComment, { application, author: tx.getReference(User, viewer.user.id, { wrapped: true }), body });
    await tx.flush();
    recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'job_application_comments', targetId: comment.id, fields: { applicationId: application.id } });
    await tx.flush();
    return comment;
  });
}

/** Whether the viewer may see a job's applications and the team's comments (for fields and node(id:)). */
export async function maySeeApplications(em: EntityManager, viewer: Viewer | null, job: Pick<JobView, 'id' | 'status'>): Promise<boolean> {
  return jobAbilities(await viewerJobAccess(em, viewer, job)).seeApplications;
}
