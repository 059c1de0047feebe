import type { MikroORM } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import { isNetworkId } from '../../../../../../domain/networks.js';
import { nextStatsRefreshAt } from '../../../../../../domain/stats-refresh.js';
import type { Logger } from '../../../../logger.js';
import { adapterFor } from '../adapters/index.js';
import { ScrapeFailure, type OutboundHttp } from '../scraped-post.js';
import { Post } from '../../post.entity.js';
import { recordStats } from '../tracking/post-upsert.js';
import { recordMilestonesAfterRefresh } from '../../../milestones/index.js';
import { createOneAtATimeQueue } from '../../../../queue/job-queue.js';

export const STATS_SWEEP_QUEUE = 'post-stats-sweep';
export const STATS_REFRESH_QUEUE = 'post-stats-refresh';
const SWEEP_BATCH = 500;

interface StatsRefreshJob {
  postId: number;
}

/**
 * Keeps numbers fresh: every minute a sweep picks the posts whose refresh is due (recent posts
 * come due often, old ones rarely: domain/stats-refresh.ts) and queues one job each; a job
 * fetches the numbers, appends them to the history and sets the next due time.
 */
export async function startStatsRefresh(deps: { boss: PgBoss; orm: MikroORM; http: OutboundHttp; logger: Logger }): Promise<void> {
  const { boss } = deps;
  await createOneAtATimeQueue(boss, STATS_SWEEP_QUEUE, 'exclusive', { retryLimit: 0 });
  await createOneAtATimeQueue(boss, STATS_REFRESH_QUEUE, 'exclusive', { retryLimit: 2, retryDelay: 30, retryBackoff: true });
  await boss.schedule(STATS_SWEEP_QUEUE, '* * * * *');
  await boss.work(STATS_SWEEP_QUEUE, async () => {
    await queueDueRefreshes(deps);
  });
  await boss.work<StatsRefreshJob>(STATS_REFRESH_QUEUE, { batchSize: 5 }, async (jobs) => {
    for (const job of jobs) await refreshPostStats(deps, job.data.postId);
  });
}

export async function queueDueRefreshes(deps: { boss: PgBoss; orm: MikroORM }, now = new Date()): Promise<number> {
  const due = await deps.orm.em.fork().execute<Array<{ id: number }>>(
    `select id from posts where stats_due_at <= ? and is_deleted = false and import_status = 'imported'
      order by stats_due_at limit ?`,
    [now, SWEEP_BATCH],
  );
  for (const { id } of due) await deps.boss.send(STATS_REFRESH_QUEUE, { postId: id }, { singletonKey: String(id) });
  return due.length;
}

export async function refreshPostStats(deps: { orm: MikroORM; http: OutboundHttp; logger: Logger }, postId: number, now = new Date()): Promise<void> {
  const em = deps.orm.em.fork();
  const post = await em.findOne(Post, postId);
  if (!post || !isNetworkId(post.network.id)) return;
  const nextDue = nextStatsRefreshAt(post.postedAt ?? post.createdAt, now);
  try {
    const stats = await adapterFor(post.network.id).fetchStats({ externalId: post.externalId, url: post.url }, deps.http);
    await em.transactional(async (tx) => {
      if (stats) {
        await recordStats(tx, post.id, stats, 'refresh', now);
        // Milestones the new numbers passed, announced once (milestones/milestone-check.ts).
        await recordMilestonesAfterRefresh(tx, post.id, { views: post.views, likes: post.likes }, now);
      }
      await tx.execute('update posts set stats_due_at = ? where id = ?', [nextDue, post.id]);
    });
  } catch (error) {
    if (error instanceof ScrapeFailure && error.reason === 'deleted') {
      // Deleted posts keep their credits and history; they stop being refreshed.
      await em.execute('update posts set is_deleted = true, stats_due_at = null where id = ?', [post.id]);
      return;
    }
    if (error instanceof ScrapeFailure && (error.reason === 'not_found' || error.reason === 'private')) {
      await em.execute('update posts set stats_due_at = ? where id = ?', [nextDue, post.id]);
      return;
    }
    throw error;
  }
}
