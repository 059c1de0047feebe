import { describe, expect, it } from 'vitest';
import { NetworkId } from '../../../../domain/networks.js';
import { PostType } from '../../../../domain/enums.js';
import { createAccount, createCredit, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { toGlobalId } from '../../graphql/global-id.js';
import type { Viewer, User } from '../users/index.js';
import { loadDashboard } from './dashboard/dashboard.service.js';
import { managerCsv } from './posts/manager-csv.js';
import { allManagerPosts, listManagerPosts } from './posts/manager-posts.service.js';

const env = useTestServer();
const log = useQueryLog(env);

const viewerOf = (user: User): Viewer => ({ user, masqueradingAdminId: null, sessionId: null, plansOpen: false });

const MANAGER = `query($first: Int, $after: String, $filter: ManagerPostFilter, $sort: ManagerPostSort) {
  managerPosts(first: $first, after: $after, filter: $filter, sort: $sort) {
    edges { cursor node { url importStatus importError views likes comments creditCount accountHandle networkDatabaseId post { databaseId } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

type ManagerRowResult = { url: string; importStatus: string; importError: string | null; views: number | null; likes: number | null; comments: number | null; creditCount: number; accountHandle: string | null; networkDatabaseId: number; post: { databaseId: number } | null };
type ManagerResult = { managerPosts: { edges: Array<{ cursor: string; node: ManagerRowResult }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };

async function setNumbers(postId: number, views: number | null, likes: number | null = null, comments: number | null = null): Promise<void> {
  await queryRows(env.database.url, 'update posts set views = $2, likes = $3, comments = $4, stats_refreshed_at = now() where id = $1', [postId, views, likes, comments]);
}

async function trackRequest(userId: number, post: { id: number } | null, fields: { url: string; networkId?: number; externalId?: string; status?: string; message?: string | null }): Promise<void> {
  if (post) {
    await queryRows(
      env.database.url,
      `insert into post_track_requests (network_id, external_id, user_id, url, post_id, status) select network_id, external_id, $1, url, id, 'answered' from posts where id = $2`,
      [userId, post.id],
    );
    return;
  }
  await queryRows(env.database.url, 'insert into post_track_requests (network_id, external_id, user_id, url, status, message) values ($1, $2, $3, $4, $5, $6)', [
    fields.networkId ?? NetworkId.TikTok,
    fields.externalId ?? `${Date.now()}${Math.floor(Math.random() * 1e6)}`,
    userId,
    fields.url,
    fields.status ?? 'pending',
    fields.message ?? null,
  ]);
}

describe('what the dashboard and the Content Manager show', () => {
  it('lists tracked, added, accepted-credit and own verified accounts’ posts, and pending or failed links; never others’ tracked, hidden or merely pending-credit posts', async () => {
    const em = env.server.orm.em.fork();
    const [me, other] = [await createUser(em), await createUser(em)];
    const tracked = await createPost(em, { createdBy: other });
    await trackRequest(me.id, tracked, { url: tracked.url });
    const mineAdded = await createPost(em, { createdBy: me, isPrivate: true });
    const creditedAccepted = await createPost(em, { createdBy: other, isPrivate: true });
    await creditUser(em, creditedAccepted, me);
    const creditedPending = await createPost(em, { createdBy: other });
    await createCredit(em, { post: creditedPending, user: me, addedBy: other });
    const creditedDeclined = await createPost(em, { createdBy: other });
    await createCredit(em, { post: creditedDeclined, user: me, addedBy: other, status: 'declined' });
    const verified = await createAccount(em, NetworkId.Instagram);
    const unverified = await createAccount(em);
    await queryRows(env.database.url, 'update social_accounts set owner_id = $1, owner_verified_at = now() where id = $2', [me.id, verified.id]);
    await queryRows(env.database.url, 'update social_accounts set owner_id = $1 where id = $2', [me.id, unverified.id]);
    const fromVerified = await createPost(em, { account: verified });
    const privateOnVerifiedByOther = await createPost(em, { account: verified, createdBy: other, isPrivate: true });
    const storyOnVerifiedByOther = await createPost(em, { account: verified, createdBy: other, type: PostType.Story });
    const fromUnverified = await createPost(em, { account: unverified });
    const othersTracked = await createPost(em, { createdBy: other });
    await trackRequest(other.id, othersTracked, { url: othersTracked.url });
    await trackRequest(me.id, null, { url: 'https://www.tiktok.com/@a/video/111111111111', status: 'pending' });
    await trackRequest(me.id, null, { url: 'https://www.tiktok.com/@a/video/222222222222', status: 'failed', message: 'Could not find or create post with url' });
    await trackRequest(other.id, null, { url: 'https://www.tiktok.com/@b/video/333333333333', status: 'failed', message: 'Failed to scrape' });

    const response = await graphql<ManagerResult>(env.server, MANAGER, { variables: { first: 50 }, token: env.server.tokenFor(me.id) });
    expect(response.body.errors).toBeUndefined();
    const rows = response.body.data!.managerPosts.edges.map((edge) => edge.node);
    const postIds = rows.flatMap((row) => (row.post ? [row.post.databaseId] : [])).sort((a, b) => a - b);
    expect(postIds).toEqual([tracked.id, mineAdded.id, creditedAccepted.id, fromVerified.id].sort((a, b) => a - b));
    for (const hidden of [creditedPending, creditedDeclined, privateOnVerifiedByOther, storyOnVerifiedByOther, fromUnverified, othersTracked]) expect(postIds).not.toContain(hidden.id);
    const links = rows.filter((row) => !row.post);
    expect(links.map((row) => [row.url, row.importStatus, row.importError]).sort()).toEqual([
      ['https://www.tiktok.com/@a/video/111111111111', 'PENDING', null],
      ['https://www.tiktok.com/@a/video/222222222222', 'FAILED', 'Could not find or create post with url'],
    ]);

    // The other person sees their own, not mine.
    const theirs = await graphql<ManagerResult>(env.server, MANAGER, { variables: { first: 50 }, token: env.server.tokenFor(other.id) });
    const theirIds = theirs.body.data!.managerPosts.edges.flatMap((edge) => (edge.node.post ? [edge.node.post.databaseId] : []));
    expect(theirIds).not.toContain(mineAdded.id);
    expect(theirIds).toContain(othersTracked.id);

    const dashboard = await loadDashboard(env.server.orm.em.fork(), viewerOf(me));
    expect(dashboard.networks.map((entry) => entry.network.name)).toEqual(['twitter', 'instagram', 'facebook', 'youtube', 'tiktok', 'snapchat']);
    expect(dashboard.networks.find((entry) => entry.network.name === 'tiktok')!.posts).toBe(3);
    expect(dashboard.networks.find((entry) => entry.network.name === 'instagram')!.posts).toBe(1);
    expect(dashboard.recentPosts.map((entry) => entry.post.id).sort((a, b) => a - b)).toEqual(postIds);
  });

  it('refuses signed-out callers', async () => {
    const response = await graphql(env.server, '{ dashboard { networks { posts } } }');
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('answers totals and the change since last week from the stats history', async () => {
    const em = env.server.orm.em.fork();
    const me = await createUser(em);
    const post = await createPost(em, { createdBy: me });
    await setNumbers(post.id, 1_500, 80, 9);
    await queryRows(env.database.url, `insert into post_stats (post_id, views, likes, comments, source, fetched_at) values ($1, 1000, 50, 4, 'test', now() - interval '8 days'), ($1, 1400, 70, 8, 'test', now() - interval '1 day')`, [post.id]);
    const response = await graphql<{ dashboard: { networks: Array<{ network: { name: string }; views: number }>; recentPosts: Array<{ post: { databaseId: number; stats: { views: number } }; changeSinceLastWeek: { views: number; likes: number; comments: number } }> } }>(
      env.server,
      '{ dashboard { networks { network { name } views } recentPosts { post { databaseId stats { views } } changeSinceLastWeek { views likes comments } } } }',
      { token: env.server.tokenFor(me.id) },
    );
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.dashboard.networks.find((entry) => entry.network.name === 'tiktok')!.views).toBe(1_500);
    expect(response.body.data!.dashboard.recentPosts).toEqual([{ post: { databaseId: post.id, stats: { views: 1_500 } }, changeSinceLastWeek: { views: 500, likes: 30, comments: 5 } }]);
  });
});

describe('500 posts', () => {
  async function manyPosts(): Promise<{ me: User; ids: number[] }> {
    const em = env.server.orm.em.fork();
    const me = await createUser(em);
    const accounts = [await createAccount(em, NetworkId.TikTok, `alpha_${me.id}`), await createAccount(em, NetworkId.YouTube, `beta_${me.id}`)];
    const rows = await queryRows<{ id: number }>(
      env.database.url,
      `insert into posts (network_id, external_id, account_id, url, import_status, created_by_id, views, likes, comments, posted_at, stats_refreshed_at, created_at)
       select case when i % 2 = 0 then 5 else 4 end, 'many' || $1::text || '_' || i, case when i % 2 = 0 then $2::int else $3::int end,
              'https://example.test/' || $1::text || '/' || i, 'imported', $1::int, case when i % 7 = 0 then null else (i * 37) % 1000 end, i % 50, i % 13,
              now() - i * interval '1 hour', now() - (i % 5) * interval '1 day', now() - i * interval '1 minute'
         from generate_series(1, 500) i returning id`,
      [me.id, accounts[0]!.id, accounts[1]!.id],
    );
    const ids = rows.map((row) => row.id);
    // A few credits, so the credits column varies.
    for (const id of ids.slice(0, 5)) await queryRows(env.database.url, `insert into credits (post_id, user_id, role_id, status) values ($1, $2, 1, 'accepted')`, [id, me.id]);
    return { me, ids };
  }

  it('reads a page of the table in two statements and the dashboard in four, whatever the number of posts', async () => {
    const { me } = await manyPosts();
    const viewer = viewerOf(me);
    await log.orm.em.fork().execute('select 1'); // the logging ORM's first connection checks the database: not part of the page
    const pageSelects = await log.selectsDuring(() => listManagerPosts(log.orm.em.fork(), viewer, { first: 100, sort: { field: 'views', direction: 'desc' } }));
    expect(pageSelects.length).toBeLessThanOrEqual(2);
    const dashboardSelects = await log.selectsDuring(() => loadDashboard(log.orm.em.fork(), viewer));
    expect(dashboardSelects.length).toBeLessThanOrEqual(4);
  });

  it('pages by keyset through every sort without overlap, in order, and filters', async () => {
    const { me, ids } = await manyPosts();
    const token = env.server.tokenFor(me.id);
    const fetchAll = async (variables: Record<string, unknown>) => {
      const seen: ManagerRowResult[] = [];
      let after: string | null = null;
      for (;;) {
        const response: Awaited<ReturnType<typeof graphql<ManagerResult>>> = await graphql<ManagerResult>(env.server, MANAGER, { variables: { ...variables, first: 100, after }, token });
        expect(response.body.errors).toBeUndefined();
        const page = response.body.data!.managerPosts;
        seen.push(...page.edges.map((edge) => edge.node));
        if (!page.pageInfo.hasNextPage) return seen;
        after = page.pageInfo.endCursor;
      }
    };
    const byViews = await fetchAll({ sort: { field: 'VIEWS', direction: 'DESC' } });
    expect(byViews).toHaveLength(500);
    expect(new Set(byViews.map((row) => row.post!.databaseId)).size).toBe(500);
    const views = byViews.map((row) => row.views ?? -1);
    expect(views).toEqual([...views].sort((a, b) => b - a));
    expect(byViews.at(-1)!.views).toBeNull();

    for (const field of ['POSTED_AT', 'ACCOUNT', 'NETWORK', 'LIKES', 'COMMENTS', 'LAST_REFRESHED', 'CREDITS', 'IMPORT_STATUS', 'TRACKED_AT']) {
      const rows = await fetchAll({ sort: { field, direction: 'ASC' } });
      expect(new Set(rows.map((row) => row.post!.databaseId))).toEqual(new Set(ids));
    }
    const byLikes = (await fetchAll({ sort: { field: 'LIKES', direction: 'ASC' } })).map((row) => row.likes!);
    expect(byLikes).toEqual([...byLikes].sort((a, b) => a - b));

    const youtube = await fetchAll({ filter: { networkIds: [toGlobalId('Network', NetworkId.YouTube)], minViews: 500 } });
    expect(youtube.length).toBeGreaterThan(0);
    expect(youtube.every((row) => row.networkDatabaseId === NetworkId.YouTube && row.views! >= 500)).toBe(true);
    const beta = await fetchAll({ filter: { account: 'BETA_' } });
    expect(beta).toHaveLength(250);
    const credited = await fetchAll({ filter: { credited: true } });
    expect(credited.map((row) => row.creditCount)).toEqual([1, 1, 1, 1, 1]);
    const failed = await fetchAll({ filter: { importStatuses: ['FAILED'] } });
    expect(failed).toEqual([]);
    // Post i was posted i hours ago, refreshed i % 5 days ago, with i % 50 likes and i % 13 comments.
    const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();
    expect(await fetchAll({ filter: { postedFrom: hoursAgo(10.5) } })).toHaveLength(10);
    expect(await fetchAll({ filter: { postedBefore: hoursAgo(490.5) } })).toHaveLength(10);
    expect(await fetchAll({ filter: { postedFrom: hoursAgo(20.5), postedBefore: hoursAgo(10.5) } })).toHaveLength(10);
    const liked = await fetchAll({ filter: { minLikes: 45 } });
    expect(liked).toHaveLength(50);
    expect(liked.every((row) => row.likes! >= 45)).toBe(true);
    const discussed = await fetchAll({ filter: { minComments: 12 } });
    expect(discussed).toHaveLength(38);
    expect(discussed.every((row) => row.comments === 12)).toBe(true);
    expect(await fetchAll({ filter: { refreshedBefore: hoursAgo(3.5 * 24) } })).toHaveLength(100);

    const bad = await graphql(env.server, MANAGER, { variables: { first: 10, after: 'nonsense', sort: { field: 'VIEWS', direction: 'DESC' } }, token });
    expect(bad.body.errors?.[0]?.message).toBe('Invalid cursor');
  });

  it('refuses a forged cursor whose row key or text PostgreSQL could not take', async () => {
    const token = env.server.tokenFor((await createUser(env.server.orm.em.fork())).id);
    const forged = (field: string, value: string, key: number) => Buffer.from(JSON.stringify([field, value, key])).toString('base64url');
    for (const [sort, after] of [
      ['VIEWS', forged('views', '1', 2_147_483_648)],
      ['ACCOUNT', forged('account', 'a\u0000b', 1)],
      ['ACCOUNT', forged('account', '\uD800', 1)],
      ['TRACKED_AT', forged('tracked_at', 'not a date', 1)],
      ['POSTED_AT', forged('posted_at', '2026-13-45 99:00:00+00', 1)],
      ['VIEWS', forged('views', '99999999999999999999999', 1)],
    ] as const) {
      const response = await graphql(env.server, MANAGER, { variables: { first: 10, after, sort: { field: sort, direction: 'DESC' } }, token });
      expect(response.body.errors, after).toEqual([expect.objectContaining({ message: 'Invalid cursor', extensions: expect.objectContaining({ code: 'BAD_USER_INPUT' }) })]);
    }
  });

  it('exports exactly the table as CSV', async () => {
    const { me } = await manyPosts();
    const viewer = viewerOf(me);
    const sort = { field: 'likes' as const, direction: 'desc' as const };
    const filter = { minViews: 100 };
    const table = [];
    let after: string | null = null;
    for (;;) {
      const page = await listManagerPosts(env.server.orm.em.fork(), viewer, { first: 100, after, sort, filter });
      table.push(...page.nodes);
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    const response = await graphql<{ managerPostsCsv: string }>(env.server, 'query($filter: ManagerPostFilter, $sort: ManagerPostSort) { managerPostsCsv(filter: $filter, sort: $sort) }', {
      variables: { filter, sort: { field: 'LIKES', direction: 'DESC' } },
      token: env.server.tokenFor(me.id),
    });
    expect(response.body.errors).toBeUndefined();
    const csv = response.body.data!.managerPostsCsv;
    expect(csv).toBe(managerCsv(table.map((row) => ({ ...row, post: null }))));
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Post,Network,Account,Posted,Import status,Views,Likes,Comments,Last refreshed,Credits');
    expect(lines).toHaveLength(table.length + 1);
    expect((await allManagerPosts(env.server.orm.em.fork(), viewer, { sort, filter })).length).toBe(table.length);
  });
});

describe('remove and refresh', () => {
  it('removes only the viewer’s link to a post; credited posts stay theirs', async () => {
    const em = env.server.orm.em.fork();
    const [me, other] = [await createUser(em), await createUser(em)];
    const shared = await createPost(em, { createdBy: other });
    await trackRequest(me.id, shared, { url: shared.url });
    await trackRequest(other.id, shared, { url: shared.url });
    const credited = await createPost(em, { createdBy: other });
    await creditUser(em, credited, me);
    await trackRequest(me.id, credited, { url: credited.url });
    const response = await graphql<{ removeFromMyPosts: { removedCount: number; keptCount: number } }>(
      env.server,
      'mutation($ids: [ID!]!) { removeFromMyPosts(input: { postIds: $ids }) { removedCount keptCount } }',
      { variables: { ids: [toGlobalId('Post', shared.id), toGlobalId('Post', credited.id)] }, token: env.server.tokenFor(me.id) },
    );
    expect(response.body.data).toEqual({ removeFromMyPosts: { removedCount: 2, keptCount: 1 } });
    const mine = (await allManagerPosts(env.server.orm.em.fork(), viewerOf(me), {})).map((row) => row.postId);
    expect(mine).toEqual([credited.id]);
    const theirs = (await allManagerPosts(env.server.orm.em.fork(), viewerOf(other), {})).map((row) => row.postId);
    expect(theirs).toContain(shared.id);
  });

  it('queues a refresh only for the viewer’s posts whose numbers are over an hour old', async () => {
    const em = env.server.orm.em.fork();
    const [me, other] = [await createUser(em), await createUser(em)];
    const stale = await createPost(em, { createdBy: me });
    const fresh = await createPost(em, { createdBy: me });
    const notMine = await createPost(em, { createdBy: other });
    await queryRows(env.database.url, `update posts set stats_refreshed_at = now() - interval '3 hours' where id = $1`, [stale.id]);
    await queryRows(env.database.url, `update posts set stats_refreshed_at = now() - interval '5 minutes' where id = $1`, [fresh.id]);
    const refresh = () =>
      graphql<{ refreshPostStats: { queuedCount: number; alreadyFreshCount: number; overLimitCount: number } }>(
        env.server,
        'mutation($ids: [ID!]!) { refreshPostStats(input: { postIds: $ids }) { queuedCount alreadyFreshCount overLimitCount } }',
        { variables: { ids: [stale.id, fresh.id, notMine.id].map((id) => toGlobalId('Post', id)) }, token: env.server.tokenFor(me.id) },
      );
    const response = await refresh();
    expect(response.body.data).toEqual({ refreshPostStats: { queuedCount: 1, alreadyFreshCount: 1, overLimitCount: 0 } });
    const jobs = await queryRows<{ n: number }>(env.database.url, `select count(*)::int as n from pgboss.job where name = 'post-stats-refresh' and data->>'postId' = $1`, [String(stale.id)]);
    expect(jobs[0]!.n).toBeGreaterThanOrEqual(1);
    const logged = await queryRows<{ n: number }>(env.database.url, 'select count(*)::int as n from manual_stats_refreshes where user_id = $1', [me.id]);
    expect(logged[0]!.n).toBe(1);
  });
});
