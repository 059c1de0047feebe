/**
 * The raw SQL baseline, in its own process (forked by children.ts): a bare `node:http` server
 * that answers each read path with one `pg` statement (raw-sql.ts) and writes PostgreSQL's JSON
 * text straight out as `{"data": …}`. No express, GraphQL or ORM; the same pool size as Byline's
 * ORM (10). Signed-in paths check the bearer token as Byline does and the session row inside the
 * statement. `POST /<path>` with the GraphQL request's variables as the JSON body.
 */
import http from 'node:http';
import pg from 'pg';
import { numberedPlaceholders } from '../server/src/db/prepared-read.js';
import { verifySessionToken } from '../server/src/modules/auth/index.js';
import { TYPO_CANDIDATE_SIMILARITY, type RunSql } from '../server/src/modules/search/index.js';
import type { ChildReply, ChildRequest } from './children.js';
import { BENCH_JWT_SECRET } from './fixtures.js';
import { rawRoutes, type Variables } from './raw-routes.js';

// The search's typo candidates use this trigram threshold: the engine sets it per transaction
// (a second statement); here each connection starts with it.
const pool = new pg.Pool({ connectionString: process.env.BENCH_DATABASE_URL, max: 10, options: `-c pg_trgm.similarity_threshold=${TYPO_CANDIDATE_SIMILARITY}` });

async function body(sql: string, params: unknown[]): Promise<string> {
  const result = await pool.query<{ body: string }>(sql, params);
  return result.rows[0]?.body ?? 'null';
}

/** The engine's own statements (runPostgresSearch), sent with `pg` straight from the pool. */
const runSql: RunSql = async <Row extends object>(sql: string, params: readonly unknown[]) => (await pool.query<Row>(numberedPlaceholders(sql), [...params])).rows;

const ROUTES = rawRoutes({ body, runSql });

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
