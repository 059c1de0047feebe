import type { EntityManager } from '@mikro-orm/postgresql';
import { nextStatsRefreshAt } from '../../../../../../domain/stats-refresh.js';
import type { ScrapedPost, ScrapedStats } from '../scraped-post.js';

/**
 * Stores what an adapter scraped, in one statement: the posting account and the post are upserted
 * on their natural keys (so a retried or concurrent import never makes a second row), and the
 * numbers go into the history with their source. `pictureStored` marks the post's picture as
 * copied (the caller stores it in the same transaction). Runs inside the caller's transaction.
 *
 * A new post records its first importer: whoever asked for it first among the requests still
 * waiting for this import (docs/product.md §Credits: they may credit the people who made it). A
 * post Byline already had keeps its importer, so asking again later gives nobody that right.
 *
 * An account that exists as scraped is only read, not rewritten: an upsert locks its row until
 * commit, so every import of one creator's posts would otherwise wait for the one before it.
 */
export async function upsertScrapedPost(tx: EntityManager, scraped: ScrapedPost, source: string, options: { pictureStored?: boolean; now?: Date } = {}): Promise<number> {
  const now = options.now ?? new Date();
  const { author, stats } = scraped;
  const [post] = await tx.execute<Array<{ id: number }>>(
    `with existing as (
       select id from social_accounts
        where network_id = ? and lower(handle) = lower(?)
          and display_name is not distinct from coalesce(?, display_name) and avatar_url is not distinct from coalesce(?, avatar_url)
     ),
     upserted as (
       insert into social_accounts (network_id, handle, display_name, avatar_url)
       select ?::smallint, ?, ?, ? where not exists (select 1 from existing)
       on conflict (network_id, lower(handle)) do update
         set display_name = coalesce(excluded.display_name, social_accounts.display_name),
             avatar_url = coalesce(excluded.avatar_url, social_accounts.avatar_url)
       returning id
     ),
     post as (
       insert into posts (network_id, external_id, account_id, url, caption, thumbnail_url, type, posted_at,
                          views, likes, comments, shares, stats_refreshed_at, stats_due_at, import_status, import_error, is_deleted, thumbnail_stored_at,
                          created_by_id)
       values (?, ?, (select id from existing union all select id from upserted), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'imported', null, false,
               case when ? then now() end,
               (select r.user_id from post_track_requests r
                 where r.network_id = ? and r.external_id = ? and r.status = 'pending'
                 order by r.created_at, r.id limit 1))
       on conflict (network_id, external_id) do update set
         account_id = excluded.account_id, url = excluded.url, caption = excluded.caption,
         thumbnail_url = coalesce(excluded.thumbnail_url, posts.thumbnail_url), type = excluded.type,
         posted_at = coalesce(excluded.posted_at, posts.posted_at),
         views = coalesce(excluded.views, posts.views), likes = coalesce(excluded.likes, posts.likes),
         comments = coalesce(excluded.comments, posts.comments), shares = coalesce(excluded.shares, posts.shares),
         stats_refreshed_at = coalesce(excluded.stats_refreshed_at, posts.stats_refreshed_at),
         stats_due_at = excluded.stats_due_at, import_status = 'imported', import_error = null, is_deleted = false,
         thumbnail_stored_at = coalesce(excluded.thumbnail_stored_at, posts.thumbnail_stored_at),
         updated_at = now()
       returning id
     ),
     reading as (
       insert into post_stats (post_id, views, likes, comments, shares, source, fetched_at)
       select id, ?::bigint, ?::bigint, ?::bigint, ?::bigint, ?, ?::timestamptz from post where ?
     )
     select id from post`,
    [
      scraped.networkId,
      author.handle,
      author.displayName,
      author.avatarUrl,
      scraped.networkId,
      author.handle,
      author.displayName,
      author.avatarUrl,
      scraped.networkId,
      scraped.externalId,
      scraped.url,
      scraped.caption,
      scraped.thumbnailUrl,
      scraped.type,
      scraped.postedAt,
      stats?.views ?? null,
      stats?.likes ?? null,
      stats?.comments ?? null,
      stats?.shares ?? null,
      stats ? now : null,
      nextStatsRefreshAt(scraped.postedAt ?? now, now),
      options.pictureStored === true,
      scraped.networkId,
      scraped.externalId,
      stats?.views ?? null,
      stats?.likes ?? null,
      stats?.comments ?? null,
      stats?.shares ?? null,
      source,
      now,
      stats !== null,
    ],
  );
  return post!.id;
}

/** Appends one reading to the post's history and makes it the latest. */
export async function recordStats(tx: EntityManager, postId: number, stats: ScrapedStats, source: string, now = new Date()): Promise<void> {
  await tx.execute(
    `insert into post_stats (post_id, views, likes, comments, shares, source, fetched_at) values (?, ?, ?, ?, ?, ?, ?)`,
    [postId, stats.views, stats.likes, stats.comments, stats.shares, source, now],
  );
  await tx.execute(
    `update posts set views = coalesce(?, views), likes = coalesce(?, likes), comments = coalesce(?, comments),
                      shares = coalesce(?, shares), stats_refreshed_at = ? where id = ?`,
    [stats.views, stats.likes, stats.comments, stats.shares, now, postId],
  );
}
