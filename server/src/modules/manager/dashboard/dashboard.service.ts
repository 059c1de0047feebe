import type { EntityManager } from '@mikro-orm/postgresql';
import { NETWORK_LIST } from '../../../../../domain/networks.js';
import type { Viewer } from '../../users/index.js';
import { Network } from '../../networks/index.js';
import { Post, visiblePostSql } from '../../posts/index.js';
import { MY_POST_IDS_SQL, myPostsParams } from '../posts/my-posts.sql.js';
import type { Dashboard, DashboardRecentPost } from './dashboard.types.js';

export const DASHBOARD_RECENT_POSTS = 6;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

type Count = string | number | null;
const toNumber = (value: Count): number => (value === null ? 0 : Number(value));
const difference = (now: Count, then: Count): number | null => (now === null || then === null ? null : Number(now) - Number(then));

/**
 * The dashboard in four statements whatever the number of posts: the networks, the totals per
 * network (grouped), the recent posts with their week-old reading (a lateral look-up on
 * post_stats' (post_id, fetched_at desc) index) and those posts.
 */
export async function loadDashboard(em: EntityManager, viewer: Viewer, now = new Date()): Promise<Dashboard> {
  const visible = visiblePostSql(viewer);
  const mine = `select p.* from (${MY_POST_IDS_SQL}) mine join posts p on p.id = mine.id where ${visible.sql} and p.import_status = 'imported' and p.is_deleted = false`;
  const params = [...myPostsParams(viewer), ...visible.params];
  const dashboardIds = NETWORK_LIST.filter((network) => network.showOnDashboard).map((network) => network.id);

  const [networks, totals, recent] = await Promise.all([
    em.find(Network, { id: { $in: dashboardIds } }, { orderBy: { id: 'asc' } }),
    em.execute<Array<{ network_id: number; posts: number; views: Count; likes: Count; comments: Count }>>(
      `select network_id, count(*)::int as posts, sum(views) as views, sum(likes) as likes, sum(comments) as comments
         from (${mine}) p where network_id in (?) group by network_id`,
      [...params, dashboardIds],
    ),
    em.execute<Array<{ id: number; views: Count; likes: Count; comments: Count; then_views: Count; then_likes: Count; then_comments: Count }>>(
      `select p.id, p.views, p.likes, p.comments, w.views as then_views, w.likes as then_likes, w.comments as then_comments
         from (${mine}) p
         left join lateral (select s.views, s.likes, s.comments from post_stats s where s.post_id = p.id and s.fetched_at <= ? order by s.fetched_at desc limit 1) w on true
        order by coalesce(p.posted_at, p.created_at) desc, p.id desc
        limit ?`,
      [...params, new Date(now.getTime() - WEEK_MS), DASHBOARD_RECENT_POSTS],
    ),
  ]);

  const posts = recent.length ? await em.find(Post, { id: { $in: recent.map((row) => row.id) } }) : [];
  const postById = new Map(posts.map((post) => [post.id, post]));
  const totalsByNetwork = new Map(totals.map((row) => [row.network_id, row]));

  return {
    networks: networks.map((network) => {
      const row = totalsByNetwork.get(network.id);
      return { network, posts: row?.posts ?? 0, views: toNumber(row?.views ?? null), likes: toNumber(row?.likes ?? null), comments: toNumber(row?.comments ?? null) };
    }),
    recentPosts: recent.flatMap((row): DashboardRecentPost[] => {
      const post = postById.get(row.id);
      if (!post) return [];
      return [{ post, changeSinceLastWeek: { views: difference(row.views, row.then_views), likes: difference(row.likes, row.then_likes), comments: difference(row.comments, row.then_comments) } }];
    }),
  };
}
