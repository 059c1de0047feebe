import { randomBytes } from 'node:crypto';
import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserType } from '../../../../domain/enums.js';
import { decodeGeohash } from '../../../../domain/geohash.js';
import {
  canChangeJobStatus,
  checkDeadline,
  checkJobName,
  checkPay,
  isJobPublicId,
  JOB_MESSAGES,
  JOB_PUBLIC_ID_LENGTH,
  jobAbilities,
  jobPublicIdFrom,
  MAX_JOB_DESCRIPTION_LENGTH,
  MAX_JOB_ROLES,
  utcDay,
  type JobAccess,
  type JobStatus,
  type PayInput,
} from '../../../../domain/jobs.js';
import { validateLocation } from '../../../../domain/profile-settings.js';
import { slugifyProjectName } from '../../../../domain/projects.js';
import { Forbidden, InvalidInput, NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { CreditRole } from '../credits/index.js';
import { requireTeamsSubscription, Team, TEAM_MESSAGES, TeamMember } from '../teams/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { tellUndecidedApplicants } from './job-closing.js';
import { Job } from './job.entity.js';
import { JOB_ACCOUNT_COLUMNS_SQL, jobViewFromRow, loadViewerJobRelations, primeViewerJobRelations, VIEWER_JOB_COLUMNS_SQL, VIEWER_JOB_JOINS_SQL, type JobRowWithAccount } from './job.loaders.js';
import { accessTo } from './job.policy.js';
import type { JobView } from './job.view.js';

/** What a job's form sends; an absent field is left as it is. */
export interface JobChanges {
  name?: string;
  roleIds?: number[];
  description?: string;
  place?: { name: string; geohash: string } | null;
  isRemote?: boolean;
  pay?: PayInput;
  deadline?: string | null;
  status?: JobStatus;
}

export interface VisibleJob<J extends JobView = Job> {
  job: J;
  access: JobAccess;
}

export async function viewerJobAccess(em: EntityManager, viewer: Viewer | null, job: Pick<JobView, 'id' | 'status'>): Promise<JobAccess> {
  return accessTo(viewer, job, await loadViewerJobRelations(em, viewer?.user.id ?? null, job.id));
}

/**
 * A job by its public id, when the viewer may see it (a draft only its team); null otherwise. The
 * job, its account and the viewer's relations to it come in one statement, so the job page's
 * header asks nothing more.
 */
export async function findJobByPublicId(em: EntityManager, viewer: Viewer | null, publicId: string): Promise<VisibleJob<JobView> | null> {
  if (!isJobPublicId(publicId)) return null;
  const userId = viewer?.user.id ?? null;
  const [row] = await em.execute<Array<JobRowWithAccount & Parameters<typeof primeViewerJobRelations>[3]>>(
    `select j.*, ${VIEWER_JOB_COLUMNS_SQL}, ${JOB_ACCOUNT_COLUMNS_SQL} from "jobs" j ${VIEWER_JOB_JOINS_SQL} where j."public_id" = ?`,
    [userId, userId, publicId],
  );
  if (!row) return null;
  const { role, member_status, application_id, application_status, ...columns } = row;
  const job = jobViewFromRow(em, columns);
  primeViewerJobRelations(em, userId, job.id, { role, member_status, application_id, application_status });
  const access = await viewerJobAccess(em, viewer, job);
  return access === 'none' ? null : { job, access };
}

/** For node(id:): the given jobs the viewer may see. */
export async function findVisibleJobs(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<Job[]> {
  const jobs = await em.find(Job, { id: { $in: ids } });
  const access = await Promise.all(jobs.map((job) => viewerJobAccess(em, viewer, job)));
  return jobs.filter((_, index) => access[index] !== 'none');
}

/** The job when the viewer may do `need` with it; "not found" when they may not even see it. */
export async function requireJob(em: EntityManager, viewer: Viewer, jobId: number, need: 'edit' | 'seeApplications' | 'decide'): Promise<VisibleJob> {
  const job = await em.findOne(Job, jobId);
  if (!job) throw new NotFound(JOB_MESSAGES.jobNotFound);
  const access = await viewerJobAccess(em, viewer, job);
  const abilities = jobAbilities(access);
  if (!abilities.see) throw new NotFound(JOB_MESSAGES.jobNotFound);
  if (!abilities[need]) throw new Forbidden();
  return { job, access };
}

/**
 * The team a job is posted for, when the viewer manages it (admins may, to set teams up). Someone
 * not on the team hears it does not exist, as the team's own pages answer.
 */
async function requireManagedTeam(em: EntityManager, viewer: Viewer, teamId: number): Promise<Team> {
  const team = await em.findOne(Team, teamId);
  if (!team) throw new NotFound(TEAM_MESSAGES.teamNotFound);
  const membership = await em.findOne(TeamMember, { team: teamId, user: viewer.user.id });
  const access = accessTo(viewer, { status: 'draft' }, { membership: membership ? { role: membership.role, status: membership.status } : null, application: null });
  if (access === 'none') throw new NotFound(TEAM_MESSAGES.teamNotFound);
  if (access !== 'manager') throw new Forbidden(TEAM_MESSAGES.managersOnly);
  return team;
}

/** The company a job is published as: a Company user who is an active manager of the team. */
async function requireCompanyAccount(em: EntityManager, teamId: number, accountId: number): Promise<User> {
  const account = await em.findOne(User, accountId);
  const membership = account ? await em.findOne(TeamMember, { team: teamId, user: accountId, role: 'manager', status: 'active' }) : null;
  if (!account || account.userType !== UserType.Company || !membership || !account.username) throw new InvalidInput(JOB_MESSAGES.accountNotCompany, { field: 'accountId' });
  return account;
}

async function rolesOrThrow(em: EntityManager, roleIds: number[]): Promise<number[]> {
  const unique = [...new Set(roleIds)];
  if (unique.length === 0) throw new InvalidInput(JOB_MESSAGES.rolesRequired, { field: 'roleIds' });
  if (unique.length > MAX_JOB_ROLES) throw new InvalidInput(JOB_MESSAGES.tooManyRoles, { field: 'roleIds' });
  if ((await em.count(CreditRole, { id: { $in: unique } })) !== unique.length) throw new NotFound('Credit role not found');
  return unique;
}

/** Applies a form's changes to a job, checking each; the status is the caller's (it has side effects). */
async function applyChanges(em: EntityManager, job: Job, changes: JobChanges, now: Date): Promise<void> {
  if (changes.name !== undefined) {
    const checked = checkJobName(changes.name);
    if ('error' in checked) throw new InvalidInput(checked.error, { field: 'name' });
    job.name = checked.name;
    job.nameSlug = slugifyProjectName(checked.name, 'job');
  }
  if (changes.roleIds !== undefined) job.roleIds = await rolesOrThrow(em, changes.roleIds);
  if (changes.description !== undefined) {
    const description = changes.description.replace(/\r\n?/g, '\n').trim();
    if (description.length > MAX_JOB_DESCRIPTION_LENGTH) throw new InvalidInput(JOB_MESSAGES.descriptionTooLong, { field: 'description' });
    job.description = description;
  }
  if (changes.place === null) Object.assign(job, { placeGeohash: null, placeName: null, placeLat: null, placeLon: null });
  else if (changes.place !== undefined) {
    const name = changes.place.name.trim().replace(/\s+/g, ' ');
    const geohash = changes.place.geohash.trim().toLowerCase();
    const problem = validateLocation(name, geohash);
    if (problem) throw new InvalidInput(problem.message, { field: problem.field === 'locationName' ? 'placeName' : 'placeGeohash' });
    const centre = decodeGeohash(geohash);
    Object.assign(job, { placeGeohash: geohash, placeName: name, placeLat: centre.lat, placeLon: centre.lon });
  }
  if (changes.isRemote !== undefined) job.isRemote = changes.isRemote;
  if (!job.isRemote && job.placeGeohash === null) throw new InvalidInput(JOB_MESSAGES.placeOrRemote, { field: 'place' });
  if (changes.pay !== undefined) {
    const checked = checkPay(changes.pay);
    if ('error' in checked) throw new InvalidInput(checked.error, { field: checked.field });
    Object.assign(job, { payMin: checked.pay.min, payMax: checked.pay.max, payCurrency: checked.pay.currency, isUnpaid: checked.pay.unpaid });
  }
  if (changes.deadline !== undefined && changes.deadline !== job.deadline) {
    if (changes.deadline === null) job.deadline = null;
    else {
      const checked = checkDeadline(changes.deadline, utcDay(now));
      if ('error' in checked) throw new InvalidInput(checked.error, { field: 'deadline' });
      job.deadline = checked.deadline;
    }
  }
}

/** The fields an audit entry keeps of a change: which were set, never the free text. */
function auditedFields(changes: JobChanges): Record<string, unknown> {
  const { description, ...rest } = changes;
  return { ...Object.fromEntries(Object.entries(rest).filter(([, value]) => value !== undefined)), ...(description !== undefined ? { description: 'changed' } : {}) };
}

/**
 * Moves a job to `status` (docs/product.md §Jobs): opening it publishes it (runs the Teams upgrade
 * check where billing is configured), closing it tells every undecided applicant once.
 */
async function changeStatus(tx: EntityManager, viewer: Viewer | null, job: Job, team: Team | null, status: JobStatus, now: Date): Promise<void> {
  if (status === job.status) return;
  if (!canChangeJobStatus(job.status, status)) throw new InvalidInput(JOB_MESSAGES.statusChange, { field: 'status' });
  if (status === 'open' && viewer && team) requireTeamsSubscription(viewer, team);
  job.status = status;
  if (status === 'open') job.publishedAt ??= now;
  if (status === 'closed') {
    job.publishedAt ??= now;
    job.closedAt = now;
    await tx.flush();
    await tellUndecidedApplicants(tx, job);
  }
}

/**
 * Posts a job for a team the viewer manages, published as one of its companies. The Teams upgrade
 * check runs first (docs/product.md §Jobs); it starts as a draft unless `status` says otherwise.
 */
export async function createJob(em: EntityManager, viewer: Viewer, teamId: number, accountId: number, changes: JobChanges & { name: string; roleIds: number[] }): Promise<Job> {
  const team = await requireManagedTeam(em, viewer, teamId);
  requireTeamsSubscription(viewer, team);
  await requireCompanyAccount(em, teamId, accountId);
  // A new job names its pay (or says it is unpaid): without either, the check explains what is missing.
  changes = { ...changes, pay: changes.pay ?? { min: null, max: null, currency: null, unpaid: false } };
  const now = new Date();
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await em.transactional(async (tx) => {
        const job = tx.create(Job, {
          publicId: jobPublicIdFrom(randomBytes(JOB_PUBLIC_ID_LENGTH)),
          team: tx.getReference(Team, teamId, { wrapped: true }),
          account: tx.getReference(User, accountId, { wrapped: true }),
          name: '',
          nameSlug: 'job',
          roleIds: [],
        });
        await applyChanges(tx, job, changes, now);
        await tx.flush();
        await changeStatus(tx, viewer, job, team, changes.status ?? 'draft', now);
        recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'jobs', targetId: job.id, fields: { ...auditedFields(changes), publicId: job.publicId, teamId, accountId } });
        await tx.flush();
        return job;
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException && attempt < 2) continue;
      throw error;
    }
  }
}

/** Changes a job (its team's managers). A new title gives a new slug; old addresses redirect. */
export async function updateJob(em: EntityManager, viewer: Viewer, jobId: number, changes: JobChanges): Promise<Job> {
  return em.transactional(async (tx) => {
    const { job } = await requireJob(tx, viewer, jobId, 'edit');
    const now = new Date();
    await applyChanges(tx, job, changes, now);
    if (changes.status !== undefined) await changeStatus(tx, viewer, job, await tx.findOneOrFail(Team, job.team.id), changes.status, now);
    recordAudit(tx, auditViewer(viewer), { action: 'update', target: 'jobs', targetId: job.id, fields: auditedFields(changes) });
    await tx.flush();
    return job;
  });
}

/** Closes a job: no more applications; every undecided applicant is told once. */
export function closeJob(em: EntityManager, viewer: Viewer, jobId: number): Promise<Job> {
  return updateJob(em, viewer, jobId, { status: 'closed' });
}

/**
 * Closes open jobs whose deadline is over (the deadline sweep, job-closing.ts), each in its own
 * transaction and audited with no actor: the product closed it. Answers how many it closed.
 */
export async function closeJobsPastDeadline(em: EntityManager, now = new Date()): Promise<number> {
  const due = await em.find(Job, { status: 'open', deadline: { $lt: utcDay(now) } }, { fields: ['id'], limit: 500 });
  for (const { id } of due) {
    await em.fork().transactional(async (tx) => {
      const job = await tx.findOne(Job, { id, status: 'open' }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!job) return;
      await changeStatus(tx, null, job, null, 'closed', now);
      recordAudit(tx, { actorId: null, masqueradingAdminId: null }, { action: 'update', target: 'jobs', targetId: job.id, fields: { status: 'closed', reason: 'deadline' } });
      await tx.flush();
    });
  }
  return due.length;
}
