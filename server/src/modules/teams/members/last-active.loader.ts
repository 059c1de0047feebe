import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';

// One loader per request: the last activity of every member on a page in one grouped query.
const loaders = new WeakMap<EntityManager, DataLoader<number, Date | null>>();

/** When someone last used Byline: the latest use of any of their sign-in sessions. */
export function loadLastActiveAt(em: EntityManager, userId: number): Promise<Date | null> {
  let loader = loaders.get(em);
  if (!loader) {
    loader = new DataLoader(async (userIds: readonly number[]) => {
      const rows = await em.execute<Array<{ user_id: number; last: Date }>>(
        `select "user_id", max("last_used_at") as last from "auth_sessions" where "user_id" in (?) group by "user_id"`,
        [[...userIds]],
      );
      const byUser = new Map(rows.map((row) => [Number(row.user_id), new Date(row.last)]));
      return userIds.map((id) => byUser.get(id) ?? null);
    });
    loaders.set(em, loader);
  }
  return loader.load(userId);
}
