import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Viewer } from '../users/index.js';
import { Post, visiblePostsFilter } from '../posts/index.js';
import { User } from '../users/index.js';

/*
 * Per-request batch loaders for list fields: whatever number of lists, people or posts a
 * response holds, each of these is one query. Keyed by the request's EntityManager (each request
 * forks its own), as the other modules' loaders are.
 */

function perRequest<K, V>(store: WeakMap<EntityManager, DataLoader<K, V>>, em: EntityManager, batch: (keys: readonly K[]) => Promise<V[]>): DataLoader<K, V> {
  let loader = store.get(em);
  if (!loader) store.set(em, (loader = new DataLoader(batch)));
  return loader;
}

export interface ListCounts {
  people: number;
  posts: number;
}

const countLoaders = new WeakMap<EntityManager, DataLoader<number, ListCounts>>();

/** How many people and posts a list holds; every list of a page in one query. */
export function loadListCounts(em: EntityManager, listId: number): Promise<ListCounts> {
  return perRequest(countLoaders, em, async (listIds) => {
    const rows = await em.execute<Array<{ id: number; people: string | number; posts: string | number }>>(
      `select l."id",
              (select count(*) from "list_people" lp where lp."list_id" = l."id") as "people",
              (select count(*) from "list_posts" lq where lq."list_id" = l."id") as "posts"
         from "lists" l where l."id" in (?)`,
      [[...listIds]],
    );
    const counts = new Map(rows.map((row) => [Number(row.id), { people: Number(row.people), posts: Number(row.posts) }]));
    return listIds.map((id) => counts.get(id) ?? { people: 0, posts: 0 });
  }).load(listId);
}

const userLoaders = new WeakMap<EntityManager, DataLoader<number, User | null>>();

/** The people of a page of list entries, in one query. */
export function loadUser(em: EntityManager, userId: number): Promise<User | null> {
  return perRequest(userLoaders, em, async (userIds) => {
    const users = await em.find(User, { id: { $in: [...userIds] } });
    const byId = new Map(users.map((user) => [user.id, user]));
    return userIds.map((id) => byId.get(id) ?? null);
  }).load(userId);
}

const postLoaders = new WeakMap<EntityManager, DataLoader<number, Post | null>>();

/** The posts of a page of list entries that the viewer may still see (a post made private since is null), in one query. */
export function loadVisiblePost(em: EntityManager, viewer: Viewer | null, postId: number): Promise<Post | null> {
  return perRequest(postLoaders, em, async (postIds) => {
    const posts = await em.find(Post, { $and: [{ id: { $in: [...postIds] } }, visiblePostsFilter(viewer)] });
    const byId = new Map(posts.map((post) => [post.id, post]));
    return postIds.map((id) => byId.get(id) ?? null);
  }).load(postId);
}

type ItemColumn = 'user_id' | 'post_id';
const membershipLoaders = new WeakMap<EntityManager, Map<ItemColumn, DataLoader<number, number[]>>>();

/**
 * Which of the viewer's lists hold each person (or post) on a page: the checkmarks of the
 * Add-to-list menu, in one query for the whole page.
 */
export function loadViewerListIds(em: EntityManager, viewer: Viewer, column: ItemColumn, itemId: number): Promise<number[]> {
  let byColumn = membershipLoaders.get(em);
  if (!byColumn) membershipLoaders.set(em, (byColumn = new Map()));
  let loader = byColumn.get(column);
  if (!loader) {
    const table = column === 'user_id' ? 'list_people' : 'list_posts';
    loader = new DataLoader<number, number[]>(async (itemIds) => {
      const rows = await em.execute<Array<{ item: number; list_id: number }>>(
        `select e."${column}" as "item", e."list_id" from "${table}" e join "lists" l on l."id" = e."list_id"
          where l."owner_id" = ? and e."${column}" in (?) order by e."list_id"`,
        [viewer.user.id, [...itemIds]],
      );
      const lists = new Map<number, number[]>();
      for (const row of rows) lists.set(Number(row.item), [...(lists.get(Number(row.item)) ?? []), Number(row.list_id)]);
      return itemIds.map((id) => lists.get(id) ?? []);
    });
    byColumn.set(column, loader);
  }
  return loader.load(itemId);
}
