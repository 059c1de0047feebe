import { wrap } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamMemberRole, TeamMemberStatus } from '../../../../domain/enums.js';
import type { JobApplicationStatus } from '../../../../domain/jobs.js';
import { requestLoader } from '../../db/request-loader.js';
import { CREDIT_ROLES, type CreditRole } from '../credits/index.js';
import { Team } from '../teams/index.js';
import { primeUserView, userViewColumns, userViewFromColumns } from '../users/index.js';
import { Job } from './job.entity.js';
import { jobViewFromColumns, type JobColumns, type JobView } from './job.view.js';

/*
 * Per-request batch loaders for job fields: whatever number of jobs a response holds, each of
 * these is one statement (db/request-loader.ts).
 */

/** The viewer's membership of a job's team and their own application to it. */
export interface ViewerJobRelations {
  membership: { role: TeamMemberRole; status: TeamMemberStatus } | null;
  application: { id: number; status: JobApplicationStatus } | null;
}

export const NO_JOB_RELATIONS: ViewerJobRelations = { membership: null, application: null };

interface RelationRow {
  role: TeamMemberRole | null;
  member_status: TeamMemberStatus | null;
  application_id: number | null;
  application_status: JobApplicationStatus | null;
}

function relationsFromRow(row: RelationRow | undefined): ViewerJobRelations {
  if (!row) return NO_JOB_RELATIONS;
  return {
    membership: row.role && row.member_status ? { role: row.role, status: row.member_status } : null,
    application: row.application_id !== null && row.application_status ? { id: Number(row.application_id), status: row.application_status } : null,
  };
}

/**
 * The viewer's relations as columns of a query on jobs `j`: two left joins, each by a unique
 * index. Parameters: the viewer's id (or null), twice.
 */
export const VIEWER_JOB_JOINS_SQL = `left join "team_members" vm on vm."team_id" = j."team_id" and vm."user_id" = ?
  left join "job_applications" va on va."job_id" = j."id" and va."applicant_id" = ?`;
export const VIEWER_JOB_COLUMNS_SQL = `vm."role", vm."status" as "member_status", va."id" as "application_id", va."status" as "application_status"`;

const relations = requestLoader<{ userId: number; jobId: number }, ViewerJobRelations>(
  async (em, keys) => {
    const userId = keys[0]!.userId;
    const rows = await em.execute<Array<RelationRow & { id: number }>>(`select j."id", ${VIEWER_JOB_COLUMNS_SQL} from "jobs" j ${VIEWER_JOB_JOINS_SQL} where j."id" in (?)`, [
      userId,
      userId,
      keys.map((key) => key.jobId),
    ]);
    const byJob = new Map(rows.map((row) => [Number(row.id), row]));
    // One request has one viewer, so every key of a batch names the same user.
    return keys.map((key) => (key.userId === userId ? relationsFromRow(byJob.get(key.jobId)) : NO_JOB_RELATIONS));
  },
  (key) => `${key.userId}:${key.jobId}`,
);

export function loadViewerJobRelations(em: EntityManager, userId: number | null, jobId: number): ViewerJobRelations | Promise<ViewerJobRelations> {
  return userId === null ? NO_JOB_RELATIONS : relations.load(em, { userId, jobId });
}

/** Hands the loader the relations read with the job itself, so the request asks no more. */
export function primeViewerJobRelations(em: EntityManager, userId: number | null, jobId: number, row: RelationRow): void {
  if (userId !== null) relations.prime(em, { userId, jobId }, relationsFromRow(row));
}

/**
 * Credit roles by id, from the process's copy of the seeded table (no statement once read); a list
 * of them without a promise when the table is read, so a page of jobs adds none per field.
 */
export function creditRolesById(em: EntityManager, ids: readonly number[]): CreditRole[] | Promise<CreditRole[]> {
  const roles = ids.map((id) => CREDIT_ROLES.byId(em, id));
  return roles.every((role): role is CreditRole => !(role instanceof Promise)) ? roles : Promise.all(roles);
}

export const loadTeam = requestLoader<number, Team | null>(async (em, ids) => {
  const rows = await em.find(Team, { id: { $in: [...ids] } });
  return ids.map((id) => rows.find((row) => row.id === id) ?? null);
});

const jobRows = requestLoader<number, JobView | null>(async (em, ids) => {
  const rows = await em.execute<JobColumns[]>(`select j.* from "jobs" j where j."id" in (?)`, [[...ids]]);
  const byId = new Map(rows.map((row) => [Number(row.id), jobViewFromColumns(row)]));
  return ids.map((id) => byId.get(id) ?? null);
});

/**
 * A job by id: an entity this request changed or loaded, the row it read for its page or list
 * (primeJob), else batched with the others a response names.
 */
export function loadJob(em: EntityManager, id: number): JobView | null | Promise<JobView | null> {
  const managed = em.getUnitOfWork().getById<Job>(Job, id);
  // A reference (an application's `job`) sits in the same map without its columns.
  return managed && wrap(managed).isInitialized() ? managed : jobRows.load(em, id);
}

/** Hands loadJob a job this request read as a row, so its applications' fields ask no more. */
export function primeJob(em: EntityManager, job: JobView): void {
  jobRows.prime(em, job.id, job);
}

/** The account a job is published as, as JSON of a query on jobs `j`, for primeJobAccounts. */
export const JOB_ACCOUNT_COLUMNS_SQL = `(select row_to_json(au) from (select ${userViewColumns('u')} from "users" u where u."id" = j."account_id") au) as "account_row"`;

/** A jobs row with its account as JOB_ACCOUNT_COLUMNS_SQL reads it. */
export type JobRowWithAccount = JobColumns & { account_row: Record<string, unknown> | null };

/**
 * A job read for display, from its row and account (JOB_ACCOUNT_COLUMNS_SQL): the account goes to
 * the users loader and the job to loadJob, so the response's other fields ask nothing more.
 */
export function jobViewFromRow(em: EntityManager, row: JobRowWithAccount): JobView {
  const { account_row: account, ...columns } = row;
  const accountView = account ? userViewFromColumns(account) : null;
  if (accountView) primeUserView(em, accountView);
  const job = jobViewFromColumns(columns);
  primeJob(em, job);
  return job;
}
