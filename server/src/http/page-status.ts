import { postIdFromRef } from '../../../domain/post-ref.js';
import { decodePathSegment } from '../../../domain/url-parts.js';
import type { ExecuteOnServer } from './server-render.js';

/** The HTTP status a page answers with: 404 wherever the app shows its not-found page. */
export type PageStatus = 200 | 404;

/** The routes that are the not-found page itself: an address no route knows, and `/404`. */
const NOT_FOUND_ROUTES = new Set(['*', '/404']);

/**
 * Whether the page at a route exists for this visitor, asked of the API with the visitor's own
 * session, so it answers exactly as the page will (a private post is not found for others, as
 * its page says). docs/product.md §Pages: every not-found page answers 404, signed in or out,
 * whether or not the server renders it. `routePath` is the route's pattern (`/:username`) and
 * `param` its first parameter; a lookup that fails answers 200 and lets the page say what it can.
 */
export async function pageStatusFor(routePath: string | null, param: string | undefined, execute: ExecuteOnServer): Promise<PageStatus> {
  if (routePath === null || NOT_FOUND_ROUTES.has(routePath)) return 404;
  if (routePath === '/:username') {
    const username = decodePathSegment(param ?? '');
    return username === null ? 404 : existsOrNotFound(execute, USER_EXISTS, { username }, 'userByUsername');
  }
  if (routePath === '/posts/:postRef') {
    const id = postIdFromRef(param);
    return id === null ? 404 : existsOrNotFound(execute, POST_EXISTS, { databaseId: id }, 'postByDatabaseId');
  }
  return 200;
}

const USER_EXISTS = 'query PageStatusProfile($username: String!) { userByUsername(username: $username) { id } }';
const POST_EXISTS = 'query PageStatusPost($databaseId: Int!) { postByDatabaseId(databaseId: $databaseId) { id } }';

async function existsOrNotFound(execute: ExecuteOnServer, query: string, variables: Record<string, unknown>, field: string): Promise<PageStatus> {
  try {
    const answer = await execute({ query, variables });
    // A profile that is not there is an error the API names (NOT_FOUND); a post that is not there, or hidden, is null.
    if (answer.errors?.some((error) => error.extensions?.code === 'NOT_FOUND')) return 404;
    if (answer.errors?.length || !answer.data || !(field in answer.data)) return 200;
    return answer.data[field] === null ? 404 : 200;
  } catch {
    return 200;
  }
}
