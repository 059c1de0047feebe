/**
 * The raw baseline's answers by path (raw-server.ts serves them; explain-raw.ts prints their
 * plans): each path's one statement (raw-sql.ts, raw-sql-jobs.ts) with its parameters taken from
 * the GraphQL request's variables, or for the top search the search engine's own statements and
 * the jobs module's open-jobs statement, as Byline runs them.
 */
import { geoSearchArea } from '../domain/creator-search.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH, searchableText, searchWords } from '../domain/search.js';
import { jobSearchHitFromRow, type JobSearchRow, openJobsSearchSql } from '../server/src/modules/jobs/index.js';
import { runPostgresSearch, type RunSql, TOP_SEARCH_PER_GROUP } from '../server/src/modules/search/index.js';
import { exploreSql, feedSql, NOTIFICATIONS_SQL, postSql, profileSql, PROJECT_PAGE_SQL, PROJECTS_SQL } from './raw-sql.js';
import { APPLICATION_SORTS, type ApplicationSort, JOB_PAGE_SQL, jobApplicationsSql, JOBS_SQL } from './raw-sql-jobs.js';
import { topSearchBody } from './raw-top-search.js';

export type Variables = Record<string, unknown>;
export interface RawViewer {
  userId: number;
  sessionId: number;
}
export type RawHandler = (variables: Variables, viewer: RawViewer | null) => Promise<string>;

/** How the routes reach PostgreSQL: one statement whose single row is the answer's JSON text, and the search engine's statements (`?` placeholders). */
export interface RawDatabase {
  body(sql: string, params: unknown[]): Promise<string>;
  runSql: RunSql;
}

export function rawRoutes({ body, runSql }: RawDatabase): Record<string, RawHandler> {
  return {
    // Signed out, or as the viewer the token names (a member, one with private posts, an admin).
    '/feed': (variables, viewer) => body(feedSql(viewer !== null), [...asViewer(viewer), Number(variables.first ?? 20)]),
    '/post': (variables, viewer) => body(postSql(viewer !== null), [...asViewer(viewer), Number(variables.databaseId)]),
    '/profile': (variables, viewer) => body(profileSql(viewer !== null), [...asViewer(viewer), String(variables.username)]),
    '/explore': (variables, viewer) => {
      if (!viewer) throw new Error('signed in only');
      const filter = (variables.filter ?? {}) as { tagDatabaseIds?: number[]; networkIds?: string[]; text?: string | null };
      const networks = (filter.networkIds ?? []).map((id) => Number(Buffer.from(id, 'base64').toString('utf8').split(':')[1]));
      const sort = variables.sort === 'NEWEST' ? 'newest' : 'relevance';
      return body(exploreSql(sort), [viewer.userId, viewer.sessionId, sort, filter.tagDatabaseIds ?? [], networks, filter.text?.trim() || null, Number(variables.first ?? 24)]);
    },
    '/top-search': async (variables) => {
      const raw = String(variables.text ?? '');
      if (raw.length > MAX_SEARCH_TEXT_LENGTH) throw new Error('Invalid query');
      const text = searchableText(raw);
      if (text === null || isBlockedSearch(text)) return topSearchBody([], []);
      const jobs = openJobsSearchSql(text, TOP_SEARCH_PER_GROUP);
      const [hits, jobRows] = await Promise.all([
        runPostgresSearch(runSql, searchWords(text), { text, kinds: ['user', 'tag', 'role', 'account'], limitPerKind: TOP_SEARCH_PER_GROUP * 3 }),
        jobs ? runSql<JobSearchRow>(jobs.sql, jobs.params) : [],
      ]);
      return topSearchBody(hits, jobRows.map(jobSearchHitFromRow));
    },
    '/notifications': (variables, viewer) => {
      if (!viewer) throw new Error('signed in only');
      return body(NOTIFICATIONS_SQL, [viewer.userId, viewer.sessionId, Number(variables.first ?? 20)]);
    },
    '/projects': (variables, viewer) => {
      if (!viewer) throw new Error('signed in only');
      const status = typeof variables.status === 'string' ? variables.status.toLowerCase() : null;
      const teamId = typeof variables.teamId === 'string' ? databaseIdOf(variables.teamId) : null;
      const after = typeof variables.after === 'string' ? /^id:(\d+)$/.exec(Buffer.from(variables.after, 'base64url').toString('utf8'))?.[1] : undefined;
      const search = typeof variables.search === 'string' ? variables.search.trim() || null : null;
      return body(PROJECTS_SQL, [viewer.userId, viewer.sessionId, Number(variables.first ?? 20), status, teamId, after === undefined ? null : Number(after), search]);
    },
    '/project': (variables, viewer) => {
      if (!viewer) throw new Error('signed in only');
      return body(PROJECT_PAGE_SQL, [viewer.userId, viewer.sessionId, String(variables.publicId), typeof variables.slug === 'string' ? variables.slug : null, Number(variables.first ?? 20)]);
    },
    '/jobs': (variables) => {
      const roleIds = Array.isArray(variables.roleIds) && variables.roleIds.length > 0 ? `{${variables.roleIds.map((id) => databaseIdOf(String(id))).join(',')}}` : null;
      const area = typeof variables.near === 'string' ? geoSearchArea(variables.near) : null;
      const radius = area ? (typeof variables.radiusKm === 'number' ? variables.radiusKm : area.radiusKm) : null;
      const after = typeof variables.after === 'string' ? /^id:(\d+)$/.exec(Buffer.from(variables.after, 'base64url').toString('utf8'))?.[1] : undefined;
      const remote = typeof variables.remote === 'boolean' ? variables.remote : null;
      const days = typeof variables.postedWithinDays === 'number' ? variables.postedWithinDays : null;
      return body(JOBS_SQL, [Number(variables.first ?? 20), roleIds, remote, days, area?.lat ?? null, area?.lon ?? null, radius, after === undefined ? null : Number(after)]);
    },
    '/job': (variables, viewer) => {
      if (!viewer) throw new Error('signed in only');
      return body(JOB_PAGE_SQL, [viewer.userId, viewer.sessionId, String(variables.publicId), typeof variables.slug === 'string' ? variables.slug : null]);
    },
    '/job-applications': (variables, viewer) => {
      if (!viewer) throw new Error('signed in only');
      const orderBy = (variables.orderBy ?? null) as { field?: string; direction?: string } | null;
      const sort: ApplicationSort = orderBy?.field && orderBy.field in APPLICATION_SORTS ? (orderBy.field as ApplicationSort) : 'APPLIED_AT';
      const statuses = Array.isArray(variables.statuses) && variables.statuses.length > 0 ? `{${variables.statuses.map((status) => String(status).toLowerCase()).join(',')}}` : null;
      const sql = jobApplicationsSql(sort, orderBy?.direction === 'ASC' ? 'asc' : 'desc');
      return body(sql, [viewer.userId, viewer.sessionId, databaseIdOf(String(variables.jobId)), Number(variables.first ?? 20), statuses]);
    },
  };
}

/** A signed-in viewer's parameters ($1 member, $2 session) ahead of a path's own; none signed out. */
function asViewer(viewer: RawViewer | null): number[] {
  return viewer === null ? [] : [viewer.userId, viewer.sessionId];
}

/** The number in a Relay global id (base64 of "Type:id"). */
function databaseIdOf(globalId: string): number {
  return Number(Buffer.from(globalId, 'base64').toString('utf8').split(':')[1]);
}

