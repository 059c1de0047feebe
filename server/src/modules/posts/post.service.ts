import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import type { Viewer } from '../users/index.js';
import { Post } from './post.entity.js';
import { visiblePostsFilter } from './post.policy.js';
import { findPostViews, type PostView } from './post.view.js';

/** The post, or null when it does not exist or the viewer may not see it: one query, by the same rule as lists and node(id:). */
export function findVisiblePost(em: EntityManager, viewer: Viewer | null, id: number): Promise<Post | null> {
  return em.findOne(Post, { $and: [{ id }, visiblePostsFilter(viewer)] });
}

/** `findVisiblePost` for a page that only shows the post: a plain row, no entity. */
export async function findVisiblePostView(em: EntityManager, viewer: Viewer | null, id: number): Promise<PostView | null> {
  const [post] = await findPostViews(em, { $and: [{ id }, visiblePostsFilter(viewer)] }, { orderBy: { id: 'asc' }, limit: 1 });
  return post ?? null;
}

/** Newest first, keyset-paginated by id, as plain rows. No totalCount: counting through the visibility rule is not cheap. */
export function listVisiblePosts(em: EntityManager, viewer: Viewer | null, page: KeysetPage): Promise<Connection<PostView>> {
  return findConnection(page, 'desc', ({ idCondition, orderBy, limit }) =>
    findPostViews(em, { $and: [visiblePostsFilter(viewer), idCondition ? { id: idCondition } : {}] }, { orderBy: { id: orderBy }, limit }),
  );
}
