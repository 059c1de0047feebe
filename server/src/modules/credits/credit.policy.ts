import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requestLoader } from '../../db/request-loader.js';
import { isAdminViewer } from '../auth/sessions/guards.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { teamManagedPostSql } from '../teams/managed-accounts/team-managed-posts.sql.js';
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
 * Who may credit OTHER people on a post: whoever tracked it (asked Byline for it, or imported
 * it first), the verified owner of its posting account, and admins. Anyone signed in may credit
 * themselves; that needs no check here.
 *
 * Members of a paid team that manages the posting account may credit others too (teams'
 * managed accounts: `teamManagedPostSql`, also in `creditorPostSql`), and every rule below follows.
 */
export function mayCreditOthersOn(em: EntityManager, viewer: Viewer | null, post: { id: number }): boolean | Promise<boolean> {
  if (!viewer) return false;
  if (isAdminViewer(viewer)) return true;
  return creditorPosts.load(em, { userId: viewer.user.id, postId: post.id });
}

/**
 * The posts among `postIds` on which `userId` may credit others, in one statement. The tracker is
 * whoever asked for the post through the track box (post_track_requests, by the post's network
 * and id as the import records it) or whoever created the row; the owner counts only once the
 * account is verified as theirs.
 */
async function creditorPostIds(em: EntityManager, userId: number, postIds: readonly number[]): Promise<Set<number>> {
  const rows = await em.execute<Array<{ id: number }>>(
    `select p."id" from "posts" p
      where p."id" in (?) and ${creditorPostSql('p', '?')}`,
    [[...postIds], userId, userId, userId, userId],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

interface CreditorQuestion {
  userId: number;
  postId: number;
}

// One loader per request (each request forks its EntityManager), so thirty credits and a page of
// posts ask once (per viewer: a request has one), and an answer known already comes at once.
const creditorPosts = requestLoader<CreditorQuestion, boolean>(
  async (em, questions) => {
    const answers = new Map<string, boolean>();
    for (const userId of new Set(questions.map((question) => question.userId))) {
      const postIds = questions.filter((question) => question.userId === userId).map((question) => question.postId);
      const allowed = await creditorPostIds(em, userId, postIds);
      for (const postId of postIds) answers.set(`${userId}:${postId}`, allowed.has(postId));
    }
    return questions.map(({ userId, postId }) => answers.get(`${userId}:${postId}`) ?? false);
  },
  ({ userId, postId }) => `${userId}:${postId}`,
);

/**
 * `mayCreditOthersOn` for the post of each row of a query over `posts p`, as a column: a list that
 * shows what the viewer may do with each credit reads the answer with the credits instead of
 * asking again, and hands it to `primeMayCreditOthersOn`. Null when no statement is needed
 * (signed out, or an admin).
 */
export function mayCreditOthersColumnSql(viewer: Viewer | null): { sql: string; params: unknown[] } | null {
  if (!viewer || isAdminViewer(viewer)) return null;
  const me = viewer.user.id;
  return { sql: creditorPostSql('p', '?'), params: [me, me, me, me] };
}

/** Hands `mayCreditOthersOn` the answer a `mayCreditOthersColumnSql` column gave for this viewer and post. */
export function primeMayCreditOthersOn(em: EntityManager, viewer: Viewer, postId: number, allowed: boolean): void {
  creditorPosts.prime(em, { userId: viewer.user.id, postId }, allowed);
}

/**
 * Whether the viewer may see a credit (on a post they may see). Accepted credits of Byline users
 * are public. A pending one is for the people concerned: the credited person, whoever added it,
 * and whoever may credit on the post. A declined one is for the credited person alone.
 */
export function mayViewCredit(viewer: Viewer | null, credit: CreditFacts, viewerMayCreditOthers: boolean): boolean {
  if (credit.status === 'accepted' && credit.userId !== null) return true;
  if (!viewer) return false;
  const me = viewer.user.id;
  if (credit.status === 'declined') return credit.userId === me;
  return credit.userId === me || credit.addedById === me || viewerMayCreditOthers;
}

/**
 * The same rule as SQL over `credits c` (with `posts p` joined on the credit's post), for lists
 * that page: a page must not come back short because rows were dropped after the query. Kept
 * next to `mayViewCredit` so the two are read together.
 */
export function visibleCreditSql(viewer: Viewer | null): { sql: string; params: unknown[] } {
  if (!viewer) return { sql: publicCreditSql('c'), params: [] };
  const me = viewer.user.id;
  const mayCredit = isAdminViewer(viewer) ? 'true' : creditorPostSql('p', '?');
  const mayCreditParams = isAdminViewer(viewer) ? [] : [me, me, me, me];
  return {
    sql: `(${publicCreditSql('c')}
           or (c."status" = 'declined' and c."user_id" = ?)
           or (c."status" = 'pending' and (c."user_id" = ? or c."added_by_id" = ? or ${mayCredit})))`,
    params: [me, me, me, ...mayCreditParams],
  };
}

/**
 * The creditor rule (see mayCreditOthersOn) as a condition on a post; takes the user's id four
 * times. The one spelling for both the loader and the credit lists.
 *
 * The account's owner is asked through `exists`, not a join of the posts' accounts: with the
 * account joined, PostgreSQL chose to hash the whole social_accounts table for a page's credits
 * (a signed-in explore page: 15–20 ms of its CPU at 40,000 accounts, growing with the table),
 * where this reads the verified-owner index only for a pending credit.
 */
function creditorPostSql(post: string, userParam: string): string {
  return `(${post}."created_by_id" = ${userParam}
           or exists (select 1 from "social_accounts" owned
                       where owned."id" = ${post}."account_id" and owned."owner_id" = ${userParam} and owned."owner_verified_at" is not null)
           or exists (select 1 from "post_track_requests" r
                       where r."user_id" = ${userParam} and (r."post_id" = ${post}."id" or (r."network_id" = ${post}."network_id" and r."external_id" = ${post}."external_id")))
           or ${teamManagedPostSql(post, userParam)})`;
}

/** What the viewer may do with a credit they can see (exposed as `Credit.viewerCan`). */
export interface CreditPermissions {
  accept: boolean;
  decline: boolean;
  remove: boolean;
  report: boolean;
}

/**
 * Only the credited person answers a credit: accept or decline while pending; an accepted credit
 * can still be declined later ("they can decline it or remove it later"). Removing is for the
 * credited person, whoever added it while it is still pending, whoever may credit on the post
 * (as a GitHub repository admin may remove a collaborator), and admins. Reporting is for anyone
 * signed in who is neither the credited person nor its adder (one says no by declining).
 */
export function creditPermissions(viewer: Viewer | null, credit: CreditFacts, viewerMayCreditOthers: boolean): CreditPermissions {
  if (!viewer) return { accept: false, decline: false, remove: false, report: false };
  const me = viewer.user.id;
  const isCredited = credit.userId === me;
  const isAdder = credit.addedById === me;
  return {
    accept: isCredited && credit.status === 'pending',
    decline: isCredited && credit.status !== 'declined',
    remove: isCredited || viewerMayCreditOthers || (isAdder && credit.status === 'pending'),
    report: credit.status === 'accepted' && !isCredited && !isAdder,
  };
}
