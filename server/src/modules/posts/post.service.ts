import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
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

/** Newest first, keyset-paginated by id. No totalCount: counting through the visibility rule is not cheap. */
export function listVisiblePosts(em: EntityManager, viewer: Viewer | null, page: KeysetPage): Promise<Connection<Post>> {
  return findConnection(page, 'desc', ({ idCondition, orderBy, limit }) =>
    em.find(Post, { $and: [visiblePostsFilter(viewer), idCondition ? { id: idCondition } : {}] }, { orderBy: { id: orderBy }, limit }),
  );
}
