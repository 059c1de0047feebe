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

/**
 * Users still waiting for this post who were already told it was queued (their request is older
 * than the fast-path wait); the others get the answer directly and need no notification.
 */
export async function settleWaitingRequests(
  em: EntityManager,
  identity: { networkId: NetworkId; externalId: string },
  outcome: { status: 'imported' | 'failed'; postId: number | null; message: string | null },
  fastPathMs: number,
): Promise<number[]> {
  const rows = await em.execute<Array<{ user_id: number }>>(
    `update post_track_requests
        set status = ?, post_id = coalesce(?, post_id), message = ?, updated_at = now()
      where network_id = ? and external_id = ? and status = 'pending'
        and created_at < now() - (? * interval '1 millisecond')
      returning user_id`,
    [outcome.status, outcome.postId, outcome.message, identity.networkId, identity.externalId, fastPathMs],
  );
  return rows.map((row) => row.user_id);
}

/** Everyone whose request for this post is still open, whether told "queued" or about to get the answer directly. */
export async function pendingRequesters(em: EntityManager, identity: { networkId: NetworkId; externalId: string }): Promise<number[]> {
  const rows = await em.execute<Array<{ user_id: number }>>(
    "select user_id from post_track_requests where network_id = ? and external_id = ? and status = 'pending'",
    [identity.networkId, identity.externalId],
  );
  return rows.map((row) => row.user_id);
}
