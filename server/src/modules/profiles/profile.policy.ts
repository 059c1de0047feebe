import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager, QBFilterQuery } from '@mikro-orm/postgresql';
import type { Viewer, User } from '../users/index.js';
import { Credit, publicCreditFilter } from '../credits/index.js';
import { Post, visiblePostsFilter, visiblePostSql, postIdsSubquery } from '../posts/index.js';
import { FilterQueryCache } from '../../db/filter-query-cache.js';

/**
 * Profiles are portfolios, meant to be shared: anyone may open one, signed out too (as on
 * Behance or GitHub). What a portfolio shows is narrowed per viewer instead: only posts the
 * viewer may see (the posts module's one rule) and only public credits (the credits module's).
 */
export function mayViewProfile(_viewer: Viewer | null, user: User): boolean {
  // A user who has not chosen a username yet has no address to share.
  return user.username !== null;
}

/**
 * Only the owner arranges their portfolio (pins, order, hidden posts): it is their own voice, so
 * admins may not either; support acts as the person by masquerading (docs/product.md §Masquerading).
 */
export function mayArrangePortfolio(viewer: Viewer | null, ownerId: number): boolean {
  return viewer !== null && viewer.user.id === ownerId;
}

/** Narrowing a portfolio's posts (the grid's filters). */
export interface PortfolioNarrowing {
  roleId?: number | null;
  networkId?: number | null;
  /** Only these posts (the creator search: whose portfolios a viewer's private posts touch). */
  postIds?: readonly number[] | null;
}

/** A SQL fragment (with its parameters): a subquery to put inside `in (…)` or `from (…)`. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

// The query builder takes the same filter objects as em.find; its type only spells them differently.
const asQueryFilter = <T extends object>(filter: FilterQuery<T>): QBFilterQuery<T> => filter as QBFilterQuery<T>;

// The three parts of the rule, each built by the query builder once per filter shape (one owner,
// a page of owners, a narrowing): a profile page asks for the portfolio three times.
const creditedQueries = new FilterQueryCache<Credit, null>(
  (em, where) => em.createQueryBuilder(Credit, 'portfolio_credit').select(['portfolio_credit.user', 'portfolio_credit.post']).where(asQueryFilter(where)),
  () => '',
);
const accountPostQueries = new FilterQueryCache<Post, null>(
  (em, where) =>
    em
      .createQueryBuilder(Post, 'portfolio_account_post')
      .join('portfolio_account_post.account', 'portfolio_account')
      .join('portfolio_account.owner', 'portfolio_owner')
      .select(['portfolio_account.owner', 'portfolio_account_post.id'])
      .where(asQueryFilter(where)),
  () => '',
);

/**
 * The portfolio rule, once, for any number of owners: each owner's posts as ("owner", "post_id")
 * rows, only those the viewer may see. An owner's posts are those they hold a public credit on
 * and the posts of their verified accounts, a creator's as a company's (an account's posts count
 * as its owner's only once the owner proved it is theirs: "posted by" them, as Behance shows a
 * member's own uploads). Narrowed by role, only credited posts remain: a role is held through a
 * credit, so an account post the owner is not credited on has no role of theirs. A post appears once per owner however many roles the owner has on it. Built by MikroORM
 * from the credits and posts policies' filters, so neither of those rules is spelled again here.
 * The profile page asks for one owner; a list page for a whole page of people in one statement;
 * the creator search for everyone (`ownerIds` null), joined to its candidates.
 */
export function visiblePortfoliosSql(em: EntityManager, viewer: Viewer | null, ownerIds: readonly number[] | null, narrowing: PortfolioNarrowing = {}): SqlFragment {
  const held = heldPortfoliosSql(em, ownerIds, narrowing);
  if (ownerIds !== null && ownerIds.length !== 1) {
    // A list of owners (a page of a list, the creator search's live totals, a drain's batch):
    // each of their posts is looked up by key and the rule tested on its row. As a semi-join with
    // every visible post the planner walked the whole posts table for 200 owners at 1,000,000
    // posts (300 ms, against 60). One owner (a profile) keeps the semi-join, which it plans as
    // lookups and which measured ~1 ms of PostgreSQL less per profile page.
    const visible = visiblePostSql(viewer);
    const network = narrowing.networkId ? { sql: ' and p."network_id" = ?', params: [narrowing.networkId] } : { sql: '', params: [] };
    return {
      sql: `select "portfolio"."owner", "portfolio"."post_id" from (${held.sql}) as "portfolio" join "posts" p on p."id" = "portfolio"."post_id" where ${visible.sql}${network.sql}`,
      params: [...held.params, ...visible.params, ...network.params],
    };
  }
  const visibleFilter: FilterQuery<Post> = { $and: [visiblePostsFilter(viewer), narrowing.networkId ? { network: narrowing.networkId } : {}] };
  const visible = postIdsSubquery(em, visibleFilter);
  return {
    sql: `select "portfolio"."owner", "portfolio"."post_id" from (${held.sql}) as "portfolio" where "portfolio"."post_id" in (${visible.sql})`,
    params: [...held.params, ...visible.params],
  };
}

/**
 * Every portfolio's rows ("owner", "post_id") whatever the post's visibility, for a caller that
 * narrows them to posts it already knows the viewer may see (the creator search, to the posts
 * only its viewer may see): testing each row against every visible post would read them all.
 */
export function portfoliosOfKnownVisiblePostsSql(em: EntityManager): SqlFragment {
  return heldPortfoliosSql(em, null, {});
}

/** The portfolio rule's rows before the visibility test (see visiblePortfoliosSql). */
function heldPortfoliosSql(em: EntityManager, ownerIds: readonly number[] | null, narrowing: PortfolioNarrowing): SqlFragment {
  const owners = ownerIds === null ? {} : { $in: [...ownerIds] };
  const ownedBy = (field: string) => (ownerIds === null ? {} : { [field]: owners });
  // A copy: the shared filter is frozen and MikroORM rewrites the filters it is given in place.
  const onlyPosts = (field: string) => (narrowing.postIds ? { [field]: { $in: [...narrowing.postIds] } } : {});
  const ownerCredit: FilterQuery<Credit> = { $and: [structuredClone(publicCreditFilter), ownedBy('user'), onlyPosts('post'), narrowing.roleId ? { role: narrowing.roleId } : {}] };
  const credited = creditedQueries.toQuery(em, ownerCredit, [], null);
  const accountPostFilter = { 'portfolio_account.ownerVerifiedAt': { $ne: null }, ...ownedBy('portfolio_owner.id'), ...onlyPosts('portfolio_account_post.id') } as FilterQuery<Post>;
  const accountPosts = accountPostQueries.toQuery(em, accountPostFilter, [], null);
  const held = narrowing.roleId ? credited : { sql: `${credited.sql} union ${accountPosts.sql}`, params: [...credited.params, ...accountPosts.params] };
  // A union takes its columns' names from its first part: the credits' "user_id" and "post_id".
  return { sql: `select "held"."user_id" as "owner", "held"."post_id" from (${held.sql}) as "held"`, params: held.params };
}

/**
 * The visible portfolio of one owner as a subquery of post ids, so every aggregate (totals,
 * roles, collaborators) and the grid run in one statement each over exactly the same set of posts.
 */
export function visiblePortfolioPostIds(em: EntityManager, viewer: Viewer | null, owner: Pick<User, 'id'>, narrowing: PortfolioNarrowing = {}): SqlFragment {
  const portfolio = visiblePortfoliosSql(em, viewer, [owner.id], narrowing);
  return { sql: `select "owner_portfolio"."post_id" from (${portfolio.sql}) as "owner_portfolio"`, params: portfolio.params };
}
