import { raw, type FilterQuery, type QueryOrderMap } from '@mikro-orm/core';
import type { EntityManager, QBFilterQuery } from '@mikro-orm/postgresql';
import type { PostType } from '../../../../domain/enums.js';
import { timestampFromColumn } from '../../db/references.js';
import { primeSocialAccountView, socialAccountViewColumns, socialAccountViewFromColumns } from '../networks/index.js';
import { FilterQueryCache, type QueryToRun } from '../../db/filter-query-cache.js';
import { readRows } from '../../db/prepared-read.js';
import { Post, type ImportStatus } from './post.entity.js';

/**
 * What the GraphQL `Post` type reads of a post: a `Post` entity fits, and so does a row read for
 * display only (`findPostViews`), which skips the ORM's hydration, identity map, reference shells
 * and collections (building entities was about a quarter of the feed's CPU). Relations are ids;
 * field resolvers load them through batched loaders.
 */
export interface PostView {
  id: number;
  network: { id: number };
  account: { id: number };
  createdBy: { id: number } | null;
  url: string;
  caption: string | null;
  thumbnailUrl: string | null;
  thumbnailStoredAt: Date | null;
  type: PostType;
  isPrivate: boolean;
  postedAt: Date | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  shares: number | null;
  statsRefreshedAt: Date | null;
  importStatus: ImportStatus;
  isDeleted: boolean;
  createdAt: Date;
}

/** The posts columns a `PostView` is made of, as the query builder returns them unmapped. */
interface PostColumns {
  id: number;
  network_id: number;
  account_id: number;
  created_by_id: number | null;
  url: string;
  caption: string | null;
  thumbnail_url: string | null;
  thumbnail_stored_at: string | Date | null;
  type: PostType;
  is_private: boolean;
  posted_at: string | Date | null;
  views: string | number | null;
  likes: string | number | null;
  comments: string | number | null;
  shares: string | number | null;
  stats_refreshed_at: string | Date | null;
  import_status: ImportStatus;
  is_deleted: boolean;
  created_at: string | Date;
}

// Spelled as columns: selecting a relation's property would select the joined row's key instead
// when a filter joins that relation (explore's words join the account).
const COLUMNS: ReadonlyArray<keyof PostColumns> = [
  'id', 'network_id', 'account_id', 'created_by_id', 'url', 'caption', 'thumbnail_url', 'thumbnail_stored_at', 'type', 'is_private',
  'posted_at', 'views', 'likes', 'comments', 'shares', 'stats_refreshed_at', 'import_status', 'is_deleted', 'created_at',
];
// Each post's account comes in the same statement (every page shows it): one round trip fewer.
const ACCOUNT_PREFIX = 'account__';
const POST_SELECT_LIST = COLUMNS.map((column) => `"p"."${column}"`).join(', ');
const ACCOUNT_SELECT_LIST = socialAccountViewColumns('post_account', ACCOUNT_PREFIX);

const timestampOrNull = (value: string | Date | null) => (value === null ? null : timestampFromColumn(value));
// bigint columns come back as text; the counts stay within 2^53 (GraphQLSafeInt says so).
const countOrNull = (value: string | number | null) => (value === null ? null : Number(value));

function postViewFromColumns(row: PostColumns): PostView {
  return {
    id: Number(row.id),
    network: { id: Number(row.network_id) },
    account: { id: Number(row.account_id) },
    createdBy: row.created_by_id === null ? null : { id: Number(row.created_by_id) },
    url: row.url,
    caption: row.caption,
    thumbnailUrl: row.thumbnail_url,
    thumbnailStoredAt: timestampOrNull(row.thumbnail_stored_at),
    type: Number(row.type) as PostType,
    isPrivate: row.is_private,
    postedAt: timestampOrNull(row.posted_at),
    views: countOrNull(row.views),
    likes: countOrNull(row.likes),
    comments: countOrNull(row.comments),
    shares: countOrNull(row.shares),
    statsRefreshedAt: timestampOrNull(row.stats_refreshed_at),
    importStatus: row.import_status,
    isDeleted: row.is_deleted,
    createdAt: timestampFromColumn(row.created_at),
  };
}

export interface PostViewQuery {
  orderBy: QueryOrderMap<Post> | Array<QueryOrderMap<Post>>;
  limit: number;
  offset?: number;
  /**
   * False when the best plan depends on the filter's values (explore's words or tags): the
   * statement is then planned on every run instead of prepared (db/prepared-read.ts).
   */
  prepare?: boolean;
}

const ORDER_DIRECTION = /^(asc|desc)( nulls (first|last))?$/i;

/** `orderBy` as an ORDER BY list over the page's rows (`"post_page"`, which carry the posts' own column names). */
function pageOrderSql(em: EntityManager, orderBy: PostViewQuery['orderBy']): string {
  const properties = em.getMetadata().get(Post).properties;
  return (Array.isArray(orderBy) ? orderBy : [orderBy])
    .flatMap((order) => Object.entries(order))
    .map(([property, direction]) => {
      const column = properties[property as keyof typeof properties]?.fieldNames[0];
      if (!column || typeof direction !== 'string' || !ORDER_DIRECTION.test(direction)) throw new Error(`posts cannot be ordered by ${property} ${String(direction)}`);
      return `"post_page"."${column}" ${direction}`;
    })
    .join(', ');
}

/**
 * The posts query for `where`, built by the query builder (`findPostViews` builds it once per
 * filter shape): the page of posts first, then each one's account. Joined before the limit, the
 * planner put a Memoize in front of the accounts' index sized for the hundreds of thousands of
 * posts it might walk, whose hash table cost more than the page: at 1,000,000 posts the signed-out
 * feed's statement ran in 0.16 ms on a warm connection (1.3 ms on a new one) and 0.06 ms this way.
 */
export function buildPostViewsQuery(em: EntityManager, where: FilterQuery<Post>, [limit, offset]: readonly number[], orderBy: PostViewQuery['orderBy']) {
  const posts = em
    .createQueryBuilder(Post, 'p')
    .select(raw(POST_SELECT_LIST))
    .where(where as QBFilterQuery<Post>)
    .orderBy(orderBy)
    .limit(limit as number);
  const page = offset === undefined ? posts : posts.offset(offset);
  const withAccounts = (postsSql: string) =>
    `select "post_page".*, ${ACCOUNT_SELECT_LIST} from (${postsSql}) "post_page"
       join "social_accounts" "post_account" on "post_account"."id" = "post_page"."account_id"
      order by ${pageOrderSql(em, orderBy)}`;
  return {
    toQuery: () => {
      const { sql, params } = page.toQuery();
      return { sql: withAccounts(sql), params };
    },
    getFormattedQuery: () => withAccounts(page.getFormattedQuery()),
  };
}

// Built once per filter shape (explore's filters, the viewer kinds), not on every request: the
// ORM filter stays the rule; the cache only skips turning it into the same SQL text again.
const postViewQueries = new FilterQueryCache<Post, PostViewQuery['orderBy']>(buildPostViewsQuery, (orderBy) => JSON.stringify(orderBy));

// The ids of the posts a filter (post.policy's visibility rule, and narrowing) lets through, as a
// subquery for other statements (notifications' credits, portfolios): built once per filter shape.
const visiblePostIdQueries = new FilterQueryCache<Post, null>(
  (em, where) => em.createQueryBuilder(Post, 'visible_post').select('visible_post.id').where(where as QBFilterQuery<Post>),
  () => '',
);

/** `select visible_post.id from posts …` for `where`, to put inside `in (…)`. */
export function postIdsSubquery(em: EntityManager, where: FilterQuery<Post>): QueryToRun {
  return visiblePostIdQueries.toQuery(em, where, [], null);
}

// The same, with what a portfolio's totals take from each post (the creator search adds up the
// posts only its viewer may see): read with the ids, so no second lookup of each post follows.
const postNumberQueries = new FilterQueryCache<Post, null>(
  (em, where) => em.createQueryBuilder(Post, 'visible_post').select(['visible_post.id', 'visible_post.views', 'visible_post.network']).where(where as QBFilterQuery<Post>),
  () => '',
);

/** `select visible_post.id, views, network_id from posts …` for `where`. */
export function postNumbersQuery(em: EntityManager, where: FilterQuery<Post>): QueryToRun {
  return postNumberQueries.toQuery(em, where, [], null);
}

/** The statement `findPostViews` runs (for its test). */
export function postViewsQuery(em: EntityManager, where: FilterQuery<Post>, { orderBy, limit, offset }: PostViewQuery): QueryToRun {
  // No offset at all rather than `offset 0`: the builder leaves a zero out, a stand-in it would not.
  return postViewQueries.toQuery(em, where, offset ? [limit, offset] : [limit], orderBy);
}

/**
 * Posts matching `where` (an ORM filter, so the visibility rule stays in post.policy) as plain
 * rows, for pages that only show them: one statement, which also reads each post's account and
 * hands it to this request's account loader (`primeSocialAccountView`).
 */
export async function findPostViews(em: EntityManager, where: FilterQuery<Post>, page: PostViewQuery): Promise<PostView[]> {
  const { sql, params } = postViewsQuery(em, where, page);
  const rows = await readRows<PostColumns & Record<string, unknown>>(em, sql, params, { prepare: page.prepare ?? true });
  return rows.map((row) => {
    const account = socialAccountViewFromColumns(row, ACCOUNT_PREFIX);
    if (account) primeSocialAccountView(em, account);
    return postViewFromColumns(row);
  });
}
