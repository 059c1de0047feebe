import type { EntityManager } from '@mikro-orm/postgresql';
import { isNetworkId } from '../../../../../domain/networks.js';
import { MAX_INT_ID } from '../../../db/id-range.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import { unstorableTextMessage } from '../../../errors/unstorable-text.js';
import type { Connection } from '../../../graphql/connection.js';
import { parseGlobalId } from '../../../graphql/global-id.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type ForwardPageArgs } from '../../../graphql/pagination.js';
import type { Viewer } from '../../users/index.js';
import { Post, type ImportStatus, servedThumbnailUrl, visiblePostSql } from '../../posts/index.js';
import { MY_POST_IDS_SQL, myPostsParams } from './my-posts.sql.js';
import type { ManagerPost, ManagerPostFilter, ManagerPostSort, ManagerSortField, SortDirection } from './manager-posts.types.js';

/** Each sort column as a never-null SQL expression (so keyset comparisons hold) and its type for the cursor. */
const SORT_COLUMNS: Readonly<Record<ManagerSortField, { sql: string; type: 'timestamptz' | 'bigint' | 'int' | 'text' }>> = {
  tracked_at: { sql: 'tracked_at', type: 'timestamptz' },
  posted_at: { sql: `coalesce(posted_at, '-infinity')`, type: 'timestamptz' },
  network: { sql: 'network_id', type: 'int' },
  account: { sql: `coalesce(lower(account_handle), '')`, type: 'text' },
  import_status: { sql: 'import_status', type: 'text' },
  views: { sql: 'coalesce(views, -1)', type: 'bigint' },
  likes: { sql: 'coalesce(likes, -1)', type: 'bigint' },
  comments: { sql: 'coalesce(comments, -1)', type: 'bigint' },
  last_refreshed: { sql: `coalesce(stats_refreshed_at, '-infinity')`, type: 'timestamptz' },
  credits: { sql: 'credit_count', type: 'int' },
};

const DEFAULT_SORT: ManagerPostSort = { field: 'tracked_at', direction: 'desc' };
/** The CSV carries the whole filtered table, up to this many rows (what a spreadsheet handles well). */
export const MANAGER_CSV_MAX_ROWS = 5_000;

interface ManagerRow {
  row_key: number;
  post_id: number | null;
  url: string;
  network_id: number;
  account_handle: string | null;
  account_name: string | null;
  posted_at: Date | string | null;
  import_status: ImportStatus;
  import_message: string | null;
  is_deleted: boolean;
  views: string | number | null;
  likes: string | number | null;
  comments: string | number | null;
  stats_refreshed_at: Date | string | null;
  thumbnail_stored_at: Date | null;
  credit_count: number;
  tracked_at: Date | string;
  sort_value: string;
}

interface Cursor {
  field: ManagerSortField;
  value: string;
  key: number;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.field, cursor.value, cursor.key])).toString('base64url');
}

/** A row's key: a post's id, or a pending link's id negated (both `int` columns). */
function isRowKey(value: unknown): value is number {
  return Number.isInteger(value) && Math.abs(value as number) <= MAX_INT_ID;
}

/** The cursor is base64, so the edge guards never saw the text inside it. */
function isStorableText(value: unknown): value is string {
  return typeof value === 'string' && unstorableTextMessage(value) === null;
}

function decodeCursor(text: string, field: ManagerSortField): Cursor {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed[0] === field && isStorableText(parsed[1]) && isRowKey(parsed[2])) {
      return { field, value: parsed[1], key: parsed[2] };
    }
  } catch {
    // fall through: any malformed cursor gets the same answer
  }
  throw new InvalidInput('Invalid cursor');
}

/**
 * All the viewer's rows as one statement: visible posts of theirs, plus their links without a
 * post yet (pending or failed imports, not already a post they can see under the same identity:
 * a failed link to someone else's private post shows as failed, as any unknown link does).
 */
function rowsSql(viewer: Viewer): { sql: string; params: unknown[] } {
  const visible = visiblePostSql(viewer);
  const userId = viewer.user.id;
  return {
    sql: `
      select p.id as row_key, p.id as post_id, p.url, p.network_id, a.handle as account_handle, a.display_name as account_name,
             p.posted_at, p.import_status, p.import_error as import_message, p.is_deleted, p.views, p.likes, p.comments,
             p.stats_refreshed_at, p.thumbnail_stored_at,
             (select count(*)::int from credits c where c.post_id = p.id and c.status = 'accepted' and c.user_id is not null) as credit_count,
             coalesce((select min(tr.created_at) from post_track_requests tr where tr.user_id = ? and tr.network_id = p.network_id and tr.external_id = p.external_id), p.created_at) as tracked_at
        from (${MY_POST_IDS_SQL}) mine
        join posts p on p.id = mine.id
        join social_accounts a on a.id = p.account_id
       where ${visible.sql}
      union all
      select -r.id, null, r.url, r.network_id, null, null, null, case when r.status = 'failed' then 'failed' else 'pending' end, r.message, false,
             null, null, null, null, null, 0, r.created_at
        from post_track_requests r
       where r.user_id = ? and r.post_id is null and r.status in ('pending', 'failed')
         and not exists (select 1 from posts p where p.network_id = r.network_id and p.external_id = r.external_id and ${visible.sql})`,
    params: [userId, ...myPostsParams(viewer), ...visible.params, userId, ...visible.params],
  };
}

function filterSql(filter: ManagerPostFilter | null | undefined): { sql: string; params: unknown[] } {
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (!filter) return { sql: 'true', params };
  if (filter.networkIds) {
    if (filter.networkIds.length > 11) throw new InvalidInput('networkIds may name at most 11 networks');
    const ids = filter.networkIds.map((id) => parseGlobalId(id, 'Network'));
    if (!ids.every(isNetworkId)) throw new InvalidInput('Invalid id');
    conditions.push(`network_id in (?)`);
    params.push(ids);
  }
  if (filter.importStatuses) {
    conditions.push(`import_status in (?)`);
    params.push(filter.importStatuses);
  }
  const account = filter.account?.trim();
  if (account) {
    if (account.length > 200) throw new InvalidInput('account must be at most 200 characters');
    conditions.push(`(account_handle ilike ? or account_name ilike ?)`);
    const pattern = `%${account.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(pattern, pattern);
  }
  const add = (sql: string, value: unknown) => {
    conditions.push(sql);
    params.push(value);
  };
  if (filter.postedFrom) add('posted_at >= ?', filter.postedFrom);
  if (filter.postedBefore) add('posted_at < ?', filter.postedBefore);
  if (filter.minViews != null) add('views >= ?', filter.minViews);
  if (filter.minLikes != null) add('likes >= ?', filter.minLikes);
  if (filter.minComments != null) add('comments >= ?', filter.minComments);
  if (filter.refreshedBefore) add('(stats_refreshed_at is null or stats_refreshed_at < ?)', filter.refreshedBefore);
  if (filter.credited === true) conditions.push('credit_count > 0');
  if (filter.credited === false) conditions.push('credit_count = 0');
  return { sql: conditions.length ? conditions.join(' and ') : 'true', params };
}

async function fetchRows(
  em: EntityManager,
  viewer: Viewer,
  options: { filter?: ManagerPostFilter | null; sort?: ManagerPostSort | null; after: Cursor | null; limit: number },
): Promise<ManagerRow[]> {
  const sort = options.sort ?? DEFAULT_SORT;
  const column = SORT_COLUMNS[sort.field];
  const direction: SortDirection = sort.direction === 'asc' ? 'asc' : 'desc';
  const rows = rowsSql(viewer);
  const filter = filterSql(options.filter);
  const keyset = options.after ? `and (sort_value, row_key) ${direction === 'desc' ? '<' : '>'} (?::${column.type}, ?)` : '';
  const keysetParams = options.after ? [options.after.value, options.after.key] : [];
  return em
    .execute<ManagerRow[]>(
      `select * from (select r.*, ${column.sql} as sort_value, (${column.sql})::text as sort_text from (${rows.sql}) r) ranked
        where ${filter.sql} ${keyset}
        order by sort_value ${direction}, row_key ${direction}
        limit ?`,
      [...rows.params, ...filter.params, ...keysetParams, options.limit],
    )
    .catch((error: unknown) => {
      // A cursor's value is PostgreSQL's own text of the sort column; one it cannot read back as
      // that column's type (a date that is no date, a number past the column) was not ours.
      if (options.after && isDataException(error)) throw new InvalidInput('Invalid cursor');
      throw error;
    });
}

/** PostgreSQL's class 22: a value it could not take as the type asked for. */
function isDataException(error: unknown): boolean {
  const code = (error as { code?: unknown; sqlState?: unknown }).code ?? (error as { sqlState?: unknown }).sqlState;
  return typeof code === 'string' && code.startsWith('22');
}

/** The driver may hand timestamps over as text; the API speaks Dates. */
function toDate(value: Date | string | null): Date | null {
  return value === null ? null : new Date(value);
}

function toManagerPost(row: ManagerRow & { sort_text?: string }, post: Post | null): ManagerPost {
  const count = (value: string | number | null) => (value === null ? null : Number(value));
  return {
    rowKey: row.row_key,
    postId: row.post_id,
    post,
    url: row.url,
    networkDatabaseId: row.network_id,
    accountHandle: row.account_handle,
    accountName: row.account_name,
    thumbnailUrl: row.post_id ? servedThumbnailUrl({ id: row.post_id, thumbnailStoredAt: row.thumbnail_stored_at }, 80) : null,
    postedAt: toDate(row.posted_at),
    importStatus: row.import_status,
    importError: row.import_message,
    isDeleted: row.is_deleted,
    views: count(row.views),
    likes: count(row.likes),
    comments: count(row.comments),
    lastRefreshedAt: toDate(row.stats_refreshed_at),
    creditCount: row.credit_count,
    trackedAt: toDate(row.tracked_at)!,
  };
}

/** The Content Manager table, one keyset page: one statement for the rows and one for their posts. */
export async function listManagerPosts(
  em: EntityManager,
  viewer: Viewer,
  args: ForwardPageArgs & { filter?: ManagerPostFilter | null; sort?: ManagerPostSort | null },
): Promise<Connection<ManagerPost>> {
  const size = args.first ?? DEFAULT_PAGE_SIZE;
  if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
  const field = (args.sort ?? DEFAULT_SORT).field;
  const after = args.after ? decodeCursor(args.after, field) : null;
  const fetched = await fetchRows(em, viewer, { filter: args.filter, sort: args.sort, after, limit: size + 1 });
  const rows = fetched.slice(0, size) as Array<ManagerRow & { sort_text: string }>;
  const postIds = rows.flatMap((row) => (row.post_id ? [row.post_id] : []));
  const posts = postIds.length ? await em.find(Post, { id: { $in: postIds } }) : [];
  const byId = new Map(posts.map((post) => [post.id, post]));
  const nodes = rows.map((row) => toManagerPost(row, row.post_id ? (byId.get(row.post_id) ?? null) : null));
  const edges = rows.map((row, index) => ({ cursor: encodeCursor({ field, value: row.sort_text, key: row.row_key }), node: nodes[index]! }));
  return {
    edges,
    nodes,
    pageInfo: { hasNextPage: fetched.length > size, hasPreviousPage: after !== null, startCursor: edges[0]?.cursor ?? null, endCursor: edges.at(-1)?.cursor ?? null },
  };
}

/** Every row of the filtered, sorted table (up to MANAGER_CSV_MAX_ROWS), in one statement. */
export async function allManagerPosts(em: EntityManager, viewer: Viewer, args: { filter?: ManagerPostFilter | null; sort?: ManagerPostSort | null }): Promise<ManagerPost[]> {
  const rows = await fetchRows(em, viewer, { ...args, after: null, limit: MANAGER_CSV_MAX_ROWS });
  return rows.map((row) => toManagerPost(row, null));
}
