import type { EntityDictionary } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { readRows } from '../../db/prepared-read.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { NotFound } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { socialAccountViewColumns, socialAccountViewFromColumns, type SocialAccountView } from '../networks/index.js';
import { Post } from '../posts/index.js';
import { type User, type UserView, type Viewer, findUserByUsername, wasUsernameDeleted } from '../users/index.js';
import { decodePortfolioCursor, encodePortfolioCursor, type PortfolioOrder } from './portfolio-cursor.js';
import { mayViewProfile, visiblePortfolioPostIds, type PortfolioNarrowing } from './profile.policy.js';

type Owner = Pick<UserView, 'id' | 'userType'>;

/**
 * The profile at /{username} (any case), or NotFound with the product's words. When the name was a
 * deleted account's, the error says so (`details.gone`): its page answers 410 Gone (docs/product.md §Pages).
 */
export async function findProfileUser(em: EntityManager, viewer: Viewer | null, username: string): Promise<User> {
  const name = username.trim();
  const user = name === '' ? null : await findUserByUsername(em, name);
  if (user && mayViewProfile(viewer, user)) return user;
  const gone = user === null && name !== '' && (await wasUsernameDeleted(em, name));
  throw new NotFound(MESSAGES.userNotFound, gone ? { gone: true } : undefined);
}

export const MAX_PROFILE_ACCOUNTS = 50;

/** The owner's verified social accounts, most followed first, as plain rows (their networks come from the in-memory network table). */
export async function verifiedAccounts(em: EntityManager, owner: Owner): Promise<SocialAccountView[]> {
  const rows = await readRows<Record<string, unknown>>(
    em,
    `select ${socialAccountViewColumns('a')} from "social_accounts" a
      where a."owner_id" = ? and a."owner_verified_at" is not null
      order by a."follower_count" desc nulls last, a."id" asc limit ?`,
    [owner.id, MAX_PROFILE_ACCOUNTS],
  );
  return rows.map((row) => socialAccountViewFromColumns(row)!);
}

/** Sort keys as whole numbers (see PortfolioCursor); code constants, never request text. */
const SORT_KEYS: Record<PortfolioOrder, string> = {
  date: `(extract(epoch from coalesce(p."posted_at", p."created_at")) * 1000000)::bigint`,
  views: `coalesce(p."views", -1)`,
};

export interface PortfolioPage {
  first: number;
  after: string | null;
  order: PortfolioOrder;
  narrowing: PortfolioNarrowing;
}

/** A grid post with where its owner placed it (the owner alone sees hidden ones, marked). */
export interface PortfolioEdge {
  cursor: string;
  node: Post;
  isPinned: boolean;
  isHidden: boolean;
}

export interface PortfolioConnection extends Connection<Post> {
  edges: PortfolioEdge[];
}

/**
 * One page of the grid in one statement: the owner's pinned posts first in their order, then
 * the rest by the chosen sort; keyset over (pin position, sort key, id). Hidden posts are left
 * out for everyone but the owner (docs/product.md §Profiles).
 */
export async function portfolioPosts(em: EntityManager, viewer: Viewer | null, owner: Owner, page: PortfolioPage): Promise<PortfolioConnection> {
  const cursor = page.after === null ? null : decodePortfolioCursor(page.after, page.order);
  const posts = visiblePortfolioPostIds(em, viewer, owner, page.narrowing);
  const sortKey = SORT_KEYS[page.order];
  const isOwner = viewer?.user.id === owner.id;
  // After a pinned post: the later pins and every unpinned post; after an unpinned one: unpinned posts further down.
  const after = !cursor
    ? { sql: '', params: [] }
    : cursor.pin !== null
      ? { sql: `and (pl."pin_position" > ? or pl."pin_position" is null)`, params: [cursor.pin] }
      : { sql: `and pl."pin_position" is null and (${sortKey}, p."id") < (?::bigint, ?)`, params: [cursor.key, cursor.id] };
  const rows = await em.execute<Array<Record<string, unknown> & { sort_key: string; pin_position: number | null; is_hidden: boolean | null }>>(
    `select p.*, ${sortKey}::text as sort_key, pl."pin_position" as pin_position, pl."is_hidden" as is_hidden from "posts" p
       left join "portfolio_placements" pl on pl."user_id" = ? and pl."post_id" = p."id"
      where p."id" in (${posts.sql}) ${isOwner ? '' : `and pl."is_hidden" is not true`} ${after.sql}
      order by pl."pin_position" asc nulls last, ${sortKey} desc, p."id" desc limit ?`,
    [owner.id, ...posts.params, ...after.params, page.first + 1],
  );
  const edges = rows.slice(0, page.first).map(({ sort_key: key, pin_position: pinPosition, is_hidden: isHidden, ...columns }) => {
    const post = em.map(Post, columns as EntityDictionary<Post>);
    const pin = pinPosition === null ? null : Number(pinPosition);
    return { cursor: encodePortfolioCursor({ order: page.order, pin, key, id: post.id }), node: post, isPinned: pin !== null, isHidden: isHidden === true };
  });
  return {
    edges,
    nodes: edges.map((edge) => edge.node),
    pageInfo: {
      hasNextPage: rows.length > page.first,
      hasPreviousPage: cursor !== null,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
