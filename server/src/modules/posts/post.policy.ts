import type { FilterQuery } from '@mikro-orm/core';
import { PostType } from '../../../../domain/enums.js';
import { isAdminViewer } from '../users/index.js';
import type { Viewer } from '../users/index.js';
import type { Post } from './post.entity.js';

/** A post anyone may see, signed out too: what may be cached publicly (its picture, say). */
export function isOpenToEveryone(post: Pick<Post, 'isPrivate' | 'type'>): boolean {
  return !post.isPrivate && post.type !== PostType.Story;
}

/**
 * The ways a signed-in viewer sees a post beyond the public ones, each an indexed lookup (their
 * own posts; private posts they are credited on); null for an admin, who sees every post.
 */
function viewersOwnWays(viewer: Viewer): Array<FilterQuery<Post>> | null {
  if (isAdminViewer(viewer)) return null;
  return [
    { createdBy: viewer.user.id },
    // `$some` is a semi-join (`id in (…)`): a plain `credits: {…}` joins every credit row and makes
    // the ORM group the whole posts table by id before it can sort and limit (explore at 1M posts).
    { isPrivate: true, type: { $ne: PostType.Story }, credits: { $some: { user: viewer.user.id } } },
  ];
}

/** Posts anyone may see, signed out too; a new object each time, as the ORM rewrites filters in place. */
const publicPosts = (): FilterQuery<Post> => ({ isPrivate: false, type: { $ne: PostType.Story } });

/**
 * Who may see a post, as a query filter (one post or a list alike). Private posts and stories are
 * shown to the person who added them (and admins); credited people see private posts too.
 * Everyone else gets "not found", as GitHub does for private repositories.
 */
export function visiblePostsFilter(viewer: Viewer | null): FilterQuery<Post> {
  if (!viewer) return publicPosts();
  const ownWays = viewersOwnWays(viewer);
  return ownWays === null ? {} : { $or: [publicPosts(), ...ownWays] };
}

/**
 * The posts this viewer may see that a signed-out visitor may not (their private posts and
 * stories, private posts they are credited on; for admins every such post), as filters to run
 * one by one (none signed out): each is an indexed lookup alone, while joined by `or` the database
 * reads every post. What is worked out once for everyone (per-person public totals) is corrected
 * by these for one viewer.
 */
export function postsOnlyViewerMaySeeFilters(viewer: Viewer | null): Array<FilterQuery<Post>> {
  if (!viewer) return [];
  return (viewersOwnWays(viewer) ?? [{}]).map((way) => ({ $and: [way, { $not: publicPosts() }] }));
}

/** `publicPosts` in SQL over alias `p`. */
const PUBLIC_POST_SQL = `(p.is_private = false and p.type <> ${PostType.Story})`;

/**
 * `visiblePostsFilter` in SQL over alias `p`: a verified account's private post
 * added by someone else stays theirs to see, not the account owner's (as on the post page).
 */
export function visiblePostSql(viewer: Viewer | null): { sql: string; params: number[] } {
  if (!viewer) return { sql: PUBLIC_POST_SQL, params: [] };
  if (isAdminViewer(viewer)) return { sql: 'true', params: [] };
  return {
    sql: `(${PUBLIC_POST_SQL}
           or p.created_by_id = ?
           or (p.is_private = true and p.type <> ${PostType.Story} and exists (select 1 from credits vc where vc.post_id = p.id and vc.user_id = ?)))`,
    params: [viewer.user.id, viewer.user.id],
  };
}
