import type { FilterQuery } from '@mikro-orm/core';
import type { EntityManager, QBFilterQuery } from '@mikro-orm/postgresql';
import { UserType } from '../../../../domain/enums.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import type { Credit } from '../credits/credit.entity.js';
import { publicCreditFilter } from '../credits/credit.policy.js';
import { Post } from '../posts/post.entity.js';
import { visiblePostsFilter } from '../posts/post.policy.js';
import type { User } from '../users/user.entity.js';

/**
 * Profiles are portfolios, meant to be shared: anyone may open one, signed out too (as on
 * Behance or GitHub). What a portfolio shows is narrowed per viewer instead: only posts the
 * viewer may see (the posts module's one rule) and only public credits (the credits module's).
 */
export function mayViewProfile(_viewer: Viewer | null, user: User): boolean {
  // A user who has not chosen a username yet has no address to share.
  return user.username !== null;
}

/** Narrowing a portfolio's posts (the grid's filters). */
export interface PortfolioNarrowing {
  roleId?: number | null;
  networkId?: number | null;
}

/**
 * The posts a portfolio holds: those the owner holds a public credit on and, for a company,
 * the posts of its verified accounts (an account's posts count as its owner's only once the
 * owner proved it is theirs). Narrowed by role, only credited posts remain: a role is held
 * through a credit, so an account post the company is not credited on has no role of theirs.
 */
export function portfolioPostsCondition(owner: Pick<User, 'id' | 'userType'>, narrowing: PortfolioNarrowing = {}): FilterQuery<Post> {
  // A copy: the shared filter is frozen and MikroORM rewrites the filters it is given in place.
  const ownerCredit: FilterQuery<Credit> = { $and: [structuredClone(publicCreditFilter), { user: owner.id }, narrowing.roleId ? { role: narrowing.roleId } : {}] };
  const credited: FilterQuery<Post> = { credits: { $some: ownerCredit } };
  const ownAccounts: FilterQuery<Post> = { account: { owner: owner.id, ownerVerifiedAt: { $ne: null } } };
  const holds = owner.userType === UserType.Company && !narrowing.roleId ? { $or: [credited, ownAccounts] } : credited;
  return { $and: [holds, narrowing.networkId ? { network: narrowing.networkId } : {}] };
}

/** A SQL fragment (with its parameters) selecting the ids of a portfolio's posts the viewer may see. */
export interface SqlFragment {
  sql: string;
  params: unknown[];
}

/**
 * The visible portfolio as a subquery, so every aggregate (totals, roles, collaborators) and the
 * grid run in one statement each over exactly the same set of posts. Built by MikroORM from the
 * two policies' filters, so neither rule is spelled again in SQL here.
 */
export function visiblePortfolioPostIds(em: EntityManager, viewer: Viewer | null, owner: Pick<User, 'id' | 'userType'>, narrowing: PortfolioNarrowing = {}): SqlFragment {
  const where: FilterQuery<Post> = { $and: [visiblePostsFilter(viewer), portfolioPostsCondition(owner, narrowing)] };
  // The query builder takes the same filter objects as em.find; its type only spells them differently.
  const query = em.createQueryBuilder(Post, 'portfolio_post').select('portfolio_post.id').where(where as QBFilterQuery<Post>).toQuery();
  return { sql: query.sql, params: [...query.params] };
}
