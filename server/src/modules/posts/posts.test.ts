import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PostType } from '../../../../domain/enums.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { createAccount, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { findPostViews, type PostViewQuery } from './post.view.js';

const env = useTestServer();

const POST_QUERY = 'query($id: ID!) { post(id: $id) { id databaseId caption type isPrivate network { name } account { handle profileUrl } credits { totalCount nodes { role { name emoji } user { username } } } stats { views } } }';

describe('post(id)', () => {
  it('returns a public post with its network, account and credits', async () => {
    const em = env.server.orm.em.fork();
    const director = await createUser(em, { username: 'the_director' });
    const account = await createAccount(em, 5, 'brandhandle');
    const post = await createPost(em, { account, caption: 'Launch film' });
    await creditUser(em, post, director, 1);

    const response = await graphql(env.server, POST_QUERY, { variables: { id: toGlobalId('Post', post.id) } });
    expect(response.body.data).toEqual({
      post: {
        id: toGlobalId('Post', post.id),
        databaseId: post.id,
        caption: 'Launch film',
        type: 'VIDEO',
        isPrivate: false,
        network: { name: 'tiktok' },
        account: { handle: 'brandhandle', profileUrl: 'https://www.tiktok.com/@brandhandle' },
        credits: { totalCount: 1, nodes: [{ role: { name: 'Director', emoji: '🎬' }, user: { username: 'the_director' } }] },
        stats: { views: null },
      },
    });
  });

  it('shows a private post only to who added it, people credited on it, and admins', async () => {
    const em = env.server.orm.em.fork();
    const [owner, credited, stranger, admin] = [
      await createUser(em),
      await createUser(em),
      await createUser(em),
      await createUser(em, { roleFlags: [2] }),
    ];
    const post = await createPost(em, { createdBy: owner, isPrivate: true });
    await creditUser(em, post, credited, 3);
    const ask = (token?: string) => graphql<{ post: { id: string } | null }>(env.server, `{ post(id: "${toGlobalId('Post', post.id)}") { id } }`, token ? { token } : {});

    expect((await ask()).body.data?.post).toBeNull();
    expect((await ask(env.server.tokenFor(stranger.id))).body.data?.post).toBeNull();
    expect((await ask(env.server.tokenFor(owner.id))).body.data?.post?.id).toBe(toGlobalId('Post', post.id));
    expect((await ask(env.server.tokenFor(credited.id))).body.data?.post?.id).toBe(toGlobalId('Post', post.id));
    expect((await ask(env.server.tokenFor(admin.id))).body.data?.post?.id).toBe(toGlobalId('Post', post.id));
  });

  it('keeps stories to who added them', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const story = await createPost(em, { createdBy: owner, type: PostType.Story });
    const anonymous = await graphql<{ post: unknown }>(env.server, `{ post(id: "${toGlobalId('Post', story.id)}") { id } }`);
    expect(anonymous.body.data?.post).toBeNull();
    const own = await graphql<{ post: { databaseId: number } }>(env.server, `{ postByDatabaseId(databaseId: ${story.id}) { databaseId } }`, { token: env.server.tokenFor(owner.id) });
    expect(own.body.data).toEqual({ postByDatabaseId: { databaseId: story.id } });
  });
});

describe('post pictures (/media/posts/:id/thumbnail)', () => {
  /** Stores a picture as the importer would, so the route serves it without sharp resizing. */
  async function withPicture(post: { id: number }): Promise<string> {
    const em = env.server.orm.em.fork();
    await em.execute(`insert into post_thumbnails (post_id, width, content_type, bytes) values (?, 640, 'image/webp', ?)`, [post.id, Buffer.from('webp bytes')]);
    await em.execute('update posts set thumbnail_stored_at = now() where id = ?', [post.id]);
    return `${env.server.url}/media/posts/${post.id}/thumbnail?w=640`;
  }
  const as = (userId: number) => ({ headers: { authorization: `Bearer ${env.server.tokenFor(userId)}` } });

  it("gives Byline's copy of the picture, and null (never the network's address) when none was stored", async () => {
    const em = env.server.orm.em.fork();
    const [copied, notCopied] = [await createPost(em), await createPost(em)];
    const networkAddress = 'https://p16-sign.tiktokcdn-us.com/obj/cover.jpeg';
    await em.execute('update posts set thumbnail_url = ? where id in (?, ?)', [networkAddress, copied.id, notCopied.id]);
    await withPicture(copied);

    const ask = (post: { id: number }) => graphql<{ post: { thumbnailUrl: string | null } }>(env.server, `{ post(id: "${toGlobalId('Post', post.id)}") { thumbnailUrl(width: 100) } }`);
    expect((await ask(copied)).body.data?.post.thumbnailUrl).toBe(`/media/posts/${copied.id}/thumbnail?w=160`);
    expect((await ask(notCopied)).body.data?.post.thumbnailUrl).toBeNull();

    const rest = async (post: { id: number }) => ((await (await fetch(`${env.server.url}/api/posts/${post.id}`)).json()) as { data: { thumbnailUrl: string | null } }).data.thumbnailUrl;
    expect(await rest(copied)).toBe(`/media/posts/${copied.id}/thumbnail?w=640`);
    expect(await rest(notCopied)).toBeNull();
  });

  it('lets shared caches keep the picture of a public post', async () => {
    const url = await withPicture(await createPost(env.server.orm.em.fork()));
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400');
  });

  it.each([
    ['story', { type: PostType.Story }],
    ['private post', { isPrivate: true }],
  ])('serves the picture of a %s privately, and only to who may see it', async (_kind, fields) => {
    const em = env.server.orm.em.fork();
    const [owner, stranger] = [await createUser(em), await createUser(em)];
    const url = await withPicture(await createPost(em, { createdBy: owner, ...fields }));

    const own = await fetch(url, as(owner.id));
    expect(own.status).toBe(200);
    expect(own.headers.get('cache-control')).toBe('private, max-age=3600');
    expect(own.headers.get('vary')).toMatch(/Authorization.*Cookie/);

    expect((await fetch(url)).status).toBe(404);
    expect((await fetch(url, as(stranger.id))).status).toBe(404);
  });
});

describe('posts', () => {
  it('pages through visible posts newest first and leaves private ones out', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const account = await createAccount(em);
    const visible = [await createPost(em, { account }), await createPost(em, { account }), await createPost(em, { account })];
    await createPost(em, { account, createdBy: owner, isPrivate: true });

    type Page = { posts: { nodes: Array<{ databaseId: number }>; pageInfo: { endCursor: string | null; hasNextPage: boolean } } };
    const query = 'query($after: String) { posts(first: 2, after: $after) { nodes { databaseId } pageInfo { endCursor hasNextPage } } }';
    const seen: number[] = [];
    let after: string | null = null;
    for (let page = 0; page < 50; page++) {
      const response: Awaited<ReturnType<typeof graphql<Page>>> = await graphql<Page>(env.server, query, { variables: { after } });
      const posts = response.body.data!.posts;
      seen.push(...posts.nodes.map((node) => node.databaseId));
      if (!posts.pageInfo.hasNextPage) break;
      after = posts.pageInfo.endCursor;
    }
    const ids = visible.map((post) => post.id);
    expect(seen.filter((id) => ids.includes(id))).toEqual([...ids].reverse());
    expect(seen).toEqual([...seen].sort((a, b) => b - a));
    expect(new Set(seen).size).toBe(seen.length);
  });

  it('pages backwards with last/before, and edges carry the cursors pageInfo names', async () => {
    const em = env.server.orm.em.fork();
    const account = await createAccount(em);
    const posts = [await createPost(em, { account }), await createPost(em, { account }), await createPost(em, { account })];
    type Page = { posts: { edges: Array<{ cursor: string; node: { databaseId: number } }>; pageInfo: { startCursor: string; endCursor: string; hasNextPage: boolean; hasPreviousPage: boolean } } };
    const selection = '{ edges { cursor node { databaseId } } pageInfo { startCursor endCursor hasNextPage hasPreviousPage } }';
    const newest = (await graphql<Page>(env.server, `{ posts(first: 3) ${selection} }`)).body.data!.posts;
    expect(newest.edges.map((edge) => edge.node.databaseId)).toEqual(posts.map((post) => post.id).reverse());
    expect(newest.pageInfo).toMatchObject({ startCursor: newest.edges[0]!.cursor, endCursor: newest.edges[2]!.cursor, hasPreviousPage: false });

    const before = (await graphql<Page>(env.server, `query($before: String) { posts(last: 2, before: $before) ${selection} }`, { variables: { before: newest.pageInfo.endCursor } })).body.data!.posts;
    expect(before.edges.map((edge) => edge.node.databaseId)).toEqual([posts[2]!.id, posts[1]!.id]);
    expect(before.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
  });

  it('refuses a page size over 100', async () => {
    const response = await graphql(env.server, '{ posts(first: 101) { nodes { id } } }');
    expect(response.body.errors?.[0]).toMatchObject({ message: 'first must be between 1 and 100', extensions: { code: 'BAD_USER_INPUT' } });
  });
});

describe('findPostViews', () => {
  it("keeps the asked order across an offset, posts without views last, each with its own account", async () => {
    const em = env.server.orm.em.fork();
    // Accounts made in the reverse order of their posts: a page ordered by the accounts' join would show it.
    const accounts = [];
    for (let n = 0; n < 4; n++) accounts.push(await createAccount(em));
    const posts = [];
    for (let n = 0; n < 4; n++) posts.push(await createPost(em, { account: accounts[3 - n]! }));
    [posts[0]!.views, posts[1]!.views, posts[2]!.views, posts[3]!.views] = [null, 50, 50, 200];
    await em.flush();
    const ids = posts.map((post) => post.id);
    const read = (orderBy: PostViewQuery['orderBy'], limit: number, offset?: number) => findPostViews(em.fork(), { id: { $in: ids } }, { orderBy, limit, offset });

    const byViews = await read([{ views: 'desc nulls last' }, { id: 'desc' }], 4);
    expect(byViews.map((post) => post.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(byViews.map((post) => post.account.id)).toEqual([accounts[0]!.id, accounts[1]!.id, accounts[2]!.id, accounts[3]!.id]);
    expect((await read([{ views: 'desc nulls last' }, { id: 'desc' }], 2, 1)).map((post) => post.id)).toEqual([ids[2], ids[1]]);
    expect((await read({ id: 'asc' }, 3, 1)).map((post) => post.id)).toEqual([ids[1], ids[2], ids[3]]);
  });
});

describe('batched loading', () => {
  const log = useQueryLog(env);
  const PAGE = '{ posts(first: 20) { nodes { id network { name } account { handle network { title } } credits(first: 10) { totalCount nodes { role { name } user { username } } } } } }';

  async function createCreditedPage(): Promise<void> {
    const em = log.orm.em.fork();
    const people = [await createUser(em), await createUser(em), await createUser(em)];
    for (let i = 0; i < 20; i++) {
      const post = await createPost(em, { account: await createAccount(em, 1 + (i % 5)) });
      await creditUser(em, post, people[i % 3]!, 1 + (i % 4));
      await creditUser(em, post, people[(i + 1) % 3]!, 5);
    }
  }

  async function selectsOfPage(): Promise<string[]> {
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    return log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source: PAGE,
        contextValue: { em: log.orm.em.fork(), viewer: null, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
    });
  }

  it('loads relations of a whole page in a fixed number of queries, not one per post', async () => {
    await createCreditedPage();
    const queries = await selectsOfPage();
    // posts, networks, accounts, credits, credit counts, roles, users: one batch each, whatever the page size.
    expect(queries.length).toBeGreaterThanOrEqual(1);
    expect(queries.length).toBeLessThanOrEqual(7);
  });

  it('reads the seeded networks and credit roles once per process, not once per page', async () => {
    await createCreditedPage();
    await selectsOfPage();
    const again = await selectsOfPage();
    expect(again.filter((sql) => /social_networks|credit_roles/.test(sql))).toEqual([]);
    // posts, accounts, credits, credit counts, users.
    expect(again.length).toBeLessThanOrEqual(5);
  });
});
