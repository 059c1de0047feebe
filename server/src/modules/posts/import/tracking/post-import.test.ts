import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/database.js';
import { toGlobalId } from '../../../../graphql/global-id.js';
import { createUser } from '../../../../test-support/factories.js';
import { queryRows } from '../../../../test-support/sql.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { graphql, startTestServer, type TestServer } from '../../../../test-support/test-server.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;
let token: string;

const TIKTOK = 'https://www.tiktok.com/@maya.makes/video/7301234567890123456';
const TRACK = 'mutation($url: String!) { trackPost(input: { url: $url }) { outcome url post { databaseId caption type importStatus network { name } account { handle } stats { views likes comments shares } thumbnailUrl(width: 80) } } }';

type TrackResponse = { trackPost: { outcome: string; url: string; post: { databaseId: number; caption: string; type: string; importStatus: string; network: { name: string }; account: { handle: string }; stats: Record<string, number | null>; thumbnailUrl: string | null } | null } };

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks({ slowMs: 2_500 });
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, importFastPathMs: 1_500, queueSuperviseIntervalSeconds: 1 });
  token = server.tokenFor((await createUser(server.orm.em.fork())).id);
});

afterAll(async () => {
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

const track = (url: string, as = token) => graphql<TrackResponse>(server, TRACK, { variables: { url }, token: as });


describe('tracking a link', () => {
  it('imports a new post in one call, with its account, numbers and our own copy of the picture', async () => {
    const response = await track(`${TIKTOK}?is_from_webapp=1&sender_device=pc`);
    expect(response.body.errors).toBeUndefined();
    const result = response.body.data!.trackPost;
    expect(result.outcome).toBe('IMPORTED');
    expect(result.post).toMatchObject({
      caption: 'Clay mug in 60 seconds #pottery',
      type: 'VIDEO',
      importStatus: 'IMPORTED',
      network: { name: 'tiktok' },
      account: { handle: 'maya.makes' },
      stats: { views: 987_654, likes: 54_321, comments: 1_234, shares: 567 },
    });

    // The thumbnail copy runs right after the post is stored.
    await expect.poll(async () => (await queryRows<{ n: number }>(database.url, 'select count(*)::int as n from post_thumbnails where post_id = $1', [result.post!.databaseId]))[0]!.n).toBeGreaterThan(0);
    const picture = await fetch(`${server.url}/media/posts/${result.post!.databaseId}/thumbnail?w=80`);
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toBe('image/webp');
    const metadata = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.width).toBeLessThanOrEqual(80);

    const history = await queryRows<{ views: string; source: string }>(database.url, 'select views, source from post_stats where post_id = $1', [result.post!.databaseId]);
    expect(history).toEqual([{ views: '987654', source: 'tiktok:public' }]);
  });

  it('finds the same post from any form of its link, signed out too, without touching the network', async () => {
    const before = fixtures.requests.length;
    const forms = [TIKTOK, `${TIKTOK}?lang=en`, 'https://m.tiktok.com/@maya.makes/video/7301234567890123456/', 'http://tiktok.com/@maya.makes/video/7301234567890123456#comments'];
    const ids = new Set<string>();
    for (const url of forms) {
      const response = await graphql<{ postByUrl: { id: string } | null }>(server, 'query($url: String!) { postByUrl(url: $url) { id } }', { variables: { url } });
      ids.add(response.body.data!.postByUrl!.id);
    }
    expect(ids.size).toBe(1);
    const again = await track(forms[2]!);
    expect(again.body.data!.trackPost.outcome).toBe('EXISTING');
    expect(fixtures.requests.length).toBe(before);
  });

  it('makes one post and asks the network once when fifty people track the same new link at once', async () => {
    const url = 'https://www.tiktok.com/@maya.makes/video/7309876543210987654';
    // One import asks TikTok's oEmbed once (then the page and the picture).
    const fetchesOfLink = () => fixtures.requests.filter((path) => path.startsWith('/www.tiktok.com/oembed') && path.includes('7309876543210987654')).length;
    const before = fetchesOfLink();
    const people = await Promise.all(Array.from({ length: 50 }, () => createUser(server.orm.em.fork())));
    const responses = await Promise.all(people.map((person) => track(url, server.tokenFor(person.id))));
    const postIds = new Set(responses.map((response) => response.body.data?.trackPost.post?.databaseId));
    expect(responses.every((response) => response.body.errors === undefined)).toBe(true);
    expect(postIds.size).toBe(1);
    expect(await queryRows(database.url, 'select id from posts where external_id = $1', ['7309876543210987654'])).toHaveLength(1);
    // One job while one is queued or running (the queue's exclusive policy). A paste that looked
    // just before the first import committed may queue a second one after it: that job finds the
    // fresh post and answers from it without reaching the network.
    await expect.poll(() => queryRows<{ state: string }>(database.url, "select state from pgboss.job where name = 'post-import' and singleton_key = $1 and state <> 'completed'", ['5:7309876543210987654']), { timeout: 15_000 }).toEqual([]);
    // Once, unless the machine was so busy that a claim lapsed (a missed heartbeat or a network
    // timeout): pg-boss then claims the job again, counting it in retry_count, and that attempt
    // may ask again before the first commits. Each extra ask must be such a counted attempt.
    const [attempts] = await queryRows<{ retries: string }>(database.url, "select coalesce(sum(retry_count), 0) as retries from pgboss.job where name = 'post-import' and singleton_key = $1", ['5:7309876543210987654']);
    expect(fetchesOfLink() - before).toBeGreaterThanOrEqual(1);
    expect(fetchesOfLink() - before).toBeLessThanOrEqual(1 + Number(attempts!.retries));
  });

  it.each([
    ['not a link at all', 'Invalid url', 'BAD_USER_INPUT'],
    ['ftp://www.tiktok.com/@a/video/7301234567890123456', 'Invalid url', 'BAD_USER_INPUT'],
    ['http://127.0.0.1:5432/', 'Platform not supported', 'UNPROCESSABLE'],
    ['http://169.254.169.254/latest/meta-data/', 'Platform not supported', 'UNPROCESSABLE'],
  ])('answers %s with "%s" and never reaches the network', async (url, message, code) => {
    const before = fixtures.requests.length;
    const response = await track(url);
    expect(response.body.errors?.[0]).toMatchObject({ message, extensions: { code } });
    expect(fixtures.requests.length).toBe(before);
  });

  it.each([
    ['https://www.tiktok.com/@maya.makes/video/9000000001', 'Failed to scrape post with url: the post was deleted'],
    ['https://www.tiktok.com/@maya.makes/video/9000000003', 'Could not find or create post with url'],
    ['https://www.instagram.com/p/privateAccountPost0001/', 'Failed to scrape post with url: the post is private'],
  ])('answers a failed import of %s with the spec message', async (url, message) => {
    const response = await track(url);
    expect(response.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'UNPROCESSABLE' } });
  });

  it('answers "queued" when the network is slow, then notifies when the post lands', async () => {
    const user = await createUser(server.orm.em.fork());
    const response = await track('https://www.tiktok.com/@maya.makes/video/9000000006', server.tokenFor(user.id));
    expect(response.body.data?.trackPost).toMatchObject({ outcome: 'QUEUED', post: null });
    fixtures.setScenario('9000000006', null);
    await expect
      .poll(async () => (await queryRows<{ message: string; link: string }>(database.url, 'select message, link from notifications where user_id = $1', [user.id]))[0], { timeout: 15_000, interval: 250 })
      .toMatchObject({ message: 'Your TikTok post is ready.', link: expect.stringMatching(/^\/posts\/\d+$/) });
  });

  it('refuses signed-out tracking with the sign-up message', async () => {
    const response = await graphql(server, TRACK, { variables: { url: TIKTOK } });
    expect(response.body.errors?.[0]).toMatchObject({ message: 'Please sign up or sign in to do that!' });
  });
});

describe('the first importer', () => {
  it('is whoever asked first for a post new to Byline; asking for it later gives nobody that standing', async () => {
    const em = server.orm.em.fork();
    const [first, later] = [await createUser(em), await createUser(em)];
    const url = 'https://www.tiktok.com/@maya.makes/video/7305550000000000001';
    const imported = await track(url, server.tokenFor(first.id));
    expect(imported.body.data!.trackPost.outcome).toBe('IMPORTED');
    const again = await track(url, server.tokenFor(later.id));
    expect(again.body.data!.trackPost.outcome).toBe('EXISTING');
    const postId = imported.body.data!.trackPost.post!.databaseId;
    expect(await queryRows(database.url, 'select created_by_id from posts where id = $1', [postId])).toEqual([{ created_by_id: first.id }]);
    const mayCreditOthers = async (userId: number) =>
      (await graphql<{ post: { viewerCan: { addCredit: boolean } } }>(server, 'query($id: ID!) { post(id: $id) { viewerCan { addCredit } } }', {
        variables: { id: toGlobalId('Post', postId) },
        token: server.tokenFor(userId),
      })).body.data!.post.viewerCan.addCredit;
    expect(await mayCreditOthers(first.id)).toBe(true);
    expect(await mayCreditOthers(later.id)).toBe(false);
  });
});

describe('REST façade', () => {
  it('answers getPostByUrl and createPostByUrl in the { success, data } shape', async () => {
    const found = await fetch(`${server.url}/api/posts/by-url?url=${encodeURIComponent(TIKTOK)}`);
    expect(await found.json()).toMatchObject({ success: true, data: { account: 'maya.makes', caption: 'Clay mug in 60 seconds #pottery', network: 5, type: 1 } });

    const missing = await fetch(`${server.url}/api/posts/by-url?url=${encodeURIComponent('https://www.tiktok.com/@x/video/7000000000000000001')}`);
    expect(await missing.json()).toEqual({ success: true, data: null });

    const created = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ url: 'https://x.com/janedoe/status/1790000000000000001' }),
    });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ success: true, data: { outcome: 'IMPORTED', post: { account: 'janedoe' } } });

    const unsupported = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ url: 'https://example.org/some/post' }),
    });
    expect(unsupported.status).toBeGreaterThanOrEqual(400);
  });
});
