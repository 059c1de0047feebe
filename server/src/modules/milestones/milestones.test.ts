import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createAccount, createCredit, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../test-support/fixture-networks/fixture-network-server.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { createOutboundHttp, refreshPostStats } from '../posts/index.js';
import { User } from '../users/index.js';
import { MILESTONE_NOTIFICATION_KIND, recordMilestonesAfterRefresh } from './milestone-check.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let serverA: TestServer;
let serverB: TestServer;

// The fixture network's post: 987,654 views and 54,321 likes when first imported.
const TIKTOK_ID = '7301234567890123456';

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks();
  serverA = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl });
  serverB = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl });
});

afterAll(async () => {
  await serverB?.stop();
  await serverA?.stop();
  await fixtures?.close();
  await database?.drop();
});

const depsOf = (server: TestServer) => ({
  orm: server.orm,
  http: createOutboundHttp({ scraperBaseUrl: fixtures.baseUrl, allowPrivateAddresses: true }),
  logger: createLogger('silent'),
});

async function milestoneNotices(userId: number): Promise<string[]> {
  const rows = await queryRows<{ message: string }>(database.url, 'select message from notifications where user_id = $1 and kind = $2 order by message', [userId, MILESTONE_NOTIFICATION_KIND]);
  return rows.map((row) => row.message);
}

describe('milestones after a stats refresh', () => {
  it('notifies the credited person once per milestone passed, even when two server processes refresh the same post at once', async () => {
    const tracker = await createUser(serverA.orm.em.fork());
    const tracked = await graphql<{ trackPost: { post: { databaseId: number } } }>(serverA, 'mutation($url: String!) { trackPost(input: { url: $url }) { post { databaseId } } }', {
      variables: { url: `https://www.tiktok.com/@maya.makes/video/${TIKTOK_ID}` },
      token: serverA.tokenFor(tracker.id),
    });
    const postId = tracked.body.data!.trackPost.post.databaseId;
    const person = await createUser(serverA.orm.em.fork());
    await queryRows(database.url, `insert into credits (post_id, user_id, role_id, status) values ($1, $2, 3, 'accepted')`, [postId, person.id]);

    fixtures.setStats(TIKTOK_ID, { views: 1_000_500 });
    await Promise.all([refreshPostStats(depsOf(serverA), postId), refreshPostStats(depsOf(serverB), postId)]);

    expect(await milestoneNotices(person.id)).toEqual(['Your credited posts passed 1m views.', 'Your post passed 1m views.']);
    // Both refreshes wrote their reading; the milestone rows exist once each.
    const reached = await queryRows<{ count: string }>(database.url, `select count(*) from milestones_reached where subject_type = 'post' and subject_id = $1 and type = 'views' and threshold = 1000000`, [postId]);
    expect(reached[0]!.count).toBe('1');

    // A later refresh past no new threshold says nothing more.
    fixtures.setStats(TIKTOK_ID, { views: 1_200_000 });
    await refreshPostStats(depsOf(serverB), postId);
    expect(await milestoneNotices(person.id)).toHaveLength(2);

    // The profile lists every threshold reached (older ones recorded without a notification), newest first.
    const profile = await graphql<{ userByUsername: { milestones: Array<{ type: string; threshold: number }> } }>(
      serverA,
      'query($username: String!) { userByUsername(username: $username) { milestones { type threshold reachedAt } } }',
      { variables: { username: person.username } },
    );
    expect(profile.body.errors).toBeUndefined();
    const milestones = profile.body.data!.userByUsername.milestones.map((m) => `${m.type} ${m.threshold}`).sort();
    expect(milestones).toEqual(['LIKES 1000', 'LIKES 10000', 'VIEWS 1000', 'VIEWS 10000', 'VIEWS 100000', 'VIEWS 1000000'].sort());
  });

  it('tells the verified account owner of the account’s milestones, and keeps private posts and pending credits out of shared totals', async () => {
    const em = serverA.orm.em.fork();
    const owner = await createUser(em);
    const person = await createUser(em);
    const invited = await createUser(em);
    const account = await createAccount(em);
    account.owner = em.getReference(User, owner.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    await em.flush();
    const open = await createPost(em, { account });
    const hidden = await createPost(em, { account, isPrivate: true });
    await creditUser(em, open, person);
    await creditUser(em, hidden, person);
    await createCredit(em, { post: open, user: invited, status: 'pending' });

    await queryRows(database.url, 'update posts set views = 1500 where id = $1', [open.id]);
    await em.transactional((tx) => recordMilestonesAfterRefresh(tx, open.id, { views: 900, likes: null }, new Date()));
    expect(await milestoneNotices(person.id)).toEqual(['Your credited posts passed 1k views.', 'Your post passed 1k views.']);
    expect(await milestoneNotices(owner.id)).toEqual([`@${account.handle} passed 1k views.`]);
    expect(await milestoneNotices(invited.id)).toEqual([]);

    // A private post's numbers are its own: its credited people hear of it, no shared total moves.
    await queryRows(database.url, 'update posts set views = 20000 where id = $1', [hidden.id]);
    await em.transactional((tx) => recordMilestonesAfterRefresh(tx, hidden.id, { views: 0, likes: null }, new Date()));
    expect(await milestoneNotices(person.id)).toEqual([
      'Your credited posts passed 1k views.',
      'Your post passed 10k views.',
      'Your post passed 1k views.',
      'Your post passed 1k views.',
    ].sort());
    expect(await milestoneNotices(owner.id)).toHaveLength(1);
  });

  it('counts posts: a person passing 10 credited posts and an account passing 10 posts hear of it once, in words for each', async () => {
    const em = serverA.orm.em.fork();
    const owner = await createUser(em);
    const person = await createUser(em);
    const account = await createAccount(em);
    account.owner = em.getReference(User, owner.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    await em.flush();
    const posts = [];
    for (let i = 0; i < 10; i++) {
      const post = await createPost(em, { account });
      await creditUser(em, post, person, i % 2 === 0 ? 1 : 3);
      posts.push(post);
    }
    // A second role on one post counts that post once.
    await creditUser(em, posts[0]!, person, 2);

    const refresh = (postId: number) => em.fork().transactional((tx) => recordMilestonesAfterRefresh(tx, postId, { views: null, likes: null }, new Date()));
    await Promise.all([refresh(posts[9]!.id), refresh(posts[9]!.id)]);
    expect(await milestoneNotices(person.id)).toEqual(['You passed 10 credited posts.']);
    expect(await milestoneNotices(owner.id)).toEqual([`@${account.handle} passed 10 posts.`]);

    // Refreshing another of the posts announces nothing again.
    await refresh(posts[3]!.id);
    expect(await milestoneNotices(person.id)).toHaveLength(1);
    expect(await milestoneNotices(owner.id)).toHaveLength(1);
    const reached = await queryRows<{ subject_type: string; threshold: string }>(
      database.url,
      `select subject_type, threshold from milestones_reached where type = 'posts' and ((subject_type = 'user' and subject_id = $1) or (subject_type = 'account' and subject_id = $2)) order by subject_type`,
      [person.id, account.id],
    );
    expect(reached).toEqual([
      { subject_type: 'account', threshold: '10' },
      { subject_type: 'user', threshold: '10' },
    ]);
  });
});
