import type { Viewer } from '../../users/index.js';

/**
 * The viewer's posts as one SQL union, each arm on its own index:
 * - tracked: post_track_requests (user_id, created_at) joined to posts by identity (a request
 *   settled by the worker and one answered directly count alike),
 * - added: posts.created_by_id,
 * - credited: credits (user_id, post_id) the viewer accepted (a pending one waits on the
 *   dashboard's "Credits to accept" until they say yes),
 * - posted by an account the viewer owns and verified (social_accounts_verified_owner_index).
 * `?` placeholders all take the viewer's user id; `myPostsParams` gives them.
 */
export const MY_POST_IDS_SQL = `
  select p.id from post_track_requests r join posts p on p.network_id = r.network_id and p.external_id = r.external_id where r.user_id = ?
  union select id from posts where created_by_id = ?
  union select post_id from credits where user_id = ? and status = 'accepted'
  union select p.id from social_accounts a join posts p on p.account_id = a.id where a.owner_id = ? and a.owner_verified_at is not null`;

export function myPostsParams(viewer: Viewer): number[] {
  return [viewer.user.id, viewer.user.id, viewer.user.id, viewer.user.id];
}
