import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobApplicationStatus } from '../../../../domain/jobs.js';
import { requestLoader } from '../../db/request-loader.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { publicCreditSql } from '../credits/index.js';
import { primeUserView, userViewColumns, userViewFromColumns } from '../users/index.js';
import { JobApplication } from './job-application.entity.js';

/** The sourcing table's columns for an applicant (docs/product.md §Jobs, as the creator board's). */
export interface ApplicantSourcing {
  followers: number;
  location: string | null;
  roleId: number | null;
  projects: number;
  collaborators: number;
  commentCount: number;
}

export const APPLICATION_ORDER_FIELDS = ['applied_at', 'followers', 'projects', 'collaborators', 'comments'] as const;
export type ApplicationOrderField = (typeof APPLICATION_ORDER_FIELDS)[number];

export interface ApplicationListOptions {
  orderBy: ApplicationOrderField;
  direction: 'asc' | 'desc';
  statuses: JobApplicationStatus[];
  /** Applicants whose most credited role is this one. */
  roleId: number | null;
  /** Applicants whose place contains this text, whatever the case. */
  location: string | null;
}

const ORDER_COLUMNS: Readonly<Record<ApplicationOrderField, string>> = {
  applied_at: 'extract(epoch from s."created_at")',
  followers: 's."followers"',
  projects: 's."projects"',
  collaborators: 's."collaborators"',
  comments: 's."comments"',
};

/**
 * Every application of one job with its sourcing columns, computed from public credits and
 * verified accounts as the creator board's are (teams' creator-sourcing.loader.ts). One job's
 * applications are few enough that the columns are computed for all, then sorted and filtered.
 */
const SOURCED_APPLICATIONS_SQL = `select a.*, ${userViewColumns('u', 'applicant_')},
    coalesce((select sum(sa."follower_count") from "social_accounts" sa where sa."owner_id" = u."id" and sa."owner_verified_at" is not null), 0)::float8 as "followers",
    (select c."role_id" from "credits" c where c."user_id" = u."id" and ${publicCreditSql('c')} group by c."role_id" order by count(*) desc, c."role_id" limit 1) as "top_role_id",
    (select count(distinct c."post_id") from "credits" c where c."user_id" = u."id" and ${publicCreditSql('c')})::int as "projects",
    (select count(distinct o."user_id") from "credits" c join "credits" o on o."post_id" = c."post_id" and o."user_id" <> u."id"
      where c."user_id" = u."id" and ${publicCreditSql('c')} and ${publicCreditSql('o')})::int as "collaborators",
    (select count(*) from "job_application_comments" k where k."application_id" = a."id")::int as "comments"
  from "job_applications" a join "users" u on u."id" = a."applicant_id"`;

interface Cursor {
  value: number;
  id: number;
}

function encodeApplicationCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

function decodeApplicationCursor(raw: string): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === 2 && typeof parsed[0] === 'number' && Number.isFinite(parsed[0]) && Number.isSafeInteger(parsed[1])) return { value: parsed[0], id: parsed[1] };
  } catch {
    // Falls through to the refusal below.
  }
  throw new InvalidInput('Invalid cursor');
}

const sourcingLoader = requestLoader<number, ApplicantSourcing | null>(async (em, ids) => {
  const rows = await em.execute<Array<Record<string, unknown>>>(`${SOURCED_APPLICATIONS_SQL} where a."id" in (?)`, [[...ids]]);
  const byId = new Map(rows.map((row) => [Number(row.id), sourcingOf(em, row)]));
  return ids.map((id) => byId.get(id) ?? null);
});

function sourcingOf(em: EntityManager, row: Record<string, unknown>): ApplicantSourcing {
  const applicant = userViewFromColumns(row, 'applicant_');
  if (applicant) primeUserView(em, applicant);
  return {
    followers: Number(row.followers ?? 0),
    location: applicant?.locationName ?? null,
    roleId: row.top_role_id === null || row.top_role_id === undefined ? null : Number(row.top_role_id),
    projects: Number(row.projects ?? 0),
    collaborators: Number(row.collaborators ?? 0),
    commentCount: Number(row.comments ?? 0),
  };
}

/** An application's sourcing columns: read with the table's page, or batched for the applications a response names. */
export function loadApplicantSourcing(em: EntityManager, applicationId: number): ApplicantSourcing | null | Promise<ApplicantSourcing | null> {
  return sourcingLoader.load(em, applicationId);
}

function applicationFromRow(em: EntityManager, row: Record<string, unknown>): JobApplication {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!key.startsWith('applicant_') || key === 'applicant_id') columns[key] = value;
  for (const key of ['followers', 'top_role_id', 'projects', 'collaborators', 'comments']) delete columns[key];
  const application = em.map(JobApplication, columns);
  sourcingLoader.prime(em, application.id, sourcingOf(em, row));
  return application;
}

/**
 * A job's applicants table (docs/product.md §Jobs): one statement for the page, its applicants and
 * their sourcing columns, keyset-paged on (the sort column, id) so every page costs the same.
 * The caller has checked the viewer may see the job's applications.
 */
export async function listJobApplications(em: EntityManager, jobId: number, page: { size: number; after: string | null }, options: ApplicationListOptions): Promise<Connection<JobApplication>> {
  const { where, params } = filterSql(options);
  const order = ORDER_COLUMNS[options.orderBy];
  const direction = options.direction === 'asc' ? 'asc' : 'desc';
  const cursor = page.after ? decodeApplicationCursor(page.after) : null;
  const keyset = cursor ? ` and (${order}, s."id") ${direction === 'asc' ? '>' : '<'} (?, ?)` : '';
  const rows = await em.execute<Array<Record<string, unknown>>>(
    `select s.*, ${order} as "sort_value" from (${SOURCED_APPLICATIONS_SQL} where a."job_id" = ?) s where ${where}${keyset} order by ${order} ${direction}, s."id" ${direction} limit ?`,
    [jobId, ...params, ...(cursor ? [cursor.value, cursor.id] : []), page.size + 1],
  );
  const hasMore = rows.length > page.size;
  const kept = rows.slice(0, page.size);
  const edges = kept.map((row) => {
    const { sort_value: sortValue, ...columns } = row;
    return { cursor: encodeApplicationCursor({ value: Number(sortValue), id: Number(row.id) }), node: applicationFromRow(em, columns) };
  });
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: { hasNextPage: hasMore, hasPreviousPage: cursor !== null, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
    countTotal: async () => {
      const [row] = await em.execute<Array<{ count: number }>>(`select count(*)::int as "count" from (${SOURCED_APPLICATIONS_SQL} where a."job_id" = ?) s where ${where}`, [jobId, ...params]);
      return Number(row?.count ?? 0);
    },
  };
}

function filterSql(options: ApplicationListOptions): { where: string; params: unknown[] } {
  const conditions = ['true'];
  const params: unknown[] = [];
  if (options.statuses.length > 0) {
    conditions.push(`s."status" in (?)`);
    params.push(options.statuses);
  }
  if (options.roleId !== null) {
    conditions.push(`s."top_role_id" = ?`);
    params.push(options.roleId);
  }
  if (options.location !== null && options.location.trim() !== '') {
    conditions.push(`s."applicant_location_name" ilike ?`);
    params.push(`%${options.location.trim().replace(/[\\%_]/g, '\\$&')}%`);
  }
  return { where: conditions.join(' and '), params };
}
