import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { MILESTONE_THRESHOLDS } from '../../../domain/milestones.js';
import { NetworkId } from '../../../domain/networks.js';
import { toGlobalId } from '../graphql/global-id.js';
import { createSession } from '../test-support/factories.js';
import { queryRows } from '../test-support/sql.js';
import { graphql, useTestServer } from '../test-support/test-server.js';
import { DEMO_MARKER_USERNAME, seedDemoData } from './demo-data.js';
import { DEMO_SEED, planDemoData, type DemoPlan } from './demo-plan.js';
import { READING_DAYS } from './post-readings.js';
import { PICTURE_KINDS, renderPostPicture } from './seed-pictures.js';

// The demo seed's pictures and readings as the app serves and reads them: a small demo (20 posts,
// every person) is enough for every rule and keeps the file quick.

const env = useTestServer();
const DAY_MS = 86_400_000;
let plan: DemoPlan;
let adminToken: string;
type SeededPost = { id: number; network_id: number; views: string | null; likes: string; comments: string; shares: string; stats_refreshed_at: Date; posted_at: Date };
let posts: SeededPost[];

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function served(path: string, token?: string) {
  const response = await fetch(`${env.server.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, contentType: response.headers.get('content-type') ?? '', bytes: Buffer.from(await response.arrayBuffer()) };
}

beforeAll(async () => {
  plan = planDemoData(DEMO_SEED, { posts: 20 });
  const result = await seedDemoData(env.server.orm.em.fork(), plan);
  expect(result).toMatchObject({ created: true, posts: 20, pictures: 20 + plan.users.length });
  // Ids follow the plan's order (oldest first).
  posts = await queryRows<SeededPost>(env.database.url, 'select id, network_id, views, likes, comments, shares, stats_refreshed_at, posted_at from posts order by id');
  expect(posts).toHaveLength(20);
  // An admin sees every post, private ones and stories too (docs/product.md §Privacy).
  const [admin] = await queryRows<{ id: number }>(env.database.url, `select id from users where username = 'grace.liu'`);
  adminToken = (await createSession(env.server.orm.em.fork(), env.server.config, admin!.id)).accessToken;
});

describe('seeded pictures', () => {
  it('gives every post a picture the picture route serves, in its network’s frame', async () => {
    for (const [index, post] of posts.entries()) {
      const picture = await served(`/media/posts/${post.id}/thumbnail`, adminToken);
      expect(picture.status, `post ${post.id}`).toBe(200);
      expect(picture.contentType).toMatch(/^image\//);
      const { width = 0, height = 0 } = await sharp(picture.bytes).metadata();
      const kind = plan.posts[index]!.picture.kind;
      expect(width / height).toBeCloseTo(PICTURE_KINDS[kind], 1);
      if (post.network_id === NetworkId.TikTok) expect(kind).toBe('portrait');
      if (post.network_id === NetworkId.YouTube) expect(kind).toBe('wide');
    }
    // Stored as an import stores them: marked on the post, with Visual Match's hashes.
    const [unmarked] = await queryRows<{ count: string }>(env.database.url, 'select count(*) from posts where thumbnail_stored_at is null');
    expect(unmarked?.count).toBe('0');
    const [hashed] = await queryRows<{ count: string }>(env.database.url, 'select count(distinct post_id) from post_image_hashes');
    expect(Number(hashed?.count)).toBe(20);
  });

  it('gives every person a profile picture their avatarUrl serves', async () => {
    const users = await queryRows<{ username: string; avatar_url: string | null }>(env.database.url, 'select username, avatar_url from users');
    expect(users).toHaveLength(plan.users.length);
    for (const user of users) {
      expect(user.avatar_url, user.username).toMatch(/^\/media\/users\/\d+\/avatar\?v=/);
      const picture = await served(user.avatar_url!);
      expect(picture.status).toBe(200);
      expect(picture.contentType).toBe('image/webp');
    }
  });

  it('draws the same bytes from the same seed, and different pictures for different posts and people', async () => {
    const stored = await queryRows<{ post_id: number; bytes: Buffer }>(env.database.url, 'select post_id, bytes from post_thumbnails where width = 640 order by post_id');
    const storedHashes = stored.map((row) => sha256(row.bytes));
    for (const index of [0, 7, 19]) {
      const again = await renderPostPicture(plan.posts[index]!.picture.seed, plan.posts[index]!.picture.kind);
      expect(sha256(again.bytes)).toBe(storedHashes[index]);
    }
    expect(new Set(storedHashes).size).toBe(20);
    const avatars = await queryRows<{ bytes: Buffer }>(env.database.url, 'select bytes from user_avatars');
    expect(new Set(avatars.map((row) => sha256(row.bytes))).size).toBe(plan.users.length);
  });
});

describe('seeded readings', () => {
  type ReadingRow = { post_id: number; fetched_at: Date; views: string | null; likes: string; comments: string; shares: string; source: string };
  let readings: Map<number, ReadingRow[]>;

  beforeAll(async () => {
    const rows = await queryRows<ReadingRow>(env.database.url, 'select post_id, fetched_at, views, likes, comments, shares, source from post_stats order by post_id, fetched_at');
    readings = new Map();
    for (const row of rows) readings.set(row.post_id, [...(readings.get(row.post_id) ?? []), row]);
  });

  it('reads every post once a day over the last 90 days, or since it was posted', () => {
    for (const post of posts) {
      const history = readings.get(post.id) ?? [];
      const ageDays = (post.stats_refreshed_at.getTime() - post.posted_at.getTime()) / DAY_MS;
      expect(history.length, `post ${post.id}`).toBe(Math.min(READING_DAYS, Math.floor(ageDays) + 1));
      const days = history.map((row) => row.fetched_at.toISOString().slice(0, 10));
      expect(new Set(days).size).toBe(history.length);
      const span = (history.at(-1)!.fetched_at.getTime() - history[0]!.fetched_at.getTime()) / DAY_MS;
      expect(span).toBe(history.length - 1);
      expect(history[0]!.fetched_at.getTime()).toBeGreaterThanOrEqual(post.posted_at.getTime());
      expect(history.every((row) => row.source === 'seed')).toBe(true);
    }
    // Most demo posts are older than the window, so their history spans all of it.
    expect(posts.filter((post) => readings.get(post.id)!.length === READING_DAYS).length).toBeGreaterThan(5);
  });

  it('never lets a counter go down, and ends on the post’s own numbers', () => {
    for (const post of posts) {
      const history = readings.get(post.id)!;
      for (const metric of ['views', 'likes', 'comments', 'shares'] as const) {
        const values = history.map((row) => (row[metric] === null ? null : Number(row[metric])));
        if (post[metric] === null) expect(values.every((value) => value === null)).toBe(true);
        for (let i = 1; i < values.length; i++) {
          if (values[i] !== null) expect(values[i]!, `post ${post.id} ${metric}`).toBeGreaterThanOrEqual(values[i - 1]!);
        }
      }
      const latest = history.at(-1)!;
      expect({ views: latest.views, likes: latest.likes, comments: latest.comments, shares: latest.shares }).toEqual({ views: post.views, likes: post.likes, comments: post.comments, shares: post.shares });
      expect(latest.fetched_at.getTime()).toBe(post.stats_refreshed_at.getTime());
    }
    // Real shapes, not flat lines: numbers grew within the window for most posts.
    const grew = posts.filter((post) => Number(readings.get(post.id)!.at(-1)!.likes) > Number(readings.get(post.id)![0]!.likes));
    expect(grew.length).toBeGreaterThan(10);
  });

  it('records the milestones each post’s readings passed, dated by the reading that passed them', async () => {
    const reached = await queryRows<{ subject_id: number; type: 'views' | 'likes'; threshold: string; value: string; reached_at: Date }>(
      env.database.url,
      `select subject_id, type, threshold, value, reached_at from milestones_reached where subject_type = 'post' and type in ('views', 'likes')`,
    );
    for (const post of posts) {
      for (const type of ['views', 'likes'] as const) {
        const current = post[type] === null ? 0 : Number(post[type]);
        const expected = MILESTONE_THRESHOLDS[type].filter((threshold) => threshold <= current);
        const recorded = reached.filter((row) => row.subject_id === post.id && row.type === type);
        expect(recorded.map((row) => Number(row.threshold)).sort((a, b) => a - b)).toEqual(expected);
        for (const row of recorded) {
          const first = readings.get(post.id)!.find((reading) => reading[type] !== null && Number(reading[type]) >= Number(row.threshold))!;
          expect(row.reached_at.getTime()).toBe(first.fetched_at.getTime());
          expect(row.value).toBe(first[type]);
        }
      }
    }
    // People's milestones too (their profile lists them), and none of it announced.
    const [people] = await queryRows<{ count: string }>(env.database.url, `select count(*) from milestones_reached where subject_type = 'user'`);
    expect(Number(people?.count)).toBeGreaterThan(0);
    const [announced] = await queryRows<{ count: string }>(env.database.url, `select count(*) from notifications where kind = 'milestone'`);
    expect(announced?.count).toBe('0');
  });

  it('answers charts and the dashboard’s change since last week from the readings', async () => {
    const post = posts.find((candidate) => candidate.views !== null && readings.get(candidate.id)!.length === READING_DAYS)!;
    const to = new Date();
    const chart = await graphql<{ statsSeries: { points: Array<{ value: number }>; readAt: string | null; total: number } }>(
      env.server,
      'query($input: StatsSeriesInput!) { statsSeries(input: $input) { points { value } readAt total } }',
      { variables: { input: { subject: { postId: toGlobalId('Post', post.id) }, metric: 'VIEWS', interval: 'DAY', from: new Date(to.getTime() - 89 * DAY_MS).toISOString(), to: to.toISOString() } }, token: adminToken },
    );
    expect(chart.body.errors).toBeUndefined();
    const series = chart.body.data!.statsSeries;
    expect(series.readAt).not.toBeNull();
    expect(series.total).toBe(Number(post.views));
    expect(series.points.every((point) => point.value > 0)).toBe(true);

    const [marker] = await queryRows<{ id: number }>(env.database.url, 'select id from users where username = $1', [DEMO_MARKER_USERNAME]);
    const { accessToken } = await createSession(env.server.orm.em.fork(), env.server.config, marker!.id);
    const dashboard = await graphql<{ dashboard: { recentPosts: Array<{ changeSinceLastWeek: { likes: number | null } }> } }>(
      env.server,
      '{ dashboard { recentPosts { changeSinceLastWeek { likes } } } }',
      { token: accessToken },
    );
    expect(dashboard.body.errors).toBeUndefined();
    const changes = dashboard.body.data!.dashboard.recentPosts.map((row) => row.changeSinceLastWeek.likes);
    // Null only for a post under a week old (no reading a week back); growth, never a drop, otherwise.
    expect(changes.some((change) => change !== null && change > 0)).toBe(true);
    expect(changes.every((change) => change === null || change >= 0)).toBe(true);
  });
});
