import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { PostType } from '../../../../../domain/enums.js';
import { suggestCreditsFromCaption, type CreditedHandle } from '../../../../../domain/credit-suggestions.js';
import type { Viewer } from '../../users/index.js';
import { Network, SocialAccount } from '../../networks/index.js';
import type { PostView } from '../../posts/index.js';
import { loadById } from '../../../db/references.js';
import { User } from '../../users/index.js';
import { CreditRole } from '../credit-role.entity.js';
import { mayCreditOthersOn } from '../credit.policy.js';

/** One suggestion as `Post.creditSuggestions` serves it. */
export interface CreditSuggestionView {
  handle: string;
  network: Network;
  role: CreditRole;
  matchedText: string;
  user: User | null;
}

/**
 * Who is already credited on each post, per role, by every handle they go by on the post's
 * network: a credited user's username and verified accounts there, an invitee's account. Declined
 * credits count too: someone who said no is not suggested again.
 */
async function creditedHandles(em: EntityManager, postIds: readonly number[]): Promise<Map<number, CreditedHandle[]>> {
  const rows = await em.execute<Array<{ post_id: number; role_id: number; handle: string }>>(
    `select c."post_id", c."role_id", h."handle"
       from "credits" c
       join "posts" p on p."id" = c."post_id"
       join lateral (
         select u."username" as "handle" from "users" u where u."id" = c."user_id" and u."username" is not null
         union all
         select a."handle" from "social_accounts" a
          where a."owner_id" = c."user_id" and a."owner_verified_at" is not null and a."network_id" = p."network_id"
         union all
         select a."handle" from "social_accounts" a where a."id" = c."invitee_account_id"
       ) h on true
      where c."post_id" in (?)`,
    [[...postIds]],
  );
  const byPost = new Map<number, CreditedHandle[]>();
  for (const row of rows) {
    const postId = Number(row.post_id);
    byPost.set(postId, [...(byPost.get(postId) ?? []), { handle: row.handle, roleId: Number(row.role_id) }]);
  }
  return byPost;
}

/**
 * The Byline user behind each handle: the verified owner of that account on the network, else a
 * user with that username (people often keep one handle everywhere). Unverified claims do not
 * count: anyone can say an account is theirs.
 */
async function matchedUsers(em: EntityManager, handles: ReadonlyArray<{ networkId: number; handle: string }>): Promise<Map<string, User>> {
  if (handles.length === 0) return new Map();
  const rows = await em.execute<Array<{ network_id: number; handle: string; user_id: number | null }>>(
    `select x."network_id", x."handle", coalesce(
        (select a."owner_id" from "social_accounts" a
          where a."network_id" = x."network_id" and lower(a."handle") = lower(x."handle") and a."owner_verified_at" is not null and a."owner_id" is not null
          limit 1),
        (select u."id" from "users" u where lower(u."username") = lower(x."handle"))) as "user_id"
       from jsonb_to_recordset(?::jsonb) as x("network_id" int, "handle" text)`,
    [JSON.stringify(handles.map((entry) => ({ network_id: entry.networkId, handle: entry.handle })))],
  );
  const userIds = [...new Set(rows.flatMap((row) => (row.user_id === null ? [] : [Number(row.user_id)])))];
  const users = new Map((userIds.length ? await em.find(User, { id: { $in: userIds } }) : []).map((user) => [user.id, user]));
  const byHandle = new Map<string, User>();
  for (const row of rows) {
    const user = row.user_id === null ? undefined : users.get(Number(row.user_id));
    if (user) byHandle.set(handleKey(Number(row.network_id), row.handle), user);
  }
  return byHandle;
}

function handleKey(networkId: number, handle: string): string {
  return `${networkId}:${handle.toLowerCase()}`;
}

/**
 * The suggestions of a page of posts in a fixed number of queries, whatever the page size: who
 * may credit on which post (one), the posts' accounts and networks (one each, through the ORM's
 * batching), existing credits (one), matched users (two) and roles (one).
 */
async function suggestionsForPosts(em: EntityManager, viewer: Viewer, posts: readonly PostView[]): Promise<CreditSuggestionView[][]> {
  const allowed = await Promise.all(posts.map((post) => mayCreditOthersOn(em, viewer, post)));
  const wanted = posts.filter((post, index) => allowed[index] && post.caption);
  if (wanted.length === 0) return posts.map(() => []);
  const [accounts, networks, credited] = await Promise.all([
    Promise.all(wanted.map((post) => loadById(em, SocialAccount, post.account.id))),
    Promise.all(wanted.map((post) => loadById(em, Network, post.network.id))),
    creditedHandles(em, wanted.map((post) => post.id)),
  ]);
  const found = new Map(
    wanted.map((post, index) => [
      post.id,
      suggestCreditsFromCaption(post.caption, {
        networkId: post.network.id,
        postingHandle: accounts[index]!.handle,
        isStill: post.type === PostType.Image,
        alreadyCredited: credited.get(post.id) ?? [],
      }),
    ]),
  );
  const all = [...found].flatMap(([postId, suggestions]) => suggestions.map((suggestion) => ({ postId, ...suggestion })));
  if (all.length === 0) return posts.map(() => []);
  const networkOf = new Map(wanted.map((post, index) => [post.id, networks[index]!]));
  const lookups = [...new Map(all.map((entry) => [handleKey(networkOf.get(entry.postId)!.id, entry.handle), { networkId: networkOf.get(entry.postId)!.id, handle: entry.handle }])).values()];
  const [users, roles] = await Promise.all([matchedUsers(em, lookups), em.find(CreditRole, { id: { $in: [...new Set(all.map((entry) => entry.roleId))] } })]);
  const roleById = new Map(roles.map((role) => [role.id, role]));
  return posts.map((post) =>
    (found.get(post.id) ?? []).flatMap((suggestion) => {
      const network = networkOf.get(post.id)!;
      const role = roleById.get(suggestion.roleId);
      if (!role) return [];
      // The posting account's own owner may be matched: "shot by me" credits them, as they wrote.
      return [{ handle: suggestion.handle, network, role, matchedText: suggestion.matchedText, user: users.get(handleKey(network.id, suggestion.handle)) ?? null }];
    }),
  );
}

// One loader per request (each request forks its EntityManager) and viewer.
const loaders = new WeakMap<EntityManager, Map<number, DataLoader<PostView, CreditSuggestionView[], number>>>();

/** A post's suggestions, batched with every other post of the same request. */
export function loadCreditSuggestions(em: EntityManager, viewer: Viewer, post: PostView): Promise<CreditSuggestionView[]> {
  let byViewer = loaders.get(em);
  if (!byViewer) loaders.set(em, (byViewer = new Map()));
  let loader = byViewer.get(viewer.user.id);
  if (!loader) {
    loader = new DataLoader((posts: readonly PostView[]) => suggestionsForPosts(em, viewer, posts), { cacheKeyFn: (post) => post.id });
    byViewer.set(viewer.user.id, loader);
  }
  return loader.load(post);
}
