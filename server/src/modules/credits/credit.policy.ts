import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requestLoader, whenLoaded } from '../../db/request-loader.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import { teamManagedPostSql } from './team-managed-posts.sql.js';
import type { Credit } from './credit.entity.js';
import type { CreditView } from './credit.view.js';

/**
 * Credits everyone may see and count (profiles, portfolios, totals, collaborators, search,
 * schema.org): accepted, and held by a Byline user. Other modules use this instead of spelling
 * the rule again. Combine it with `$and` (spreading would let a `user` key overwrite it).
 *
 * MikroORM rewrites the conditions it is given in place, so a query must get its own copy:
 * `publicCreditWhere()` or `structuredClone(publicCreditFilter)`. The shared object is frozen so
 * that passing it directly fails loudly instead of one query changing the rule for the next.
 */
export const publicCreditFilter: FilterQuery<Credit> = Object.freeze({ status: 'accepted', user: Object.freeze({ $ne: null }) }) as FilterQuery<Credit>;

/** A fresh copy of `publicCreditFilter`, to hand to a query. */
export function publicCreditWhere(): FilterQuery<Credit> {
  return structuredClone(publicCreditFilter);
}

/** The same rule for raw SQL, on the credits table under `alias`. */
export function publicCreditSql(alias: string): string {
  return `(${alias}."status" = 'accepted' and ${alias}."user_id" is not null)`;
}

/** What the credit policy needs to know of a credit; entities and raw rows both fit. */
export interface CreditFacts {
  postId: number;
  userId: number | null;
  addedById: number | null;
  status: Credit['status'];
}

export function creditFacts(credit: CreditView): CreditFacts {
  return { postId: credit.post.id, userId: credit.user?.id ?? null, addedById: credit.addedBy?.id ?? null, status: credit.status };
}

/**
 * How the viewer stands towards a post's credits (docs/product.md §Credits):
 * - `owner`: the verified owner of the post's account, or an admin. Everything a creditor may
 *   do, and also remove credits other people accepted.
 * - `creditor`: whoever first imported the post, or an active member of a paid team that manages
 *   its account. May credit other people and remove pending credits.
 * - `none`: everyone else, trackers of the post included: tracking puts a post in your Content
 *   Manager and nothing more. They may credit themselves and report an accepted credit.
 */
export type CreditStanding = 'none' | 'creditor' | 'owner';

/** Whether a standing lets the viewer credit other people (and see and remove pending credits). */
export function isCreditor(standing: CreditStanding): boolean {
  return standing !== 'none';
}

/** The viewer's standing on a post's credits: batched per request, at once for admins and the signed out. */
export function creditStandingOn(em: EntityManager, viewer: Viewer | null, post: { id: number }): CreditStanding | Promise<CreditStanding> {
  if (!viewer) return 'none';
  if (isAdminViewer(viewer)) return 'owner';
  return creditStandings.load(em, { ...asker(viewer), postId: post.id });
}

/** Who may credit OTHER people on a post (a creditor or an owner); anyone signed in may credit themselves. */
export function mayCreditOthersOn(em: EntityManager, viewer: Viewer | null, post: { id: number }): boolean | Promise<boolean> {
  return whenLoaded(creditStandingOn(em, viewer, post), isCreditor);
}

/** Who asks the policy's SQL: the viewer's id, and whether plans are open (every team counts as paid). */
interface Asker {
  userId: number;
  plansOpen: boolean;
}

function asker(viewer: Viewer): Asker {
  return { userId: viewer.user.id, plansOpen: viewer.plansOpen };
}

/** The standings of the asker on each of `postIds`, in one statement (missing means `none`). */
async function creditStandingsOf(em: EntityManager, who: Asker, postIds: readonly number[]): Promise<Map<number, CreditStanding>> {
  const column = creditStandingSql('p', who);
  const rows = await em.execute<Array<{ id: number; standing: number }>>(
    `select p."id", ${column.sql} as standing from "posts" p where p."id" in (?)`,
    [...column.params, [...postIds]],
  );
  return new Map(rows.map((row) => [Number(row.id), standingFromColumn(row.standing)]));
}

interface StandingQuestion extends Asker {
  postId: number;
}

// One loader per request (each request forks its EntityManager), so thirty credits and a page of
// posts ask once (per viewer: a request has one), and an answer known already comes at once.
const creditStandings = requestLoader<StandingQuestion, CreditStanding>(
  async (em, questions) => {
    const answers = new Map<string, CreditStanding>();
    // A request has one viewer, so one asker; the loop only keeps the answers honest if not.
    for (const who of new Map(questions.map((question) => [question.userId, question])).values()) {
      const { userId } = who;
      const postIds = questions.filter((question) => question.userId === userId).map((question) => question.postId);
      const standings = await creditStandingsOf(em, who, postIds);
      for (const postId of postIds) answers.set(`${userId}:${postId}`, standings.get(postId) ?? 'none');
    }
    return questions.map(({ userId, postId }) => answers.get(`${userId}:${postId}`) ?? 'none');
  },
  ({ userId, postId }) => `${userId}:${postId}`,
);

/**
 * The viewer's standing on the post of each row of a query over `posts p`, as a column: a list
 * that shows what the viewer may do with each credit reads the answer with the credits instead of
 * asking again, and hands it to `primeCreditStanding`. Null when no statement is needed (signed
 * out, or an admin).
 */
export function creditStandingColumnSql(viewer: Viewer | null): { sql: string; params: unknown[] } | null {
  if (!viewer || isAdminViewer(viewer)) return null;
  return creditStandingSql('p', asker(viewer));
}

/** Hands `creditStandingOn` the answer a `creditStandingColumnSql` column gave for this viewer and post. */
export function primeCreditStanding(em: EntityManager, viewer: Viewer, postId: number, column: unknown): void {
  creditStandings.prime(em, { ...asker(viewer), postId }, standingFromColumn(column));
}

const STANDING_BY_COLUMN: Record<number, CreditStanding> = { 0: 'none', 1: 'creditor', 2: 'owner' };

// SQL's null (no statement answered) is a no, as in a where clause.
function standingFromColumn(value: unknown): CreditStanding {
  return STANDING_BY_COLUMN[Number(value ?? 0)] ?? 'none';
}

/**
 * Whether the viewer may see a credit (on a post they may see). Accepted credits of Byline users
 * are public. A pending one is for the people concerned: the credited person, whoever added it,
 * and the post's creditors and owners. A declined one is for the credited person alone.
 */
export function mayViewCredit(viewer: Viewer | null, credit: CreditFacts, standing: CreditStanding): boolean {
  if (credit.status === 'accepted' && credit.userId !== null) return true;
  if (!viewer) return false;
  const me = viewer.user.id;
  if (credit.status === 'declined') return credit.userId === me;
  return credit.userId === me || credit.addedById === me || isCreditor(standing);
}

/**
 * The same rule as SQL over `credits c` (with `posts p` joined on the credit's post when
 * `readsPost` says the rule looks at it), for lists that page: a page must not come back short
 * because rows were dropped after the query. Kept next to `mayViewCredit` so the two are read
 * together.
 */
export function visibleCreditSql(viewer: Viewer | null): { sql: string; params: unknown[]; readsPost: boolean } {
  if (!viewer) return { sql: publicCreditSql('c'), params: [], readsPost: false };
  const me = viewer.user.id;
  // Only the creditor rule (who may credit on the post) reads the post; an admin may credit on any.
  const mayCredit = isAdminViewer(viewer) ? { sql: 'true', params: [], readsPost: false } : { ...creditorPostSql('p', asker(viewer)), readsPost: true };
  return {
    sql: `(${publicCreditSql('c')}
           or (c."status" = 'declined' and c."user_id" = ?)
           or (c."status" = 'pending' and (c."user_id" = ? or c."added_by_id" = ? or ${mayCredit.sql})))`,
    params: [me, me, me, ...mayCredit.params],
    readsPost: mayCredit.readsPost,
  };
}

/**
 * The verified owner of the post's account, asked through `exists`, not a join of the posts'
 * accounts: with the account joined, PostgreSQL chose to hash the whole social_accounts table for
 * a page's credits (a signed-in explore page: 15–20 ms of its CPU at 40,000 accounts, growing
 * with the table), where this reads the verified-owner index only for a pending credit.
 */
function accountOwnerSql(post: string, userParam: string): string {
  return `exists (select 1 from "social_accounts" owned
                   where owned."id" = ${post}."account_id" and owned."owner_id" = ${userParam} and owned."owner_verified_at" is not null)`;
}

/** The creditor rule (see `CreditStanding`) as a condition on a post, for the asker. */
function creditorPostSql(post: string, who: Asker): { sql: string; params: number[] } {
  return forUser(`(${post}."created_by_id" = ? or ${accountOwnerSql(post, '?')} or ${teamManagedPostSql(post, '?', who.plansOpen)})`, who.userId);
}

/** `CreditStanding` as a number (0 none, 1 creditor, 2 owner), for the asker. */
function creditStandingSql(post: string, who: Asker): { sql: string; params: number[] } {
  return forUser(
    `(case when ${accountOwnerSql(post, '?')} then 2
           when ${post}."created_by_id" = ? or ${teamManagedPostSql(post, '?', who.plansOpen)} then 1
           else 0 end)`,
    who.userId,
  );
}

/** A fragment whose every placeholder takes the user's id, with its parameters counted from it. */
function forUser(sql: string, userId: number): { sql: string; params: number[] } {
  return { sql, params: Array.from(sql.matchAll(/\?/g), () => userId) };
}

/** What the viewer may do with a credit they can see (exposed as `Credit.viewerCan`). */
export interface CreditPermissions {
  accept: boolean;
  decline: boolean;
  remove: boolean;
  report: boolean;
}

/**
 * docs/product.md §Credits, as a table of who may do what:
 * - Only the credited person answers a credit: accept while pending, decline while not declined
 *   (an accepted credit can still be declined later).
 * - The credited person may always remove their own credit.
 * - A pending credit may also be removed by whoever added it and by creditors and owners of the post.
 * - An accepted credit is the credited person's: besides them only the verified owner of the
 *   post's account and admins may remove it.
 * - Everyone else signed in may report an accepted credit (whoever added it too).
 */
export function creditPermissions(viewer: Viewer | null, credit: CreditFacts, standing: CreditStanding): CreditPermissions {
  if (!viewer) return { accept: false, decline: false, remove: false, report: false };
  const me = viewer.user.id;
  const isCredited = credit.userId === me;
  const isAdder = credit.addedById === me;
  const remove =
    isCredited ||
    (credit.status === 'pending' && (isAdder || isCreditor(standing))) ||
    (credit.status === 'accepted' && standing === 'owner');
  return {
    accept: isCredited && credit.status === 'pending',
    decline: isCredited && credit.status !== 'declined',
    remove,
    report: credit.status === 'accepted' && !remove,
  };
}
