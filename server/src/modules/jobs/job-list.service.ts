import type { EntityManager } from '@mikro-orm/postgresql';
import { geoSearchArea } from '../../../../domain/creator-search.js';
import { isValidGeohash } from '../../../../domain/geohash.js';
import { JOB_MESSAGES, MAX_JOB_RADIUS_KM, MAX_POSTED_WITHIN_DAYS } from '../../../../domain/jobs.js';
import { SETTINGS_MESSAGES } from '../../../../domain/profile-settings.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, type KeysetPage } from '../../graphql/pagination.js';
import { loadViewerMembership } from '../teams/index.js';
import type { Viewer } from '../users/index.js';
import { JOB_ACCOUNT_COLUMNS_SQL, jobViewFromRow, type JobRowWithAccount } from './job.loaders.js';
import { accessTo } from './job.policy.js';
import type { JobView } from './job.view.js';

/** The /jobs filters (docs/product.md §Jobs); every one optional. */
export interface JobFilters {
  roleIds: number[];
  /** A place as a geohash; with radiusKm (else the cell's own size) it keeps jobs placed that near. */
  near: string | null;
  radiusKm: number | null;
  /** true: remote jobs only; false: on-site jobs only. */
  remote: boolean | null;
  postedWithinDays: number | null;
}

interface Condition {
  sql: string;
  params: unknown[];
}

function filterConditions(filters: JobFilters): Condition[] {
  const conditions: Condition[] = [];
  if (filters.roleIds.length > 0) conditions.push({ sql: `j."role_ids" && ?::smallint[]`, params: [`{${filters.roleIds.join(',')}}`] });
  if (filters.remote !== null) conditions.push({ sql: `j."is_remote" = ?`, params: [filters.remote] });
  if (filters.postedWithinDays !== null) {
    if (!Number.isInteger(filters.postedWithinDays) || filters.postedWithinDays < 1 || filters.postedWithinDays > MAX_POSTED_WITHIN_DAYS) throw new InvalidInput(`postedWithinDays must be between 1 and ${MAX_POSTED_WITHIN_DAYS}`, { field: 'postedWithinDays' });
    conditions.push({ sql: `j."published_at" >= now() - make_interval(days => ?)`, params: [filters.postedWithinDays] });
  }
  if (filters.near !== null) {
    const geohash = filters.near.trim().toLowerCase();
    if (!isValidGeohash(geohash)) throw new InvalidInput(SETTINGS_MESSAGES.locationGeohash, { field: 'near' });
    const area = geoSearchArea(geohash);
    const radius = filters.radiusKm ?? area.radiusKm;
    if (!(radius > 0 && radius <= MAX_JOB_RADIUS_KM)) throw new InvalidInput(`radiusKm must be between 1 and ${MAX_JOB_RADIUS_KM}`, { field: 'radiusKm' });
    // Great-circle distance from the place's centre; jobs without a place are not near anywhere.
    conditions.push({
      sql: `j."place_lat" is not null and 2 * 6371.0088 * asin(least(1, sqrt(power(sin(radians(j."place_lat" - ?) / 2), 2)
        + cos(radians(?)) * cos(radians(j."place_lat")) * power(sin(radians(j."place_lon" - ?) / 2), 2)))) <= ?`,
      params: [area.lat, area.lat, area.lon, radius],
    });
  }
  return conditions;
}

/**
 * Open jobs, newest first by when they were published: one statement with each job's account, read
 * as rows for display (job.view.ts),
 * keyset-paged on (published_at, id) through the cursor's id (docs/product.md §Jobs).
 */
async function openJobsPage(em: EntityManager, page: KeysetPage, extra: Condition[]): Promise<Connection<JobView>> {
  if (page.backward) throw new InvalidInput('Page forwards with first/after');
  const conditions: Condition[] = [{ sql: `j."status" = 'open'`, params: [] }, ...extra];
  if (page.cursorId !== null) conditions.push({ sql: `(j."published_at", j."id") < (select c."published_at", c."id" from "jobs" c where c."id" = ?)`, params: [page.cursorId] });
  const rows = await em.execute<JobRowWithAccount[]>(
    `select j.*, ${JOB_ACCOUNT_COLUMNS_SQL} from "jobs" j where ${conditions.map((condition) => condition.sql).join(' and ')} order by j."published_at" desc, j."id" desc limit ?`,
    [...conditions.flatMap((condition) => condition.params), page.size + 1],
  );
  const jobs = rows.map((row) => jobViewFromRow(em, row));
  return connectionFromRows(jobs, page, (job) => job.id);
}

/** The /jobs list: open jobs for everyone, signed out included. */
export function listOpenJobs(em: EntityManager, page: KeysetPage, filters: JobFilters): Promise<Connection<JobView>> {
  for (const id of filters.roleIds) if (!Number.isInteger(id)) throw new InvalidInput(JOB_MESSAGES.rolesRequired, { field: 'roleIds' });
  return openJobsPage(em, page, filterConditions(filters));
}

/** A brand's open jobs (`/{brand}/jobs`): those published as the user with this id. */
export function listAccountJobs(em: EntityManager, accountId: number, page: KeysetPage): Promise<Connection<JobView>> {
  return openJobsPage(em, page, [{ sql: `j."account_id" = ?`, params: [accountId] }]);
}

/**
 * A team's jobs for its own pages, newest first by id: every status for its managers and active
 * members; what the public sees (open and closed) for anyone else.
 */
export async function listTeamJobs(em: EntityManager, viewer: Viewer | null, teamId: number, page: KeysetPage): Promise<Connection<JobView>> {
  const membership = viewer ? await loadViewerMembership(em, viewer.user.id, teamId) : null;
  const access = accessTo(viewer, { status: 'draft' }, { membership: membership ? { role: membership.role, status: membership.status } : null, application: null });
  const conditions: Condition[] = [{ sql: `j."team_id" = ?`, params: [teamId] }];
  if (access === 'none') conditions.push({ sql: `j."status" <> 'draft'`, params: [] });
  if (page.cursorId !== null) conditions.push({ sql: page.backward ? `j."id" > ?` : `j."id" < ?`, params: [page.cursorId] });
  const rows = await em.execute<JobRowWithAccount[]>(
    `select j.*, ${JOB_ACCOUNT_COLUMNS_SQL} from "jobs" j where ${conditions.map((condition) => condition.sql).join(' and ')} order by j."id" ${page.backward ? 'asc' : 'desc'} limit ?`,
    [...conditions.flatMap((condition) => condition.params), page.size + 1],
  );
  return connectionFromRows(
    rows.map((row) => jobViewFromRow(em, row)),
    page,
    (job) => job.id,
  );
}
