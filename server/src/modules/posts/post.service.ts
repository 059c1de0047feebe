import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../auth/sessions/viewer.js';
import { Post } from './post.entity.js';
import { visiblePostsFilter } from './post.policy.js';

/** The post, or null when it does not exist or the viewer may not see it: one query, by the same rule as lists and node(id:). */
export function findVisiblePost(em: EntityManager, viewer: Viewer | null, id: number): Promise<Post | null> {
  return em.findOne(Post, { $and: [{ id }, visiblePostsFilter(viewer)] });
}

/** Newest first, keyset-paginated by id. No totalCount: counting through the visibility rule is not cheap. */
export function listVisiblePosts(em: EntityManager, viewer: Viewer | null, page: KeysetPage): Promise<Connection<Post>> {
  return findConnection(page, 'desc', ({ idCondition, orderBy, limit }) =>
    em.find(Post, { $and: [visiblePostsFilter(viewer), idCondition ? { id: idCondition } : {}] }, { orderBy: { id: orderBy }, limit }),
  );
}
