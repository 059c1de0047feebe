import type { FilterQuery } from '@mikro-orm/core';
import { PostType } from '../../../../domain/enums.js';
import { isAdminViewer } from '../auth/sessions/guards.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import type { Post } from './post.entity.js';

/** A post anyone may see, signed out too: what may be cached publicly (its picture, say). */
export function isOpenToEveryone(post: Pick<Post, 'isPrivate' | 'type'>): boolean {
  return !post.isPrivate && post.type !== PostType.Story;
}

/**
 * Who may see a post, as a query filter (one post or a list alike). Private posts and stories are
 * shown to the person who added them (and admins); credited people see private posts too.
 * Everyone else gets "not found", as GitHub does for private repositories.
 */
export function visiblePostsFilter(viewer: Viewer | null): FilterQuery<Post> {
  const publicPosts: FilterQuery<Post> = { isPrivate: false, type: { $ne: PostType.Story } };
  if (!viewer) return publicPosts;
  if (isAdminViewer(viewer)) return {};
  return {
    $or: [
      publicPosts,
      { createdBy: viewer.user.id },
      // `$some` is a semi-join (`id in (…)`): a plain `credits: {…}` joins every credit row and makes
      // the ORM group the whole posts table by id before it can sort and limit (explore at 1M posts).
      { isPrivate: true, type: { $ne: PostType.Story }, credits: { $some: { user: viewer.user.id } } },
    ],
  };
}

/**
 * The posts this viewer may see that a signed-out visitor may not (their private posts and
 * stories, private posts they are credited on; for admins every such post), or null when there
 * are none by rule (signed out). What is worked out once for everyone (per-person public
 * totals) is corrected by these for one viewer.
 */
export function postsOnlyViewerMaySeeFilter(viewer: Viewer | null): FilterQuery<Post> | null {
  if (!viewer) return null;
  return { $and: [visiblePostsFilter(viewer), { $not: visiblePostsFilter(null) }] };
}
