/**
 * The raw SQL baseline, in its own process (forked by children.ts): a bare `node:http` server
 * that answers each read path with one `pg` statement (raw-sql.ts) and writes PostgreSQL's JSON
 * text straight out as `{"data": …}`. No express, GraphQL or ORM; the same pool size as Byline's
 * ORM (10). Signed-in paths check the bearer token as Byline does and the session row inside the
 * statement. `POST /<path>` with the GraphQL request's variables as the JSON body.
 */
import http from 'node:http';
import pg from 'pg';
import { geoSearchArea } from '../domain/creator-search.js';
import { isBlockedSearch, MAX_SEARCH_TEXT_LENGTH, searchableText, searchWords } from '../domain/search.js';
import { verifySessionToken } from '../server/src/modules/auth/index.js';
import { runPostgresSearch, TYPO_CANDIDATE_SIMILARITY, type RunSql, TOP_SEARCH_PER_GROUP } from '../server/src/modules/search/index.js';
import type { ChildReply, ChildRequest } from './children.js';
import { BENCH_JWT_SECRET } from './fixtures.js';
import { exploreSql, feedSql, NOTIFICATIONS_SQL, postSql, profileSql, PROJECT_PAGE_SQL, PROJECTS_SQL } from './raw-sql.js';
import { APPLICATION_SORTS, type ApplicationSort, JOB_PAGE_SQL, jobApplicationsSql, JOBS_SQL } from './raw-sql-jobs.js';
import { topSearchBody } from './raw-top-search.js';

type Variables = Record<string, unknown>;
type Handler = (variables: Variables, viewer: { userId: number; sessionId: number } | null) => Promise<string>;

// The search's typo candidates use this trigram threshold: the engine sets it per transaction
// (a second statement); here each connection starts with it.
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10, options: `-c pg_trgm.similarity_threshold=${TYPO_CANDIDATE_SIMILARITY}` });

async function body(sql: string, params: unknown[]): Promise<string> {
  const result = await pool.query<{ body: string }>(sql, params);
  return result.rows[0]?.body ?? 'null';
}

/** The engine's own statements (runPostgresSearch), sent with `pg` straight from the pool. */
const runSql: RunSql = async <Row extends object>(sql: string, params: readonly unknown[]) => (await pool.query<Row>(numbered(sql), [...params])).rows;

/** The ORM's `?` placeholders as pg's `$n`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

const ROUTES: Record<string, Handler> = {
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
    if (text === null || isBlockedSearch(text)) return topSearchBody([]);
    const hits = await runPostgresSearch(runSql, searchWords(text), { text, kinds: ['user', 'tag', 'role', 'account'], limitPerKind: TOP_SEARCH_PER_GROUP * 3 });
    return topSearchBody(hits);
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

/** A signed-in viewer's parameters ($1 member, $2 session) ahead of a path's own; none signed out. */
function asViewer(viewer: { userId: number; sessionId: number } | null): number[] {
  return viewer === null ? [] : [viewer.userId, viewer.sessionId];
}

/** The number in a Relay global id (base64 of "Type:id"). */
function databaseIdOf(globalId: string): number {
  return Number(Buffer.from(globalId, 'base64').toString('utf8').split(':')[1]);
}

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const handler = ROUTES[request.url ?? ''];
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const claims = token ? verifySessionToken(token, BENCH_JWT_SECRET) : null;
    const viewer = claims?.sessionId ? { userId: claims.userId, sessionId: claims.sessionId } : null;
    const answer = async () => {
      if (!handler) throw new Error(`no route ${request.url}`);
      const variables = chunks.length > 0 ? (JSON.parse(Buffer.concat(chunks).toString('utf8')) as Variables) : {};
      return handler(variables, viewer);
    };
    answer().then(
      (data) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(`{"data":${data}}`);
      },
      (error: unknown) => {
        response.writeHead(400, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ errors: [{ message: error instanceof Error ? error.message : String(error) }] }));
      },
    );
  });
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.send?.({ type: 'ready', url: `http://127.0.0.1:${port}` } satisfies ChildReply);
});

process.on('message', (message: ChildRequest) => {
  if (message.type === 'stop') server.close(() => void pool.end().then(() => process.exit(0)));
  else if (message.type === 'count-start') process.send?.({ type: 'count-started' } satisfies ChildReply);
  else process.send?.({ type: 'counted', statements: [] } satisfies ChildReply);
});
