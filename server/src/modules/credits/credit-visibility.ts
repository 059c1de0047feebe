import type { EntityManager } from '@mikro-orm/postgresql';
import { idArray, readRows } from '../../db/prepared-read.js';
import { requestLoader, whenLoaded } from '../../db/request-loader.js';
import DataLoader from 'dataloader';
import type { Connection } from '../../graphql/connection.js';
import { connectionFromRows, idWindow, type IdWindow, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../users/index.js';
import { Post, visiblePostsFilter, postIdsSubquery } from '../posts/index.js';
import { primeUserView, userViewColumns, userViewFromColumns } from '../users/index.js';
import { Credit } from './credit.entity.js';
import { creditStandingColumnSql, primeCreditStanding, visibleCreditSql } from './credit.policy.js';
import { creditViewColumns, creditViewFromColumns, creditViewFromPrefixedColumns, type CreditColumns, type CreditView } from './credit.view.js';

// The credited person's row comes with each credit (every credit list shows who): one round trip fewer.
const USER_PREFIX = 'credited__';
const CREDIT_COLUMNS = creditViewColumns('c');
const CREDITED_COLUMNS = userViewColumns('credited', USER_PREFIX);

// One set of loaders per request (each request forks its EntityManager), keyed by page arguments.
const pageLoaders = new WeakMap<EntityManager, Map<string, PostCreditPages>>();
const countLoaders = new WeakMap<EntityManager, DataLoader<number, number>>();

/** One page of every post's credits in a request: read by the batch; `known` once read ahead (`loadPostCreditPages`). */
interface PostCreditPages {
  known: Map<number, CreditView[]>;
  loader: DataLoader<number, CreditView[]>;
}

/**
 * The credits a rule reads (`visibleCreditSql`): `credits c`, with `posts p` joined only when the
 * rule looks at the post (a signed-out page's credits skip a lookup of every post).
 */
const creditsFrom = (rule: { readsPost: boolean }) => `"credits" c${rule.readsPost ? ' join "posts" p on p."id" = c."post_id"' : ''}`;

/** The part of the credits statement that says which rows a page holds: the viewer's rule and the cursor. */
function creditPageCondition(viewer: Viewer | null, window: IdWindow): { sql: string; params: unknown[]; readsPost: boolean } {
  const visible = visibleCreditSql(viewer);
  const cursor = window.idCondition === undefined ? null : '$lt' in window.idCondition ? { op: '<', id: window.idCondition.$lt } : { op: '>', id: window.idCondition.$gt };
  return {
    sql: `${visible.sql} ${cursor ? `and c."id" ${cursor.op} ?` : ''}`,
    params: [...visible.params, ...(cursor ? [cursor.id] : [])],
    readsPost: visible.readsPost,
  };
}

/** A credits row as a `CreditView`, its credited person handed to this request's user loader. */
function readPageCredit(em: EntityManager, row: CreditColumns & Record<string, unknown>): CreditView {
  const person = userViewFromColumns(row, USER_PREFIX);
  if (person) primeUserView(em, person);
  return creditViewFromColumns(row);
}

function creditPages(em: EntityManager, viewer: Viewer | null, page: KeysetPage): PostCreditPages {
  const window = idWindow(page, 'asc');
  const key = `${page.size}:${page.backward}:${page.cursorId ?? ''}`;
  let loaders = pageLoaders.get(em);
  if (!loaders) pageLoaders.set(em, (loaders = new Map()));
  let pages = loaders.get(key);
  if (pages) return pages;
  const known = new Map<number, CreditView[]>();
  const loader = new DataLoader(async (postIds: readonly number[]) => {
    const condition = creditPageCondition(viewer, window);
    // Prepared (db/prepared-read.ts): one statement text per viewer kind, order and cursor side.
    const rows = await readRows<CreditColumns & Record<string, unknown>>(
      em,
      `select ranked.*, ${CREDITED_COLUMNS} from (
         select ${CREDIT_COLUMNS}, row_number() over (partition by c."post_id" order by c."id" ${window.orderBy}) as "page_rank"
           from ${creditsFrom(condition)}
          where c."post_id" = any(?::int[]) and ${condition.sql}
       ) ranked
       left join "users" credited on credited."id" = ranked."user_id"
       where ranked."page_rank" <= ? order by ranked."post_id", ranked."page_rank"`,
      [idArray(postIds), ...condition.params, window.limit],
    );
    // Plain rows, not entities: a page shows them and nothing writes them back.
    const byPost = new Map<number, CreditView[]>();
    for (const row of rows) {
      const credit = readPageCredit(em, row);
      const ofPost = byPost.get(credit.post.id);
      if (ofPost) ofPost.push(credit);
      else byPost.set(credit.post.id, [credit]);
    }
    return postIds.map((id) => byPost.get(id) ?? []);
  });
  loaders.set(key, (pages = { known, loader }));
  return pages;
}

/**
 * A post's credits the viewer may see, in the order they were given, for every post on a page
 * in one statement (a window ranks each post's visible rows past the cursor), as
 * graphql/child-connections does for lists without a per-viewer rule. The rule is applied in
 * SQL so a page is never short of rows the viewer may see.
 * Answered at once when the list read the page ahead (`loadPostCreditPages`).
 */
export function visiblePostCredits(em: EntityManager, viewer: Viewer | null, postId: number, page: KeysetPage): Connection<CreditView> | Promise<Connection<CreditView>> {
  const pages = creditPages(em, viewer, page);
  let counts = countLoaders.get(em);
  if (!counts) {
    counts = new DataLoader(async (postIds: readonly number[]) => {
      const visible = visibleCreditSql(viewer);
      const rows = await readRows<{ post_id: number; total: string | number }>(
        em,
        `select c."post_id", count(*) as total
           from ${creditsFrom(visible)}
          where c."post_id" = any(?::int[]) and ${visible.sql}
          group by c."post_id"`,
        [idArray(postIds), ...visible.params],
      );
      const totals = new Map(rows.map((row) => [Number(row.post_id), Number(row.total)]));
      return postIds.map((id) => totals.get(id) ?? 0);
    });
    countLoaders.set(em, counts);
  }
  const countLoader = counts;
  const connection = (fetched: readonly CreditView[]) => connectionFromRows(fetched, page, (credit) => credit.id, () => countLoader.load(postId));
  return whenLoaded(pages.known.get(postId) ?? pages.loader.load(postId), connection);
}

/**
 * Reads page `page` of the credits of every post of a list now, in the statement the credits
 * fields would send (`visiblePostCredits`), and keeps it for them: they then answer at once, so
 * graphql-js completes the list's posts without a promise each. For a list whose page of posts
 * is all there is to wait for (explore). A failed read is left to the fields, which report it.
 */
export async function loadPostCreditPages(em: EntityManager, viewer: Viewer | null, page: KeysetPage, postIds: readonly number[]): Promise<void> {
  if (postIds.length === 0) return;
  const pages = creditPages(em, viewer, page);
  const loaded = await pages.loader.loadMany(postIds);
  loaded.forEach((credits, index) => {
    if (!(credits instanceof Error)) pages.known.set(postIds[index]!, credits);
  });
}

const ADDER_PREFIX = 'adder__';
const ADDER_COLUMNS = userViewColumns('adder', ADDER_PREFIX);
const STANDING_COLUMN = 'viewer_credit_standing';

/**
 * The credits (`which`: a condition on `credits c`) the viewer may see, as a statement: the two
 * rules, the post's (post.policy's filter, as a subquery) and the credit's, with the credited
 * person and whoever added it joined in, and the viewer's standing on the credit's post
 * (`viewerCan`). The credit's columns named `${prefix}…`.
 */
function visibleCreditsStatement(em: EntityManager, viewer: Viewer | null, which: { sql: string; params: unknown[] }, prefix: string): { sql: string; params: unknown[] } {
  const visible = visibleCreditSql(viewer);
  const visiblePosts = postIdsSubquery(em, visiblePostsFilter(viewer));
  const standing = creditStandingColumnSql(viewer);
  return {
    sql: `select ${creditViewColumns('c', prefix)}, ${CREDITED_COLUMNS}, ${ADDER_COLUMNS}
                 ${standing ? `, ${standing.sql} as "${prefix}${STANDING_COLUMN}"` : ''}
            from "credits" c
            join "posts" p on p."id" = c."post_id"
            left join "users" credited on credited."id" = c."user_id"
            left join "users" adder on adder."id" = c."added_by_id"
           where ${which.sql} and ${visible.sql} and c."post_id" in (${visiblePosts.sql})`,
    params: [...(standing?.params ?? []), ...which.params, ...visible.params, ...visiblePosts.params],
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
  const standing = row[`${prefix}${STANDING_COLUMN}`];
  if (viewer && standing !== undefined) primeCreditStanding(em, viewer, credit.post.id, standing);
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
