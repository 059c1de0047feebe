import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { TagType as TagTypeId } from '../../../../../domain/enums.js';
import { createAccount, createCredit, createPost, createUser, creditUser, uniqueSuffix } from '../../../test-support/factories.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { useQueryLog } from '../../../test-support/query-log.js';
import { buildAppSchema } from '../../../registry.js';
import { createLogger } from '../../../logger.js';
import { toGlobalId } from '../../../graphql/global-id.js';
import { TagType, Tag } from '../../tags/index.js';

const env = useTestServer();
const log = useQueryLog(env);

type Page = { explorePosts: { nodes: Array<{ databaseId: number }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
const QUERY = `query($filter: ExploreFilter, $sort: ExploreSort, $after: String, $first: Int) {
  explorePosts(filter: $filter, sort: $sort, first: $first, after: $after) { nodes { databaseId } pageInfo { hasNextPage endCursor } }
}`;

async function explore(userId: number, variables: Record<string, unknown>) {
  const response = await graphql<Page>(env.server, QUERY, { variables, token: env.server.tokenFor(userId) });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.explorePosts;
}

describe('Query.explorePosts', () => {
  it('never shows a private post to someone who may not see it; its creator and credited people see it', async () => {
    const em = env.server.orm.em.fork();
    const tag = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.tag), name: `private-${uniqueSuffix()}` });
    const owner = await createUser(em);
    const credited = await createUser(em);
    const stranger = await createUser(em);
    const secret = await createPost(em, { isPrivate: true, createdBy: owner });
    const open = await createPost(em);
    secret.tags.add(tag);
    open.tags.add(tag);
    await em.flush();
    await creditUser(em, secret, credited);

    const filter = { tagDatabaseIds: [tag.id] };
    expect((await explore(stranger.id, { filter })).nodes.map((post) => post.databaseId)).toEqual([open.id]);
    expect((await explore(owner.id, { filter, sort: 'NEWEST' })).nodes.map((post) => post.databaseId)).toEqual([open.id, secret.id]);
    expect((await explore(credited.id, { filter, sort: 'NEWEST' })).nodes.map((post) => post.databaseId)).toEqual([open.id, secret.id]);
  });

  it('narrows by account, people, network, credited status and words, and pages with cursors', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const maker = await createUser(em);
    const stem = `zq${uniqueSuffix()}`;
    const account = await createAccount(em, undefined, `${stem}_acct`);
    const posts = [];
    for (let n = 0; n < 3; n++) posts.push(await createPost(em, { account, caption: `Golden ${stem} ${n}` }));
    posts[0]!.views = 300;
    posts[1]!.views = 200;
    posts[2]!.views = 100;
    await em.flush();
    await creditUser(em, posts[1]!, maker);

    const byAccount = { postingAccountId: toGlobalId('SocialAccount', account.id) };
    const first = await explore(viewer.id, { filter: byAccount, first: 2 });
    expect(first.nodes.map((post) => post.databaseId)).toEqual([posts[0]!.id, posts[1]!.id]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await explore(viewer.id, { filter: byAccount, first: 2, after: first.pageInfo.endCursor });
    expect(second.nodes.map((post) => post.databaseId)).toEqual([posts[2]!.id]);

    expect((await explore(viewer.id, { filter: { userIds: [toGlobalId('User', maker.id)] } })).nodes.map((post) => post.databaseId)).toEqual([posts[1]!.id]);
    expect((await explore(viewer.id, { filter: { ...byAccount, creditedStatus: 'UNCREDITED' } })).nodes.map((post) => post.databaseId)).toEqual([posts[0]!.id, posts[2]!.id]);
    expect((await explore(viewer.id, { filter: { text: `golden ${stem} 2` } })).nodes.map((post) => post.databaseId)).toEqual([posts[2]!.id]);
    expect((await explore(viewer.id, { filter: { ...byAccount, networkIds: [toGlobalId('Network', 2)] } })).nodes).toEqual([]);

    // Posts come back as rows (post.view.ts) with their own account and network whatever the filter:
    // selecting the relation's property instead of its column once gave the key of a joined account.
    const byHandle = await graphql<{ explorePosts: { nodes: Array<{ databaseId: number; account: { handle: string }; network: { databaseId: number } }> } }>(
      env.server,
      `query($filter: ExploreFilter) { explorePosts(filter: $filter) { nodes { databaseId account { handle } network { databaseId } } } }`,
      { variables: { filter: { text: `${stem}_acct`, postingAccountId: byAccount.postingAccountId } }, token: env.server.tokenFor(viewer.id) },
    );
    expect(byHandle.body.errors).toBeUndefined();
    expect(byHandle.body.data!.explorePosts.nodes).toEqual(
      [posts[0]!, posts[1]!, posts[2]!].map((post) => ({ databaseId: post.id, account: { handle: account.handle }, network: { databaseId: post.network.id } })),
    );
  });

  it('finds words in the posting account\'s handle or display name as well as in captions', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const stem = `zw${uniqueSuffix()}`;
    const byHandle = await createPost(em, { account: await createAccount(em, undefined, `${stem}_maker`), caption: 'Morning light' });
    const namedAccount = await createAccount(em);
    namedAccount.displayName = `Studio ${stem.toUpperCase()}`;
    const byDisplayName = await createPost(em, { account: namedAccount, caption: 'Evening light' });
    const byCaption = await createPost(em, { caption: `Shot for ${stem}` });
    await createPost(em, { caption: 'Unrelated light' });

    const found = await explore(viewer.id, { filter: { text: stem }, sort: 'NEWEST' });
    expect(found.nodes.map((post) => post.databaseId)).toEqual([byCaption.id, byDisplayName.id, byHandle.id]);
    expect((await explore(viewer.id, { filter: { text: `${stem}_m` } })).nodes.map((post) => post.databaseId)).toEqual([byHandle.id]);
  });

  it('is for signed-in people, like the page', async () => {
    const response = await graphql(env.server, '{ explorePosts { nodes { id } } }');
    expect(response.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it("reads each post's page of credits ahead, in the one statement the credits fields send, the same credits the post page shows, by the same rules", async () => {
    const em = env.server.orm.em.fork();
    const tag = em.create(Tag, { tagType: em.getReference(TagType, TagTypeId.tag), name: `credited-${uniqueSuffix()}` });
    const viewer = await createUser(em);
    const others = [await createUser(em), await createUser(em), await createUser(em), await createUser(em)];
    const mine = await createPost(em, { createdBy: viewer });
    const crowded = await createPost(em);
    const bare = await createPost(em);
    for (const post of [mine, crowded, bare]) post.tags.add(tag);
    await em.flush();
    // The viewer sees pending credits on a post they may credit on, and their own; not others' pending ones.
    await createCredit(em, { post: mine, user: others[0]!, addedBy: others[1]! });
    await creditUser(em, mine, others[2]!, 2);
    await createCredit(em, { post: crowded, user: others[0]!, addedBy: others[1]! });
    await createCredit(em, { post: crowded, user: viewer, addedBy: others[1]!, roleId: 3 });
    for (const [index, person] of others.entries()) await creditUser(em, crowded, person, 2 + index);

    const CREDITS = 'credits(first: 3) { nodes { id status user { username } role { name } } pageInfo { hasNextPage endCursor } }';
    const variables = { filter: { tagDatabaseIds: [tag.id] }, sort: 'NEWEST' };
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const context = () => ({ em: log.orm.em.fork(), viewer: { user: viewer, masqueradingAdminId: null, sessionId: null, plansOpen: false }, pubsub: null, config: env.server.config, logger: createLogger('silent') });
    const run = async (source: string, variableValues: Record<string, unknown>) => {
      const result = await executeGraphQL({ schema, source, variableValues, contextValue: context() });
      expect(result.errors).toBeUndefined();
      return result.data as Record<string, { nodes?: Array<Record<string, unknown>> } & Record<string, unknown>>;
    };

    const pageOf = (selection: string, fragments = '') => `query($filter: ExploreFilter, $sort: ExploreSort) { explorePosts(filter: $filter, sort: $sort) { ${selection} } } ${fragments}`;
    const creditsPage = pageOf('nodes { databaseId ...Credits }', `fragment Credits on Post { ${CREDITS} }`);
    await run(creditsPage, variables); // the seeded roles, read once per process
    let explored: Array<Record<string, unknown>> = [];
    const withCredits = await log.selectsDuring(async () => {
      explored = (await run(creditsPage, variables)).explorePosts!.nodes!;
    });
    const withoutCredits = await log.selectsDuring(() => run(pageOf('nodes { databaseId }'), variables));
    // The page's credits, with their people; roles come from memory.
    expect(withCredits).toHaveLength(withoutCredits.length + 1);

    expect(explored.map((post) => post.databaseId)).toEqual([bare.id, crowded.id, mine.id]);
    for (const post of explored) {
      const alone = await run(`query($id: ID!) { post(id: $id) { ${CREDITS} } }`, { id: toGlobalId('Post', post.databaseId as number) });
      expect(post.credits).toEqual(alone.post!.credits);
    }
    const [bareCredits, crowdedCredits, mineCredits] = explored.map((post) => post.credits as { nodes: Array<{ status: string; user: { username: string } }>; pageInfo: { hasNextPage: boolean } });
    expect(bareCredits!.nodes).toEqual([]);
    expect(crowdedCredits!.nodes.map((credit) => credit.user.username)).toEqual([viewer.username, others[0]!.username, others[1]!.username]);
    expect(crowdedCredits!.pageInfo.hasNextPage).toBe(true);
    expect(mineCredits!.nodes.map((credit) => [credit.user.username, credit.status])).toEqual([[others[0]!.username, 'PENDING'], [others[2]!.username, 'ACCEPTED']]);

    // Two different pages of credits asked on one list: each field reads its own, as before.
    const twoPages = await run(pageOf('nodes { databaseId first: credits(first: 1) { nodes { id } } all: credits(first: 10) { nodes { id } } }'), variables);
    expect(twoPages.explorePosts!.nodes!.map((post) => (post.all as { nodes: unknown[] }).nodes.length)).toEqual([0, 5, 2]);
  });
});
