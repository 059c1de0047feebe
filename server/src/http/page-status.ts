import { parseJobAddress } from '../../../domain/jobs.js';
import { postIdFromRef } from '../../../domain/post-ref.js';
import { parseProjectAddress } from '../../../domain/projects.js';
import { decodePathSegment } from '../../../domain/url-parts.js';
import type { ExecuteOnServer } from './server-render.js';

/**
 * The HTTP status a page answers with: 404 wherever the app shows its not-found page, 410 for the
 * address of a deleted account or of a post deleted from its network.
 */
export type PageStatus = 200 | 404 | 410;

/** A page's answer: its status, or a permanent redirect to its current address (a project's or job's old slug). */
export type PageAnswer = PageStatus | { movedTo: string };

/** The routes that are the not-found page itself: an address no route knows, and `/404`. */
const NOT_FOUND_ROUTES = new Set(['*', '/404']);

/**
 * Whether the page at a route exists for this visitor, asked of the API with the visitor's own
 * session, so it answers exactly as the page will (a private post is not found for others, as
 * its page says). docs/product.md §Pages: every not-found page answers 404, signed in or out,
 * whether or not the server renders it, and 410 Gone where what was there was deleted. `routePath`
 * is the route's pattern (`/:username`) and
 * `param` its first parameter; a lookup that fails answers 200 and lets the page say what it can.
 */
export async function pageStatusFor(routePath: string | null, param: string | undefined, execute: ExecuteOnServer, rest?: string): Promise<PageAnswer> {
  if (routePath === null || NOT_FOUND_ROUTES.has(routePath)) return 404;
  if (routePath === '/projects/:projectSlug/*') return projectPageAnswer(param, rest, execute);
  if (routePath === '/jobs/:jobSlug') return jobPageAnswer(param, execute);
  if (routePath === '/:username/jobs') {
    const username = decodePathSegment(param ?? '');
    return username === null ? 404 : existsOrNotFound(execute, BRAND_JOBS_EXIST, { username }, 'brandJobs');
  }
  if (routePath === '/:username') {
    const username = decodePathSegment(param ?? '');
    if (username === null) return 404;
    // docs/product.md §Events: a top-level name is a profile or, failing that, an event; a name
    // neither holds is gone (410) when a deleted account held it, the profile lookup says.
    const profile = await existsOrNotFound(execute, USER_EXISTS, { username }, 'userByUsername');
    if (profile === 200) return profile;
    const event = await existsOrNotFound(execute, EVENT_EXISTS, { slug: username }, 'event');
    return event === 404 ? profile : event;
  }
  if (routePath === '/posts/:postRef') {
    const id = postIdFromRef(param);
    return id === null ? 404 : existsOrNotFound(execute, POST_EXISTS, { databaseId: id }, 'postByDatabaseId', postIsDeleted);
  }
  if (routePath === '/lists/:listId') {
    const databaseId = positiveId(param);
    return databaseId === null ? 404 : existsOrNotFound(execute, LIST_EXISTS, { databaseId }, 'listByDatabaseId');
  }
  if (routePath === '/messages/:conversationId') {
    // docs/product.md §Messages: a conversation the viewer is not in is not found, as its page says.
    const databaseId = positiveId(param);
    return databaseId === null ? 404 : existsOrNotFound(execute, CONVERSATION_EXISTS, { id: Buffer.from(`Conversation:${databaseId}`, 'utf8').toString('base64') }, 'conversation');
  }
  if (routePath === '/teams/:teamId' || routePath === '/teams/:teamId/billing') {
    const databaseId = positiveId(param);
    return databaseId === null ? 404 : existsOrNotFound(execute, TEAM_EXISTS, { databaseId }, 'teamByDatabaseId');
  }
  if (routePath.startsWith('/admin/')) return adminPageStatus(execute);
  if (routePath === '/blog/:slug' || routePath === '/help/:slug') {
    const slug = decodePathSegment(param ?? '');
    if (slug === null) return 404;
    return routePath === '/blog/:slug' ? existsOrNotFound(execute, BLOG_POST_EXISTS, { slug }, 'blogPost') : existsOrNotFound(execute, HELP_ARTICLE_EXISTS, { slug }, 'helpArticle');
  }
  return 200;
}

const PROJECT_ADDRESS = 'query PageStatusProject($publicId: String!, $slug: String) { projectByAddress(publicId: $publicId, slug: $slug) { canonicalPath slugIsCurrent } }';

/**
 * docs/product.md §Projects: an unknown project, or a private one the visitor may not see, is not
 * found; an old or wrong slug moves (301) to the current address, keeping the tab.
 */
async function projectPageAnswer(param: string | undefined, rest: string | undefined, execute: ExecuteOnServer): Promise<PageAnswer> {
  const segment = decodePathSegment(param ?? '');
  const address = segment === null ? null : parseProjectAddress(segment);
  if (!address) return 404;
  try {
    const answer = await execute({ query: PROJECT_ADDRESS, variables: address });
    const found = answer.data?.projectByAddress as { canonicalPath: string; slugIsCurrent: boolean } | null | undefined;
    if (answer.errors?.length || found === undefined) return 200;
    if (found === null) return 404;
    return found.slugIsCurrent ? 200 : { movedTo: rest ? `${found.canonicalPath}/${rest}` : found.canonicalPath };
  } catch {
    return 200;
  }
}

const JOB_ADDRESS = 'query PageStatusJob($publicId: String!, $slug: String) { jobByAddress(publicId: $publicId, slug: $slug) { canonicalPath slugIsCurrent } }';

/**
 * docs/product.md §Jobs: an unknown job, or a draft the visitor may not see, is not found; an old
 * or wrong slug (a new title, a renamed company) moves (301) to the current address.
 */
async function jobPageAnswer(param: string | undefined, execute: ExecuteOnServer): Promise<PageAnswer> {
  const segment = decodePathSegment(param ?? '');
  const address = segment === null ? null : parseJobAddress(segment);
  if (!address) return 404;
  try {
    const answer = await execute({ query: JOB_ADDRESS, variables: address });
    const found = answer.data?.jobByAddress as { canonicalPath: string; slugIsCurrent: boolean } | null | undefined;
    if (answer.errors?.length || found === undefined) return 200;
    if (found === null) return 404;
    return found.slugIsCurrent ? 200 : { movedTo: found.canonicalPath };
  } catch {
    return 200;
  }
}

const BRAND_JOBS_EXIST = 'query PageStatusBrandJobs($username: String!) { brandJobs(username: $username, first: 1) { pageInfo { hasNextPage } } }';
const USER_EXISTS = 'query PageStatusProfile($username: String!) { userByUsername(username: $username) { id } }';
const EVENT_EXISTS = 'query PageStatusEvent($slug: String!) { event(slug: $slug) { slug } }';
const POST_EXISTS = 'query PageStatusPost($databaseId: Int!) { postByDatabaseId(databaseId: $databaseId) { id isDeleted } }';

/**
 * docs/product.md §Pages: a post deleted from its network is gone (410), though its page still
 * shows what Byline keeps of it (its credits). A private one stays not found for everyone else.
 */
function postIsDeleted(found: unknown): boolean {
  return typeof found === 'object' && found !== null && (found as { isDeleted?: unknown }).isDeleted === true;
}

// docs/product.md §Blog and help: a slug with no file behind it is not found.
const BLOG_POST_EXISTS = 'query PageStatusBlogPost($slug: String!) { blogPost(slug: $slug) { slug } }';
const HELP_ARTICLE_EXISTS = 'query PageStatusHelpArticle($slug: String!) { helpArticle(slug: $slug) { slug } }';

/** A list's or team's number in its address, as their pages read it; anything else is no page. */
function positiveId(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

// Pages for signed-in people only (they ask for the viewer): a list or team the viewer may not see is null, as on its page.
const LIST_EXISTS = 'query PageStatusList($databaseId: Int!) { viewer { id } listByDatabaseId(databaseId: $databaseId) { id } }';
const TEAM_EXISTS = 'query PageStatusTeam($databaseId: Int!) { viewer { id } teamByDatabaseId(databaseId: $databaseId) { id } }';
const CONVERSATION_EXISTS = 'query PageStatusConversation($id: ID!) { viewer { id } conversation(id: $id) { id } }';
const VIEWER_SEES_ADMIN = 'query PageStatusAdmin { viewer { viewerCan { seeAdmin } } }';

/**
 * docs/product.md §Pages: admin pages are not found for everyone signed in but admins (the page
 * shows its not-found page); a signed-out visitor is sent to sign up, as on any private page.
 */
async function adminPageStatus(execute: ExecuteOnServer): Promise<PageStatus> {
  try {
    const answer = await execute({ query: VIEWER_SEES_ADMIN, variables: {} });
    const viewer = answer.data?.viewer as { viewerCan?: { seeAdmin?: boolean } } | null | undefined;
    return viewer?.viewerCan?.seeAdmin === false ? 404 : 200;
  } catch {
    return 200;
  }
}

/** Asks `query` for `field`: null or NOT_FOUND is 404, and 410 when the error says what was there is gone or `isGone` says so of what was found. */
async function existsOrNotFound(execute: ExecuteOnServer, query: string, variables: Record<string, unknown>, field: string, isGone?: (found: unknown) => boolean): Promise<PageStatus> {
  try {
    const answer = await execute({ query, variables });
    // A page only signed-in people open asks for the viewer too: signed out, the shell sends the
    // visitor to sign up rather than saying the page is not there, so it answers 200.
    if (answer.data && 'viewer' in answer.data && answer.data.viewer === null) return 200;
    // A profile that is not there is an error the API names (NOT_FOUND), saying when a deleted
    // account held the name; a post that is not there, or hidden, is null.
    const notFound = answer.errors?.find((error) => error.extensions?.code === 'NOT_FOUND');
    if (notFound) return isGoneError(notFound.extensions) ? 410 : 404;
    if (answer.errors?.length || !answer.data || !(field in answer.data)) return 200;
    const found = answer.data[field];
    if (found === null) return 404;
    return isGone?.(found) ? 410 : 200;
  } catch {
    return 200;
  }
}

/** The API's NOT_FOUND for something that was deleted carries `details.gone` (a deleted account's name). */
function isGoneError(extensions: Record<string, unknown> | undefined): boolean {
  const details = extensions?.details;
  return typeof details === 'object' && details !== null && (details as { gone?: unknown }).gone === true;
}
