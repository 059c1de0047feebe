import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import { STATS_REFRESH_TIERS } from '../../../../../domain/stats-refresh.js';
import type { Viewer } from '../../users/index.js';
import { STATS_REFRESH_QUEUE } from '../../posts/index.js';
import { ownVisiblePostIds } from '../posts/manager-actions.service.js';

/**
 * "Refresh now" never fetches a post more often than the refresh schedule fetches the newest
 * posts (domain/stats-refresh.ts's fastest tier: hourly): numbers younger than that are as fresh
 * as Byline keeps anything, and the networks are not asked again.
 */
export const MANUAL_REFRESH_MIN_AGE_MS = STATS_REFRESH_TIERS[0]!.everyMs;
/** Per person, posts refreshed by hand in the last hour (a busy manager's table is a few pages). */
export const MANUAL_REFRESH_HOURLY_LIMIT = 200;

export interface ManualRefreshOutcome {
  queued: number;
  /** Refreshed within the last hour already: their numbers are current. */
  alreadyFresh: number;
  /** Over the hourly limit: try these again later. */
  overLimit: number;
}

/** Queues the stats refresh job (the scheduled one) for the viewer's chosen posts, within the rules above. */
export async function refreshPostsNow(em: EntityManager, boss: PgBoss, viewer: Viewer, postIds: readonly number[], now = new Date()): Promise<ManualRefreshOutcome> {
  const own = await ownVisiblePostIds(em, viewer, postIds);
  if (own.length === 0) return { queued: 0, alreadyFresh: 0, overLimit: 0 };
  const freshSince = new Date(now.getTime() - MANUAL_REFRESH_MIN_AGE_MS);
  const due = await em.execute<Array<{ id: number }>>(
    `select id from posts where id in (?) and import_status = 'imported' and is_deleted = false
        and (stats_refreshed_at is null or stats_refreshed_at < ?) order by id`,
    [own, freshSince],
  );
  const alreadyFresh = own.length - due.length;
  return em.transactional(async (tx) => {
    // The row lock on the user serialises two "Refresh now" clicks, so the limit holds under races.
    await tx.execute('select id from users where id = ? for update', [viewer.user.id]);
    // Only the last hour counts, so older entries go: the log stays a few hundred rows per person.
    await tx.execute('delete from manual_stats_refreshes where user_id = ? and created_at <= ?', [viewer.user.id, new Date(now.getTime() - 60 * 60 * 1000)]);
    const [{ used }] = await tx.execute<Array<{ used: number }>>(
      `select count(*)::int as used from manual_stats_refreshes where user_id = ? and created_at > ?`,
      [viewer.user.id, new Date(now.getTime() - 60 * 60 * 1000)],
    ) as [{ used: number }];
    const allowed = due.slice(0, Math.max(0, MANUAL_REFRESH_HOURLY_LIMIT - used));
    if (allowed.length) {
      await tx.execute(
        `insert into manual_stats_refreshes (user_id, post_id, created_at) select ?, id, ? from posts where id in (?)`,
        [viewer.user.id, now, allowed.map((row) => row.id)],
      );
      for (const { id } of allowed) await boss.send(STATS_REFRESH_QUEUE, { postId: id }, { singletonKey: String(id) });
    }
    return { queued: allowed.length, alreadyFresh, overLimit: due.length - allowed.length };
  });
}
