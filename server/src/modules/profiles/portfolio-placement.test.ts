import { describe, expect, it } from 'vitest';
import { RoleFlag } from '../../../../domain/enums.js';
import { MAX_PINNED_POSTS, PORTFOLIO_MESSAGES } from '../../../../domain/portfolio.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createPost, createUser } from '../../test-support/factories.js';
import { graphql, useTestServer, type GraphQLResponse } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';
import { creditAs, setPostNumbers } from './profile.test-support.js';

const env = useTestServer();

const GRID = `query($username: String!, $first: Int, $after: String, $orderBy: PortfolioPostOrder) {
  userByUsername(username: $username) { portfolio {
    totals { posts }
    creditedPosts(first: $first, after: $after, orderBy: $orderBy) { edges { cursor isPinned isHidden node { databaseId } } pageInfo { hasNextPage endCursor } }
  } }
}`;
const PLACE = `mutation($input: SetPortfolioPostPlacementInput!) { setPortfolioPostPlacement(input: $input) { placement post { databaseId } } }`;
const MOVE = `mutation($input: MovePinnedPortfolioPostInput!) { movePinnedPortfolioPost(input: $input) { pinnedPosts { databaseId } } }`;

interface Grid {
  userByUsername: { portfolio: { totals: { posts: number }; creditedPosts: { edges: Array<{ cursor: string; isPinned: boolean; isHidden: boolean; node: { databaseId: number } }>; pageInfo: { hasNextPage: boolean; endCursor: string | null } } } };
}

const tokenOf = (user: User | null) => (user ? { token: env.server.tokenFor(user.id) } : {});

/** Every page of the grid as `viewer` sees it: post ids with their marks. */
async function gridAs(viewer: User | null, owner: User, orderBy = 'DATE'): Promise<Array<{ id: number; pinned: boolean; hidden: boolean }>> {
  const seen: Array<{ id: number; pinned: boolean; hidden: boolean }> = [];
  let after: string | null = null;
  for (let page = 0; page < 20; page++) {
    const response: GraphQLResponse<Grid> = await graphql<Grid>(env.server, GRID, { variables: { username: owner.username, first: 2, after, orderBy }, ...tokenOf(viewer) });
    expect(response.body.errors).toBeUndefined();
    const connection: Grid['userByUsername']['portfolio']['creditedPosts'] = response.body.data!.userByUsername.portfolio.creditedPosts;
    seen.push(...connection.edges.map((edge) => ({ id: edge.node.databaseId, pinned: edge.isPinned, hidden: edge.isHidden })));
    if (!connection.pageInfo.hasNextPage) break;
    after = connection.pageInfo.endCursor;
  }
  return seen;
}

async function place(viewer: User, owner: User, postId: number, placement: 'PINNED' | 'SHOWN' | 'HIDDEN') {
  return graphql<{ setPortfolioPostPlacement: { placement: string; post: { databaseId: number } } }>(env.server, PLACE, {
    variables: { input: { userId: toGlobalId('User', owner.id), postId: toGlobalId('Post', postId), placement } },
    ...tokenOf(viewer),
  });
}

async function move(viewer: User, owner: User, postId: number, afterPostId: number | null) {
  return graphql<{ movePinnedPortfolioPost: { pinnedPosts: Array<{ databaseId: number }> } }>(env.server, MOVE, {
    variables: { input: { userId: toGlobalId('User', owner.id), postId: toGlobalId('Post', postId), afterPostId: afterPostId === null ? null : toGlobalId('Post', afterPostId) } },
    ...tokenOf(viewer),
  });
}

/** A creator credited on `count` posts, oldest first (post i went out on day i + 1). */
async function creatorWithPosts(count: number) {
  const em = env.server.orm.em.fork();
  const maker = await createUser(em);
  const posts: number[] = [];
  for (let i = 0; i < count; i++) {
    const post = await setPostNumbers(em, await createPost(em), { postedAt: new Date(Date.UTC(2026, 0, i + 1)) });
    await creditAs(em, post, maker, 1);
    posts.push(post.id);
  }
  return { em, maker, posts };
}

describe('arranging a portfolio', () => {
  it('puts pinned posts first in the chosen order, hides hidden ones from others and marks them for the owner', async () => {
    const { em, maker, posts } = await creatorWithPosts(5);
    const visitor = await createUser(em);
    expect((await place(maker, maker, posts[1]!, 'PINNED')).body.errors).toBeUndefined();
    expect((await place(maker, maker, posts[3]!, 'PINNED')).body.errors).toBeUndefined();
    expect((await place(maker, maker, posts[4]!, 'HIDDEN')).body.data?.setPortfolioPostPlacement).toEqual({ placement: 'HIDDEN', post: { databaseId: posts[4] } });
    // Pinned in the order pinned, then the rest newest first; paging (2 a page) crosses from pins to the rest.
    const seenByVisitor = await gridAs(visitor, maker);
    expect(seenByVisitor.map((post) => post.id)).toEqual([posts[1], posts[3], posts[2], posts[0]]);
    expect(seenByVisitor.map((post) => post.pinned)).toEqual([true, true, false, false]);
    expect((await gridAs(null, maker)).map((post) => post.id)).toEqual([posts[1], posts[3], posts[2], posts[0]]);
    // The owner sees the hidden post in its place, marked.
    expect(await gridAs(maker, maker)).toEqual([
      { id: posts[1], pinned: true, hidden: false },
      { id: posts[3], pinned: true, hidden: false },
      { id: posts[4], pinned: false, hidden: true },
      { id: posts[2], pinned: false, hidden: false },
      { id: posts[0], pinned: false, hidden: false },
    ]);
    // Pins lead in the views order too.
    expect((await gridAs(visitor, maker, 'VIEWS')).slice(0, 2).map((post) => post.id)).toEqual([posts[1], posts[3]]);

    // Reorder: the second pin first, then back after it.
    expect((await move(maker, maker, posts[3]!, null)).body.data?.movePinnedPortfolioPost.pinnedPosts.map((post) => post.databaseId)).toEqual([posts[3], posts[1]]);
    expect((await gridAs(visitor, maker)).slice(0, 2).map((post) => post.id)).toEqual([posts[3], posts[1]]);

    // Showing a hidden post again and unpinning put them back among the rest.
    await place(maker, maker, posts[4]!, 'SHOWN');
    await place(maker, maker, posts[3]!, 'SHOWN');
    expect((await gridAs(visitor, maker)).map((post) => post.id)).toEqual([posts[1], posts[4], posts[3], posts[2], posts[0]]);
  });

  it('lets only the owner arrange: not a stranger, not an admin, not someone signed out', async () => {
    const { em, maker, posts } = await creatorWithPosts(1);
    const stranger = await createUser(em);
    const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });
    for (const other of [stranger, admin]) {
      expect((await place(other, maker, posts[0]!, 'HIDDEN')).body.errors?.[0]).toMatchObject({ message: PORTFOLIO_MESSAGES.onlyOwner, extensions: { code: 'FORBIDDEN' } });
      expect((await place(other, maker, posts[0]!, 'PINNED')).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect((await move(other, maker, posts[0]!, null)).body.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    }
    const signedOut = await graphql(env.server, PLACE, { variables: { input: { userId: toGlobalId('User', maker.id), postId: toGlobalId('Post', posts[0]!), placement: 'HIDDEN' } } });
    expect(signedOut.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await gridAs(null, maker)).toEqual([{ id: posts[0], pinned: false, hidden: false }]);
    // A stranger may not place someone else's post on their own profile either.
    expect((await place(stranger, stranger, posts[0]!, 'PINNED')).body.errors?.[0]).toMatchObject({ message: PORTFOLIO_MESSAGES.notInPortfolio, extensions: { code: 'NOT_FOUND' } });
  });

  it(`keeps at most ${MAX_PINNED_POSTS} pins, even asked at once, and counts hidden posts in the totals`, async () => {
    const { maker, posts } = await creatorWithPosts(MAX_PINNED_POSTS + 2);
    const answers = await Promise.all(posts.map((post) => place(maker, maker, post, 'PINNED')));
    const refused = answers.filter((answer) => answer.body.errors !== undefined);
    expect(refused).toHaveLength(2);
    for (const answer of refused) expect(answer.body.errors?.[0]).toMatchObject({ message: PORTFOLIO_MESSAGES.tooManyPins, extensions: { code: 'UNPROCESSABLE' } });
    const grid = await gridAs(null, maker);
    expect(grid.filter((post) => post.pinned)).toHaveLength(MAX_PINNED_POSTS);
    // Pinning twice changes nothing; a move after a post that is not pinned is refused.
    const pinned = grid.filter((post) => post.pinned).map((post) => post.id);
    const loose = grid.find((post) => !post.pinned)!.id;
    expect((await place(maker, maker, pinned[0]!, 'PINNED')).body.errors).toBeUndefined();
    expect((await move(maker, maker, pinned[0]!, loose)).body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect((await move(maker, maker, loose, null)).body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    // Hiding a pinned post unpins it; a hidden post stays credited and counted.
    await place(maker, maker, pinned[0]!, 'HIDDEN');
    const response = await graphql<Grid>(env.server, GRID, { variables: { username: maker.username, first: 50 } });
    expect(response.body.data!.userByUsername.portfolio.totals.posts).toBe(MAX_PINNED_POSTS + 2);
    expect(response.body.data!.userByUsername.portfolio.creditedPosts.edges.map((edge) => edge.node.databaseId)).not.toContain(pinned[0]);
    expect((await place(maker, maker, loose, 'PINNED')).body.errors).toBeUndefined();
  });
});
