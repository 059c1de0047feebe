import type { EntityManager } from '@mikro-orm/postgresql';
import { idArray, readRows } from '../../db/prepared-read.js';
import { requestLoader } from '../../db/request-loader.js';
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
import { creditViewColumns, creditViewFromColumns, creditViewFromPrefixedColumns, type CreditColumns, type CreditView } from './credit.view.js';

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
const MAY_CREDIT_COLUMN = 'viewer_may_credit';

/**
 * The credits (`which`: a condition on `credits c`) the viewer may see, as a statement: the two
 * rules, the post's (post.policy's filter, as a subquery) and the credit's, with the credited
 * person and whoever added it joined in, and whether the viewer may credit others on the credit's
 * post (`viewerCan`). The credit's columns named `${prefix}…`.
 */
function visibleCreditsStatement(em: EntityManager, viewer: Viewer | null, which: { sql: string; params: unknown[] }, prefix: string): { sql: string; params: unknown[] } {
  const visible = visibleCreditSql(viewer);
  const visiblePosts = postIdsSubquery(em, visiblePostsFilter(viewer));
  const mayCredit = mayCreditOthersColumnSql(viewer);
  return {
    sql: `select ${creditViewColumns('c', prefix)}, ${CREDITED_COLUMNS}, ${ADDER_COLUMNS}
                 ${mayCredit ? `, ${mayCredit.sql} as "${prefix}${MAY_CREDIT_COLUMN}"` : ''}
            from "credits" c
            join "posts" p on p."id" = c."post_id"
            left join "users" credited on credited."id" = c."user_id"
            left join "users" adder on adder."id" = c."added_by_id"
           where ${which.sql} and ${visible.sql} and c."post_id" in (${visiblePosts.sql})`,
    params: [...(mayCredit?.params ?? []), ...which.params, ...visible.params, ...visiblePosts.params],
  };
}

/** The credit a `visibleCreditsStatement` row carries; its people and the creditor answer go to this request's loaders. */
function readVisibleCredit(em: EntityManager, viewer: Viewer | null, row: Record<string, unknown>, prefix: string): CreditView | null {
  const credit = creditViewFromPrefixedColumns(row, prefix);
  if (!credit) return null;
  for (const people of [USER_PREFIX, ADDER_PREFIX]) {
    const person = userViewFromColumns(row, people);
    if (person) primeUserView(em, person);
  }
  const mayCredit = row[`${prefix}${MAY_CREDIT_COLUMN}`];
  // SQL's null (a post nobody created through Byline, say) is a no, as in a where clause.
  if (viewer && mayCredit !== undefined) primeMayCreditOthersOn(em, viewer, credit.post.id, mayCredit === true);
  return credit;
}

/**
 * `loadVisibleCredits` for pages that only show the credits (notifications): the same rules in one
 * statement, as plain rows (nothing writes them back). See `visibleCreditsStatement`.
 */
export async function loadVisibleCreditViews(em: EntityManager, viewer: Viewer | null, ids: readonly number[]): Promise<CreditView[]> {
  if (ids.length === 0) return [];
  const statement = visibleCreditsStatement(em, viewer, { sql: `c."id" = any(?::int[])`, params: [idArray(ids)] }, '');
  const rows = await readRows<Record<string, unknown>>(em, statement.sql, statement.params);
  return rows.flatMap((row) => readVisibleCredit(em, viewer, row, '') ?? []);
}

interface CreditQuestion {
  viewer: Viewer | null;
  creditId: number;
}

// A notification's credit, by id, as the viewer of the request may see it (null otherwise).
const visibleCreditsById = requestLoader<CreditQuestion, CreditView | null>(
  async (em, questions) => {
    const found = new Map((await loadVisibleCreditViews(em, questions[0]?.viewer ?? null, questions.map((question) => question.creditId))).map((credit) => [credit.id, credit]));
    return questions.map((question) => found.get(question.creditId) ?? null);
  },
  // A request has one viewer.
  (question) => question.creditId,
);

/** The credit with this id if the viewer may see it, else null: one statement for a page's credits, or none when its rows brought them (`visibleCreditJoin`). */
export function loadVisibleCreditView(em: EntityManager, viewer: Viewer | null, creditId: number): CreditView | null | Promise<CreditView | null> {
  return visibleCreditsById.load(em, { viewer, creditId });
}

/** A credit read by a lateral join into another statement (`visibleCreditJoin`). */
export interface VisibleCreditJoin {
  /** `left join lateral (…) on true`, to put after the statement's `from`; its parameters follow. */
  sql: string;
  params: unknown[];
  /** The joined columns, for the statement's select list. */
  columns: string;
  /** Hands the row's credit `creditId` (or that the viewer may not see it) to `loadVisibleCreditView`, with its people. */
  prime(row: Record<string, unknown>, creditId: number): void;
}

const JOINED_PREFIX = 'visible_credit__';

/**
 * The credit each row of another statement names (`creditIdSql`, a column of that statement) as
 * the viewer may see it, read in that same statement: a page of notifications and their credits
 * in one round trip instead of two. The rules are `loadVisibleCreditViews`' own.
 */
export function visibleCreditJoin(em: EntityManager, viewer: Viewer | null, creditIdSql: string): VisibleCreditJoin {
  const statement = visibleCreditsStatement(em, viewer, { sql: `c."id" = ${creditIdSql}`, params: [] }, JOINED_PREFIX);
  return {
    sql: `left join lateral (${statement.sql}) "visible_credit" on true`,
    params: statement.params,
    columns: '"visible_credit".*',
    prime(row, creditId) {
      visibleCreditsById.prime(em, { viewer, creditId }, readVisibleCredit(em, viewer, row, JOINED_PREFIX));
    },
  };
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
