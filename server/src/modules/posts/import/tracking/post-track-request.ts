import type { EntityManager } from '@mikro-orm/postgresql';
import type { NetworkId } from '../../../../../../domain/networks.js';

export type TrackRequestStatus = 'pending' | 'answered' | 'imported' | 'failed';

/**
 * Records that a user asked for a post, so whoever was told "queued" hears when it lands.
 * One row per user and post identity; asking again re-opens it.
 */
export async function recordTrackRequest(
  em: EntityManager,
  request: { networkId: NetworkId; externalId: string; userId: number; url: string; postId: number | null; status: TrackRequestStatus },
): Promise<void> {
  await em.execute(
    `insert into post_track_requests (network_id, external_id, user_id, url, post_id, status)
     values (?, ?, ?, ?, ?, ?)
     on conflict (network_id, external_id, user_id)
     do update set url = excluded.url, post_id = coalesce(excluded.post_id, post_track_requests.post_id),
                   status = excluded.status, message = null, updated_at = now()`,
    [request.networkId, request.externalId, request.userId, request.url, request.postId, request.status],
  );
}

/** Who was waiting for an import when it ended. */
export interface SettledRequests {
  /** Everyone whose request was still open, whether told "queued" or about to get the answer directly. */
  pending: number[];
  /**
   * Those already told it was queued (their request is older than the fast-path wait): they get
   * a notification. The others get the answer directly.
   */
  toldQueued: number[];
}

/**
 * Settles every open request and lists everyone waiting, in one statement. The requests of those
 * about to get the answer directly are settled too: their own process records the answer again,
 * but if it died meanwhile the request must not stay open (the Content Manager would show the
 * link as importing for good).
 */
export async function settleWaitingRequests(
  em: EntityManager,
  identity: { networkId: NetworkId; externalId: string },
  outcome: { status: 'imported' | 'failed'; postId: number | null; message: string | null },
  fastPathMs: number,
): Promise<SettledRequests> {
  // Both parts read the same snapshot: `pending` sees the rows as they were before the update.
  const rows = await em.execute<Array<{ user_id: number; told_queued: boolean }>>(
    `with pending as (
       select user_id, created_at < now() - (?::int * interval '1 millisecond') as told_queued
         from post_track_requests
        where network_id = ? and external_id = ? and status = 'pending'
     ),
     settled as (
       update post_track_requests
          set status = ?, post_id = coalesce(?::int, post_id), message = ?, updated_at = now()
        where network_id = ? and external_id = ? and status = 'pending'
     )
     select user_id, told_queued from pending order by user_id`,
    [fastPathMs, identity.networkId, identity.externalId, outcome.status, outcome.postId, outcome.message, identity.networkId, identity.externalId],
  );
  return { pending: rows.map((row) => row.user_id), toldQueued: rows.filter((row) => row.told_queued).map((row) => row.user_id) };
}
