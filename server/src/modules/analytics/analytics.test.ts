import { describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { createAccount, createCredit, createPost, createTeam, createUser, creditUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { createList } from '../lists/index.js';
import { createTeamReport, payForTeam } from '../teams/index.js';
import type { Post } from '../posts/index.js';
import { statsSeries } from './analytics.service.js';

const env = useTestServer();
const log = useQueryLog(env);

const SERIES = `query($input: StatsSeriesInput!) { statsSeries(input: $input) {
  metric interval from to total change source readAt points { start value } } }`;

interface Series {
  metric: string;
  interval: string;
  from: string;
  to: string;
  total: number;
  change: number;
  source: string | null;
  readAt: string | null;
  points: Array<{ start: string; value: number }>;
}

type Subject = Record<string, string>;

async function series(subject: Subject, options: { metric?: string; interval?: string; from: string; to: string; token?: string }) {
  const response = await graphql<{ statsSeries: Series }>(env.server, SERIES, {
    variables: { input: { subject, metric: options.metric ?? 'VIEWS', interval: options.interval ?? 'DAY', from: options.from, to: options.to } },
    token: options.token,
  });
  return response.body;
}

async function read(post: Post, at: string, views: number | null, likes: number | null = null): Promise<void> {
  await queryRows(env.database.url, `insert into post_stats (post_id, views, likes, source, fetched_at) values ($1, $2, $3, 'refresh', $4)`, [post.id, views, likes, at]);
}

const day = (date: string) => `${date}T00:00:00.000Z`;
const values = (body: { data?: { statsSeries: Series } | null }) => body.data!.statsSeries.points.map((point) => [point.start, point.value]);

describe('statsSeries over the stored history', () => {
  it('gives a post’s last reading of each day, carried forward over days without one, with its baseline from before the range', async () => {
    const em = env.server.orm.em.fork();
    const post = await createPost(em);
    await read(post, '2026-10-20T08:00:00Z', 50);
    await read(post, '2026-11-01T10:00:00Z', 100);
    await read(post, '2026-11-01T20:00:00Z', 150);
    await read(post, '2026-11-03T09:30:00Z', 300);

    const whole = await series({ postId: toGlobalId('Post', post.id) }, { from: '2026-11-01T05:00:00Z', to: '2026-11-04T23:00:00Z' });
    expect(whole.errors).toBeUndefined();
    expect(values(whole)).toEqual([
      [day('2026-11-01'), 150],
      [day('2026-11-02'), 150],
      [day('2026-11-03'), 300],
      [day('2026-11-04'), 300],
    ]);
    expect(whole.data!.statsSeries).toMatchObject({ from: day('2026-11-01'), to: day('2026-11-05'), total: 300, change: 250, source: 'TikTok', readAt: '2026-11-03T09:30:00.000Z' });

    const later = await series({ postId: toGlobalId('Post', post.id) }, { from: '2026-11-02T00:00:00Z', to: '2026-11-04T00:00:00Z' });
    expect(values(later)).toEqual([
      [day('2026-11-02'), 150],
      [day('2026-11-03'), 300],
      [day('2026-11-04'), 300],
    ]);
    expect(later.data!.statsSeries).toMatchObject({ total: 300, change: 150 });
  });

  it('adds up an account’s posts, each carried forward on its own, by day and by Monday-to-Sunday week', async () => {
    const em = env.server.orm.em.fork();
    const account = await createAccount(em);
    const first = await createPost(em, { account });
    const second = await createPost(em, { account });
    await read(first, '2026-11-01T12:00:00Z', 100, 10);
    await read(first, '2026-11-03T12:00:00Z', 200, null);
    await read(second, '2026-11-02T12:00:00Z', 10, 1);
    await read(second, '2026-11-04T12:00:00Z', 40, 4);
    const subject = { socialAccountId: toGlobalId('SocialAccount', account.id) };

    const daily = await series(subject, { from: '2026-11-01T00:00:00Z', to: '2026-11-04T00:00:00Z' });
    expect(values(daily)).toEqual([
      [day('2026-11-01'), 100],
      [day('2026-11-02'), 110],
      [day('2026-11-03'), 210],
      [day('2026-11-04'), 240],
    ]);
    // A reading without likes keeps the last known likes (10), it is not a drop to nothing.
    const likes = await series(subject, { metric: 'LIKES', from: '2026-11-01T00:00:00Z', to: '2026-11-04T00:00:00Z' });
    expect(values(likes).map(([, value]) => value)).toEqual([10, 11, 11, 14]);

    // 1 November 2026 is a Sunday: it closes the week of 26 October.
    const weekly = await series(subject, { interval: 'WEEK', from: '2026-11-01T00:00:00Z', to: '2026-11-04T00:00:00Z' });
    expect(values(weekly)).toEqual([
      [day('2026-10-26'), 100],
      [day('2026-11-02'), 240],
    ]);
    expect(weekly.data!.statsSeries).toMatchObject({ total: 240, change: 240, interval: 'WEEK' });
  });

  it('counts posts published per day, and a person’s series follows their public credits in one role when asked', async () => {
    const em = env.server.orm.em.fork();
    const person = await createUser(em);
    const edited = await createPost(em);
    const shot = await createPost(em);
    const pending = await createPost(em);
    await queryRows(env.database.url, `update posts set posted_at = $2 where id = $1`, [edited.id, '2026-11-01T09:00:00Z']);
    await queryRows(env.database.url, `update posts set posted_at = $2 where id = $1`, [shot.id, '2026-11-03T09:00:00Z']);
    await queryRows(env.database.url, `update posts set posted_at = $2 where id = $1`, [pending.id, '2026-11-03T10:00:00Z']);
    await creditUser(em, edited, person, 3);
    await creditUser(em, shot, person, 2);
    await createCredit(em, { post: pending, user: person, status: 'pending' });
    await read(edited, '2026-11-01T12:00:00Z', 1_000);
    await read(shot, '2026-11-03T12:00:00Z', 500);
    await read(pending, '2026-11-03T12:00:00Z', 99_999);
    const userId = toGlobalId('User', person.id);

    const posts = await series({ userId }, { metric: 'POSTS', from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' });
    expect(values(posts).map(([, value]) => value)).toEqual([1, 0, 1]);
    expect(posts.data!.statsSeries).toMatchObject({ total: 2, change: 2 });

    const views = await series({ userId }, { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' });
    expect(values(views).map(([, value]) => value)).toEqual([1_000, 1_000, 1_500]);

    const asEditor = await series({ userId, roleId: toGlobalId('CreditRole', 3) }, { from: '2026-11-01T00:00:00Z', to: '2026-11-03T00:00:00Z' });
    expect(values(asEditor).map(([, value]) => value)).toEqual([1_000, 1_000, 1_000]);
  });
});

describe('statsSeries cost', () => {
  it('reads an account of 40 posts with the same three statements as one of 2 (subject check, series, provenance)', async () => {
    const em = log.orm.em.fork();
    async function accountWith(posts: number): Promise<number> {
      const account = await createAccount(em);
      for (let index = 0; index < posts; index++) {
        const post = await createPost(em, { account });
        await read(post, '2026-11-01T12:00:00Z', 10 + index);
        await read(post, '2026-11-02T12:00:00Z', 20 + index);
      }
      return account.id;
    }
    const [small, large] = [await accountWith(2), await accountWith(40)];
    const request = (socialAccountId: number) => ({ subject: { kind: 'account' as const, socialAccountId }, metric: 'views' as const, interval: 'day' as const, from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-11-03T00:00:00Z') });
    let largeTotal = 0;
    const smallStatements = await log.selectsDuring(() => statsSeries(em.fork(), null, request(small)));
    const largeStatements = await log.selectsDuring(async () => {
      largeTotal = (await statsSeries(em.fork(), null, request(large))).total;
    });
    expect(smallStatements).toHaveLength(3);
    expect(largeStatements).toHaveLength(3);
    expect(largeTotal).toBe(40 * 20 + (39 * 40) / 2);
  });
});

describe('statsSeries permissions and limits', () => {
  it('answers "not found" for a private post to others, and leaves private posts out of an account’s numbers for them', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const stranger = await createUser(em);
    const account = await createAccount(em);
    const open = await createPost(em, { account });
    const hidden = await createPost(em, { account, createdBy: owner, isPrivate: true });
    await read(open, '2026-11-01T12:00:00Z', 10);
    await read(hidden, '2026-11-01T12:00:00Z', 1_000);
    const range = { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' };

    const refused = await series({ postId: toGlobalId('Post', hidden.id) }, { ...range, token: env.server.tokenFor(stranger.id) });
    expect(refused.errors?.[0]?.message).toBe('Post not found');
    const own = await series({ postId: toGlobalId('Post', hidden.id) }, { ...range, token: env.server.tokenFor(owner.id) });
    expect(own.data!.statsSeries.total).toBe(1_000);

    const accountId = toGlobalId('SocialAccount', account.id);
    expect((await series({ socialAccountId: accountId }, range)).data!.statsSeries.total).toBe(10);
    expect((await series({ socialAccountId: accountId }, { ...range, token: env.server.tokenFor(owner.id) })).data!.statsSeries.total).toBe(1_010);
  });

  it('shows a list’s numbers to its owner only', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const other = await createUser(em);
    const person = await createUser(em);
    const listed = await createPost(em);
    const credited = await createPost(em);
    await creditUser(em, credited, person);
    await read(listed, '2026-11-01T12:00:00Z', 7);
    await read(credited, '2026-11-01T12:00:00Z', 5);
    const list = await createList(em, { user: owner, masqueradingAdminId: null, sessionId: null, plansOpen: false }, 'Scouting');
    await queryRows(env.database.url, 'insert into list_posts (list_id, post_id) values ($1, $2)', [list.id, listed.id]);
    await queryRows(env.database.url, 'insert into list_people (list_id, user_id) values ($1, $2)', [list.id, person.id]);
    const subject = { listId: toGlobalId('List', list.id) };
    const range = { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' };

    expect((await series(subject, { ...range, token: env.server.tokenFor(owner.id) })).data!.statsSeries.total).toBe(12);
    expect((await series(subject, { ...range, token: env.server.tokenFor(other.id) })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect((await series(subject, range)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('adds up a team report’s posts for the team’s members only', async () => {
    const em = env.server.orm.em.fork();
    const member = await createUser(em);
    const outsider = await createUser(em);
    const team = await createTeam(em, [{ user: member, role: 'manager' }]);
    await payForTeam(em, team, 'teams');
    const account = await createAccount(em);
    const first = await createPost(em, { account });
    const second = await createPost(em, { account });
    await read(first, '2026-11-01T12:00:00Z', 30);
    await read(second, '2026-11-02T12:00:00Z', 12);
    const report = await createTeamReport(em, { user: member, masqueradingAdminId: null, sessionId: null, plansOpen: false }, team.id, { name: 'Brand', kind: 'accounts', ids: [account.id] });
    const subject = { teamReportId: toGlobalId('TeamReport', report.id) };
    const range = { from: '2026-11-01T00:00:00Z', to: '2026-11-02T00:00:00Z' };

    expect(values(await series(subject, { ...range, token: env.server.tokenFor(member.id) })).map(([, value]) => value)).toEqual([30, 42]);
    expect((await series(subject, { ...range, token: env.server.tokenFor(outsider.id) })).errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
  });

  it('refuses more than 400 points, a backwards range and two subjects with clear messages', async () => {
    const post = await createPost(env.server.orm.em.fork());
    const postId = toGlobalId('Post', post.id);
    const tooLong = await series({ postId }, { from: '2025-01-01T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(tooLong.errors?.[0]?.message).toBe('A chart shows at most 400 days; choose a shorter range or weeks.');
    const weekly = await series({ postId }, { interval: 'WEEK', from: '2025-01-01T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(weekly.data!.statsSeries.points).toHaveLength(96);
    const backwards = await series({ postId }, { from: '2026-11-02T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(backwards.errors?.[0]?.message).toBe('The start of the range must be before its end.');
    const two = await series({ postId, userId: toGlobalId('User', 1) }, { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(two.errors?.[0]?.message).toBe('Give exactly one of postId, socialAccountId, userId, listId, teamReportId or projectId.');
    const nobody = await series({ userId: toGlobalId('User', 2_000_000_000) }, { from: '2026-11-01T00:00:00Z', to: '2026-11-01T00:00:00Z' });
    expect(nobody.errors?.[0]?.message).toBe('User was not found');
  });
});
