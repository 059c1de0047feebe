import type { FilterQuery } from '@mikro-orm/core';
import { raw, type EntityManager } from '@mikro-orm/postgresql';
import { PostType } from '../../../../domain/enums.js';
import type { OffsetPage } from '../../graphql/offset-pagination.js';
import { publicCreditSql } from '../credits/index.js';
import { findPostViews, visiblePostsFilter, type Post, type PostView } from '../posts/index.js';
import { User } from '../users/index.js';
import type { Viewer } from '../users/index.js';

/**
 * One page of an event's posts, newest first: the posts carrying its tag that the viewer may see
 * (docs/product.md §Events). The tag's posts are read through post_tags' tag index and looked up
 * by id, as explore's tag filter does, so the plan does not depend on how many there are.
 */
export async function eventPostsPage(em: EntityManager, viewer: Viewer | null, tagId: number, page: OffsetPage): Promise<{ items: PostView[]; hasMore: boolean }> {
  const byTag = raw((alias) => `${alias}.id = any(array(select pt.post_id from post_tags pt where pt.tag_id = ?))`, [tagId]);
  const where: FilterQuery<Post> = { $and: [visiblePostsFilter(viewer), { [byTag]: [] }] };
  const rows = await findPostViews(em, where, { orderBy: [{ id: 'desc' }], offset: page.offset, limit: page.size + 1 });
  return { items: rows.slice(0, page.size), hasMore: rows.length > page.size };
}

/**
 * The people credited on an event's posts, most posts first (docs/product.md §Events): accepted
 * credits of Byline users on public posts, as every public count is (§Credits), so the list is
 * the same for everyone. Two statements whatever the number of posts.
 */
export async function eventPeople(em: EntityManager, tagId: number, limit: number): Promise<User[]> {
  const rows = await em.execute<Array<{ user_id: number }>>(
    `select c.user_id from post_tags pt
       join posts p on p.id = pt.post_id and p.is_private = false and p.type <> ${PostType.Story}
       join credits c on c.post_id = p.id and ${publicCreditSql('c')}
     where pt.tag_id = ?
     group by c.user_id
     order by count(distinct c.post_id) desc, c.user_id
     limit ?`,
    [tagId, limit],
  );
  if (rows.length === 0) return [];
  const ids = rows.map((row) => Number(row.user_id));
  const users = new Map((await em.find(User, { id: { $in: ids } })).map((user) => [user.id, user]));
  return ids.flatMap((id) => users.get(id) ?? []);
}
