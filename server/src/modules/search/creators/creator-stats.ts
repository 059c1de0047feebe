import type { EntityManager } from '@mikro-orm/postgresql';
import { RoleFlag } from '../../../../../domain/enums.js';
import { idArray } from '../../../db/prepared-read.js';
import { User, type Viewer } from '../../users/index.js';
import { publicCreditSql } from '../../credits/index.js';
import { portfoliosOfKnownVisiblePostsSql, visiblePortfoliosSql, type SqlFragment } from '../../profiles/index.js';

/**
 * Someone who may see every post (an admin, docs/product.md §Admin): the portfolio rule as they
 * see it gives the all-posts totals (`creator_stats_all`). Nobody signs in as it; it only builds SQL.
 */
export function everyPostViewer(): Viewer {
  const user = new User();
  user.id = 0;
  user.roleFlags = [RoleFlag.admin];
  return { user, masqueradingAdminId: null, sessionId: null, plansOpen: false };
}

/** Where each kind of viewer's stored totals are: what a signed-out visitor sees, or every post. */
export type StoredTotals = 'creator_stats' | 'creator_stats_all';

/**
 * Whose totals to work out: a list of people (a drain's batch; the few whose stored totals a
 * search may not use), or everyone a subquery returns (one column, the person's id) when that
 * list would be too long to send.
 */
export type StatsOwners = { ids: readonly number[] } | { subquery: SqlFragment };

/**
 * The totals the creator search ranks and filters people by, over each person's portfolio as
 * `viewer` sees it (the profiles module's rule, `visiblePortfoliosSql`): one row per person with a
 * username, in `creator_stats`' columns, zeros for an empty portfolio. Signed out (viewer null),
 * these are the public totals the search outbox's drain stores; for a viewer, the search works
 * them out live for the people whose stored totals do not hold for that viewer.
 */
export function creatorStatsSql(em: EntityManager, viewer: Viewer | null, owners: StatsOwners): SqlFragment {
  const byIds = 'ids' in owners;
  const ownerSet: SqlFragment = byIds ? { sql: 'select unnest(?::int[])', params: [idArray(owners.ids)] } : owners.subquery;
  // With a list, the portfolio rule narrows each of its parts by owner (index lookups); a
  // subquery cannot be pushed into them, so the other form is filtered after (a whole pass).
  const portfolio = visiblePortfoliosSql(em, viewer, byIds ? owners.ids : null);
  return {
    sql: `with "stat_owners" as (select u."id" as "owner" from "users" u where u."username" is not null and u."id" in (${ownerSet.sql})),
      "stat_portfolio" as (select pp."owner", pp."post_id" from (${portfolio.sql}) pp where pp."owner" in (select "owner" from "stat_owners")),
      "stat_work" as (select pp."owner", count(*) as "posts", coalesce(sum(p."views"), 0) as "views", array_agg(distinct p."network_id"::int) as "network_ids"
                      from "stat_portfolio" pp join "posts" p on p."id" = pp."post_id" group by pp."owner"),
      "stat_held" as (select c."user_id" as "owner", array_agg(distinct c."role_id"::int) as "role_ids", max(c."created_at") as "last_credited_at"
                      from "credits" c join "stat_portfolio" pp on pp."owner" = c."user_id" and pp."post_id" = c."post_id"
                      where ${publicCreditSql('c')} group by c."user_id"),
      "stat_reach" as (select a."owner_id" as "owner", coalesce(sum(a."follower_count"), 0) as "followers", array_agg(distinct a."network_id"::int) as "network_ids"
                      from "social_accounts" a where a."owner_verified_at" is not null and a."owner_id" in (select "owner" from "stat_owners") group by a."owner_id")
      select o."owner" as "user_id", coalesce(w."posts", 0)::int as "posts", coalesce(w."views", 0)::bigint as "views",
             coalesce(r."followers", 0)::bigint as "followers", coalesce(h."role_ids", '{}') as "role_ids",
             array(select distinct n from unnest(coalesce(w."network_ids", '{}') || coalesce(r."network_ids", '{}')) n order by n) as "network_ids",
             h."last_credited_at"
      from "stat_owners" o left join "stat_work" w on w."owner" = o."owner" left join "stat_held" h on h."owner" = o."owner"
      left join "stat_reach" r on r."owner" = o."owner"`,
    params: [...ownerSet.params, ...portfolio.params],
  };
}

/**
 * The totals of the posts only `viewer` may see (their private posts and stories, private posts
 * they are credited on), per person those posts touch, in creator_stats' columns (followers 0:
 * they do not depend on posts). Those posts and the public ones never overlap, so the viewer's
 * totals are the stored public ones plus these (counts added, sets joined, the latest date kept):
 * worked out from the viewer's own rows, however many people match. `posts` is a subquery of
 * those posts' (id, views, network_id).
 */
export function privateContributionSql(em: EntityManager, posts: SqlFragment, { withSets }: { withSets: boolean }): SqlFragment {
  // Every one of these posts is one the viewer may see, so the portfolio rule's rows are taken
  // without its visibility test (which would read every visible post). The posts' own numbers
  // come with them, read when they were found, and the roles from one pass over their credits:
  // a user's posts lie one to a page, so looking each post up again would read thousands of
  // pages. Their ids go as one array (`any(array(…))`, worked out once), which the planner pushes
  // into each part of the rule's union and reads each index with. The sets (networks, roles) may
  // repeat values: adding them to the stored totals removes repeats.
  const portfolio = portfoliosOfKnownVisiblePostsSql(em);
  const ids = 'any(array(select "post_id" from "mine_posts"))';
  // The roles and networks only matter to filters that look at them (filtersLookAtSets): without
  // them the contribution is counts alone, one pass fewer over the credits.
  const held = withSets
    ? {
        cte: `, "mine_held" as (select c."user_id" as "owner", array_agg(c."role_id"::int) as "role_ids", max(c."created_at") as "last_credited_at"
                      from "credits" c where c."post_id" = ${ids} and ${publicCreditSql('c')} group by c."user_id")`,
        columns: `coalesce(h."role_ids", '{}') as "role_ids", w."network_ids", h."last_credited_at"`,
        join: `left join "mine_held" h on h."owner" = w."owner"`,
      }
    : { cte: '', columns: `'{}'::int[] as "role_ids", '{}'::int[] as "network_ids", null::timestamptz as "last_credited_at"`, join: '' };
  return {
    sql: `with "mine_posts" as materialized (select p."id" as "post_id", p."views", p."network_id"::int as "network_id" from (${posts.sql}) p),
      "mine_portfolio" as materialized (select pp."owner", pp."post_id" from (${portfolio.sql}) pp where pp."post_id" = ${ids}),
      "mine_work" as (select pp."owner", count(*) as "posts", coalesce(sum(m."views"), 0) as "views"${withSets ? ', array_agg(m."network_id") as "network_ids"' : ''}
                      from "mine_portfolio" pp join "mine_posts" m on m."post_id" = pp."post_id" group by pp."owner")${held.cte}
      select w."owner" as "user_id", w."posts"::int as "posts", w."views"::bigint as "views", 0::bigint as "followers", ${held.columns}
      from "mine_work" w ${held.join}`,
    params: [...posts.params, ...portfolio.params],
  };
}

/**
 * Stores the totals of these people (the search outbox's drain, for the people it takes), in
 * the drain's transaction: a person's totals change in the same commit that removes their outbox
 * row, which is what lets a search trust every total whose person is not queued. Two sets: what
 * a signed-out visitor sees (`creator_stats`) and every post (`creator_stats_all`, for admins).
 */
export async function refreshCreatorStats(em: EntityManager, userIds: readonly number[]): Promise<void> {
  if (userIds.length === 0) return;
  const sets: Array<[StoredTotals, Viewer | null]> = [
    ['creator_stats', null],
    ['creator_stats_all', everyPostViewer()],
  ];
  for (const [table, viewer] of sets) {
    const stats = creatorStatsSql(em, viewer, { ids: userIds });
    await em.execute(
      `insert into "${table}" ("user_id", "posts", "views", "followers", "role_ids", "network_ids", "last_credited_at") ${stats.sql}
       on conflict ("user_id") do update set "posts" = excluded."posts", "views" = excluded."views", "followers" = excluded."followers",
         "role_ids" = excluded."role_ids", "network_ids" = excluded."network_ids", "last_credited_at" = excluded."last_credited_at"`,
      stats.params,
    );
    // Someone without a username (none can be found) or deleted keeps no totals.
    await em.execute(
      `delete from "${table}" s where s."user_id" = any(?::int[])
         and not exists (select 1 from "users" u where u."id" = s."user_id" and u."username" is not null)`,
      [idArray(userIds)],
    );
  }
}
