import type { EntityManager } from '@mikro-orm/postgresql';
import { InvalidInput } from '../../../errors/app-errors.js';
import type { Viewer } from '../../users/index.js';
import { MY_POST_IDS_SQL, myPostsParams } from './my-posts.sql.js';
import { visiblePostSql } from '../../posts/index.js';

/** How many rows one selection may act on at once (a page of the table is at most 100). */
export const MAX_SELECTION = 500;

export function checkSelection(ids: readonly unknown[], name: string): void {
  if (ids.length === 0) throw new InvalidInput(`${name} must name at least one post`);
  if (ids.length > MAX_SELECTION) throw new InvalidInput(`${name} may name at most ${MAX_SELECTION} posts`);
}

/** Which of `postIds` are the viewer's posts and visible to them: one statement. */
export async function ownVisiblePostIds(em: EntityManager, viewer: Viewer, postIds: readonly number[]): Promise<number[]> {
  if (postIds.length === 0) return [];
  const visible = visiblePostSql(viewer);
  const rows = await em.execute<Array<{ id: number }>>(
    `select p.id from (${MY_POST_IDS_SQL}) mine join posts p on p.id = mine.id where p.id in (?) and ${visible.sql}`,
    [...myPostsParams(viewer), [...postIds], ...visible.params],
  );
  return rows.map((row) => row.id);
}

export interface RemoveOutcome {
  removed: number;
  /** Posts that stay in the table because the viewer is credited on them or posted them from a verified account. */
  kept: number;
}

/**
 * "Remove from my posts" takes away the viewer's own link to a post, never the post: their
 * track requests, and their name as the one who added it (others still see and track it).
 * Posts they are credited on or posted from their verified accounts stay theirs (they leave
 * the table by declining the credit or disconnecting the account), as GitHub keeps a repository
 * in "your repositories" while you own it. Links still importing or failed are dropped by url.
 */
export async function removeFromMyPosts(em: EntityManager, viewer: Viewer, postIds: readonly number[], urls: readonly string[]): Promise<RemoveOutcome> {
  if (postIds.length + urls.length === 0) throw new InvalidInput('Name at least one post or link to remove');
  checkSelection([...postIds, ...urls], 'postIds and urls');
  const userId = viewer.user.id;
  return em.transactional(async (tx) => {
    let removed = 0;
    if (postIds.length) {
      const ids = [...postIds];
      const requests = await tx.execute<Array<{ post_id: number }>>(
        `delete from post_track_requests r using posts p
          where r.user_id = ? and p.id in (?) and p.network_id = r.network_id and p.external_id = r.external_id
          returning p.id as post_id`,
        [userId, ids],
      );
      const added = await tx.execute<Array<{ id: number }>>('update posts set created_by_id = null where created_by_id = ? and id in (?) returning id', [userId, ids]);
      removed = new Set([...requests.map((row) => row.post_id), ...added.map((row) => row.id)]).size;
    }
    if (urls.length) {
      const dropped = await tx.execute<Array<{ id: number }>>('delete from post_track_requests where user_id = ? and post_id is null and url in (?) returning id', [userId, [...urls]]);
      removed += dropped.length;
    }
    const still = postIds.length ? await ownVisiblePostIds(tx, viewer, postIds) : [];
    return { removed, kept: still.length };
  });
}
