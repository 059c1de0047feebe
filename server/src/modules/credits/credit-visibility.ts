import type { EntityManager } from '@mikro-orm/postgresql';
import { idArray, readRows } from '../../db/prepared-read.js';
import DataLoader from 'dataloader';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, idWindow, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { Post } from '../posts/post.entity.js';
import { primeUserView, userViewColumns, userViewFromColumns } from '../users/user.view.js';
import { visiblePostsFilter } from '../posts/post.policy.js';
import { postIdsSubquery } from '../posts/post.view.js';
import { Credit } from './credit.entity.js';
import { mayCreditOthersColumnSql, primeMayCreditOthersOn, visibleCreditSql } from './credit.policy.js';
import { creditViewColumns, creditViewFromColumns, type CreditColumns, type CreditView } from './credit.view.js';

// The credited person's row comes with each credit (every credit list shows who): one round trip fewer.
const USER_PREFIX = 'credited__';
const CREDIT_COLUMNS = creditViewColumns('c');
const CREDITED_COLUMNS = userViewColumns('credited', USER_PREFIX);

// One set of loaders per request (each request forks its EntityManager), keyed by page arguments.
const pageLoaders = new WeakMap<EntityManager, Map<string, DataLoader<number, CreditView[]>>>();
const countLoaders = new WeakMap<EntityManager, DataLoader<number, number>>();

/**
 * A post's credits the viewer may see, in the order they were given, for every post on a page
 * in one statement (a window ranks each post's visible rows past the cursor), as
 * graphql/child-connections does for lists without a per-viewer rule. The rule is applied in
 * SQL so a page is never short of rows the viewer may see.
 */
export async function visiblePostCredits(em: EntityManager, viewer: Viewer | null, postId: number, page: KeysetPage): Promise<Connection<CreditView>> {
  const window = idWindow(page, 'asc');
  const key = `${page.size}:${page.backward}:${page.cursorId ?? ''}`;
  let loaders = pageLoaders.get(em);
  if (!loaders) pageLoaders.set(em, (loaders = new Map()));
  let pages = loaders.get(key);
  if (!pages) {
    pages = new DataLoader(async (postIds: readonly number[]) => {
      const visible = visibleCreditSql(viewer);
      const cursor = window.idCondition === undefined ? null : '$lt' in window.idCondition ? { op: '<', id: window.idCondition.$lt } : { op: '>', id: window.idCondition.$gt };
      // Prepared (db/prepared-read.ts): one statement text per viewer kind, order and cursor side.
      const rows = await readRows<CreditColumns & Record<string, unknown>>(
        em,
        `select ranked.*, ${CREDITED_COLUMNS} from (
           select ${CREDIT_COLUMNS}, row_number() over (partition by c."post_id" order by c."id" ${window.orderBy}) as "page_rank"
             from "credits" c
             join "posts" p on p."id" = c."post_id"
            where c."post_id" = any(?::int[]) and ${visible.sql} ${cursor ? `and c."id" ${cursor.op} ?` : ''}
         ) ranked
         left join "users" credited on credited."id" = ranked."user_id"
         where ranked."page_rank" <= ? order by ranked."post_id", ranked."page_rank"`,
        [idArray(postIds), ...visible.params, ...(cursor ? [cursor.id] : []), window.limit],
      );
      // Plain rows, not entities: a page shows them and nothing writes them back.
      const byPost = new Map<number, CreditView[]>();
      for (const row of rows) {
        const person = userViewFromColumns(row, USER_PREFIX);
        if (person) primeUserView(em, person);
        const credit = creditViewFromColumns(row);
        const ofPost = byPost.get(credit.post.id);
        if (ofPost) ofPost.push(credit);
        else byPost.set(credit.post.id, [credit]);
      }
      return postIds.map((id) => byPost.get(id) ?? []);
    });
    loaders.set(key, pages);
  }
  let counts = countLoaders.get(em);
  if (!counts) {
    counts = new DataLoader(async (postIds: readonly number[]) => {
      const visible = visibleCreditSql(viewer);
      const rows = await readRows<{ post_id: number; total: string | number }>(
        em,
        `select c."post_id", count(*) as total
           from "credits" c
           join "posts" p on p."id" = c."post_id"
          where c."post_id" = any(?::int[]) and ${visible.sql}
          group by c."post_id"`,
        [idArray(postIds), ...visible.params],
      );
      const totals = new Map(rows.map((row) => [Number(row.post_id), Number(row.total)]));
      return postIds.map((id) => totals.get(id) ?? 0);
    });
    countLoaders.set(em, counts);
  }
  const fetched = await pages.load(postId);
  const countLoader = counts;
  return connectionFromRows(fetched, page, (credit) => credit.id, () => countLoader.load(postId));
}

const ADDER_PREFIX = 'adder__';
const ADDER_COLUMNS = userViewColumns('adder', ADDER_PREFIX);

/**
 * `loadVisibleCredits` for pages that only show the credits (notifications): the same two rules,
 * the post's (from post.policy's filter, as a subquery) and the credit's, in one statement, with
 * the credited person and whoever added it joined in and handed to this request's user loader,
 * and whether the viewer may credit others on each credit's post (`viewerCan`) handed to
 * `mayCreditOthersOn`. Plain rows, no entities: nothing writes them back.
 */
export async function loadVisibleCreditViews(em: EntityManager, viewer: Viewer | null, ids: readonly number[]): Promise<CreditView[]> {
  if (ids.length === 0) return [];
  const visible = visibleCreditSql(viewer);
  const visiblePosts = postIdsSubquery(em, visiblePostsFilter(viewer));
  const mayCredit = mayCreditOthersColumnSql(viewer);
  const rows = await readRows<CreditColumns & { viewer_may_credit?: boolean | null } & Record<string, unknown>>(
    em,
    `select ${CREDIT_COLUMNS}, ${CREDITED_COLUMNS}, ${ADDER_COLUMNS}
            ${mayCredit ? `, ${mayCredit.sql} as "viewer_may_credit"` : ''}
       from "credits" c
       join "posts" p on p."id" = c."post_id"
       left join "users" credited on credited."id" = c."user_id"
       left join "users" adder on adder."id" = c."added_by_id"
      where c."id" = any(?::int[]) and ${visible.sql} and c."post_id" in (${visiblePosts.sql})`,
    [...(mayCredit?.params ?? []), idArray(ids), ...visible.params, ...visiblePosts.params],
  );
  return rows.map((row) => {
    for (const prefix of [USER_PREFIX, ADDER_PREFIX]) {
      const person = userViewFromColumns(row, prefix);
      if (person) primeUserView(em, person);
    }
    const credit = creditViewFromColumns(row);
    // SQL's null (a post nobody created through Byline, say) is a no, as in a where clause.
    if (viewer && row.viewer_may_credit !== undefined) primeMayCreditOthersOn(em, viewer, credit.post.id, row.viewer_may_credit === true);
    return credit;
  });
}

/**
 * The credits among `ids` the viewer may see: on a post they may see (the post's own rule) and
 * by the credit rule. One statement for the credits, one for their posts' visibility. node(id:),
 * mutations' answers and notifications all come through here, so none shows more than a post page.
 */
export async function loadVisibleCredits(em: EntityManager, viewer: Viewer | null, ids: readonly number[]): Promise<Credit[]> {
  if (ids.length === 0) return [];
  const visible = visibleCreditSql(viewer);
  const rows = await em.execute<Array<{ id: number }>>(
    `select c."id" from "credits" c
       join "posts" p on p."id" = c."post_id"
      where c."id" in (?) and ${visible.sql}`,
    [[...ids], ...visible.params],
  );
  if (rows.length === 0) return [];
  return em.find(Credit, { id: { $in: rows.map((row) => Number(row.id)) }, post: visiblePostsFilter(viewer) as object as Post });
}
