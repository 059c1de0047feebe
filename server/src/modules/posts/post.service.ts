import type { EntityManager } from '@mikro-orm/postgresql';
import { toPage, type IdPage } from '../../graphql/pagination.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { Credit } from '../credits/credit.entity.js';
import { Post } from './post.entity.js';
import { canViewPost, visiblePostsFilter } from './post.policy.js';

export async function findVisiblePost(em: EntityManager, viewer: Viewer | null, id: number): Promise<Post | null> {
  const post = await em.findOne(Post, id);
  if (!post) return null;
  const needsCredits = post.isPrivate && viewer !== null;
  const creditedUserIds = needsCredits
    ? (await em.find(Credit, { post }, { fields: ['user'] })).map((credit) => credit.user.id)
    : [];
  return canViewPost(viewer, post, creditedUserIds) ? post : null;
}

/** Newest first, keyset-paginated by id. */
export async function listVisiblePosts(em: EntityManager, viewer: Viewer | null, page: IdPage) {
  const rows = await em.find(
    Post,
    { $and: [visiblePostsFilter(viewer), page.beforeId === null ? {} : { id: { $lt: page.beforeId } }] },
    { orderBy: { id: 'desc' }, limit: page.limit + 1 },
  );
  return toPage(rows, page.limit);
}
