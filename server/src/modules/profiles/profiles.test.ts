import { ref } from '@mikro-orm/core';
import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PostType, UserType } from '../../../../domain/enums.js';
import { NetworkId } from '../../../../domain/networks.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { buildPost, createAccount, createPost, createUser } from '../../test-support/factories.js';
import { CreditRole, Credit } from '../credits/index.js';
import { useQueryLog } from '../../test-support/query-log.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { creditAs, setPostNumbers } from './profile.test-support.js';

const env = useTestServer();

const PROFILE = `query Profile($username: String!, $first: Int, $after: String, $roleId: ID, $networkId: ID, $orderBy: PortfolioPostOrder) {
  userByUsername(username: $username) {
    username userType badges
    portfolio {
      bio website locationName
      totals { posts views likes }
      rolesHeld { role { name emoji } postCount }
      collaborators { user { username } sharedPostCount }
      socialAccounts { followerCount handle profileUrl network { name } }
      creditedPosts(first: $first, after: $after, roleId: $roleId, networkId: $networkId, orderBy: $orderBy) {
        edges { cursor node { databaseId } }
        pageInfo { hasNextPage hasPreviousPage endCursor }
      }
    }
  }
}`;

interface ProfileData {
  userByUsername: {
    username: string;
    userType: string | null;
    badges: string[];
    portfolio: {
      bio: string | null;
      website: string | null;
      locationName: string | null;
      totals: { posts: number; views: number; likes: number };
      rolesHeld: Array<{ role: { name: string; emoji: string }; postCount: number }>;
      collaborators: Array<{ user: { username: string }; sharedPostCount: number }>;
      socialAccounts: Array<{ followerCount: number | null; handle: string; profileUrl: string | null; network: { name: string } }>;
      creditedPosts: { edges: Array<{ cursor: string; node: { databaseId: number } }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null } };
    };
  };
}

function askProfile(username: string, options: { token?: string; variables?: Record<string, unknown> } = {}) {
  return graphql<ProfileData>(env.server, PROFILE, { variables: { username, ...options.variables }, ...(options.token ? { token: options.token } : {}) });
}

async function portfolioOf(username: string, options: { token?: string; variables?: Record<string, unknown> } = {}) {
  const response = await askProfile(username, options);
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.userByUsername.portfolio;
}

const ids = (portfolio: ProfileData['userByUsername']['portfolio']) => portfolio.creditedPosts.edges.map((edge) => edge.node.databaseId);

describe('userByUsername: the profile', () => {
  it('shows the profile text, badges, totals equal to the stored numbers, roles with counts and verified accounts', async () => {
    const em = env.server.orm.em.fork();
    const maker = await createUser(em, { userType: UserType.Creator, roleFlags: [1, 3] });
    maker.bio = 'I direct & shoot <films>.';
    maker.website = 'https://maker.example';
    maker.locationName = 'Lisbon, Portugal';
    await em.flush();
    const posts = [];
    for (const [views, likes] of [[1_200_000, 30_000], [4_000_000_000, 1], [null, 7]] as const) {
      posts.push(await setPostNumbers(em, await createPost(em), { views, likes }));
    }
    await creditAs(em, posts[0]!, maker, 1);
    await creditAs(em, posts[1]!, maker, 1);
    await creditAs(em, posts[1]!, maker, 3);
    await creditAs(em, posts[2]!, maker, 2);
    const verified = await createAccount(em, NetworkId.TikTok, `maker_${maker.id}`);
    verified.owner = ref(maker);
    verified.ownerVerifiedAt = new Date();
    verified.followerCount = 12_500;
    const unverified = await createAccount(em, NetworkId.Instagram);
    unverified.owner = verified.owner;
    await em.flush();

    const response = await askProfile(maker.username!.toUpperCase());
    expect(response.body.errors).toBeUndefined();
    const profile = response.body.data!.userByUsername;
    expect(profile).toMatchObject({ username: maker.username, userType: 'CREATOR', badges: ['O.G.', 'PRO'] });
    expect(profile.portfolio).toMatchObject({
      bio: 'I direct & shoot <films>.',
      website: 'https://maker.example',
      locationName: 'Lisbon, Portugal',
      totals: { posts: 3, views: 1_200_000 + 4_000_000_000, likes: 30_008 },
      rolesHeld: [
        { role: { name: 'Director', emoji: '🎬' }, postCount: 2 },
        { role: { name: 'Photographer', emoji: '📷' }, postCount: 1 },
        { role: { name: 'Editor', emoji: '\u2702\uFE0F' }, postCount: 1 },
      ],
      socialAccounts: [{ followerCount: 12_500, handle: verified.handle, profileUrl: `https://www.tiktok.com/@${verified.handle}`, network: { name: 'tiktok' } }],
    });
  });

  it('answers an unknown username with NOT_FOUND "User was not found"', async () => {
    const response = await askProfile('nobody_has_this_name');
    expect(response.body.data).toBeNull();
    expect(response.body.errors?.[0]).toMatchObject({ message: 'User was not found', extensions: { code: 'NOT_FOUND' } });
  });

  it('lists collaborators by how many posts they share, public credits only', async () => {
    const em = env.server.orm.em.fork();
    const [maker, often, once, pending, declined] = [await createUser(em), await createUser(em), await createUser(em), await createUser(em), await createUser(em)];
    const [a, b, c] = [await createPost(em), await createPost(em), await createPost(em)];
    for (const post of [a, b, c]) await creditAs(em, post, maker, 1);
    await creditAs(em, a, often, 2);
    await creditAs(em, b, often, 2);
    await creditAs(em, b, often, 3); // two roles on one post: still one shared post
    await creditAs(em, c, once, 5);
    await creditAs(em, a, pending, 5, 'pending');
    await creditAs(em, b, declined, 5, 'declined');

    const portfolio = await portfolioOf(maker.username!);
    expect(portfolio.collaborators).toEqual([
      { user: { username: often.username }, sharedPostCount: 2 },
      { user: { username: once.username }, sharedPostCount: 1 },
    ]);
  });

  it('never counts pending or declined credits', async () => {
    const em = env.server.orm.em.fork();
    const maker = await createUser(em);
    const accepted = await setPostNumbers(em, await createPost(em), { views: 10, likes: 1 });
    const pending = await setPostNumbers(em, await createPost(em), { views: 1000, likes: 100 });
    const declined = await setPostNumbers(em, await createPost(em), { views: 5000, likes: 500 });
    await creditAs(em, accepted, maker, 1);
    await creditAs(em, pending, maker, 2, 'pending');
    await creditAs(em, declined, maker, 3, 'declined');

    // Not even to the credited person themself: the portfolio is what is public.
    for (const token of [undefined, env.server.tokenFor(maker.id)]) {
      const portfolio = await portfolioOf(maker.username!, { token });
      expect(portfolio.totals).toEqual({ posts: 1, views: 10, likes: 1 });
      expect(portfolio.rolesHeld.map((held) => held.role.name)).toEqual(['Director']);
      expect(ids(portfolio)).toEqual([accepted.id]);
    }
  });

  it('shows and counts a private post only for people who may see it', async () => {
    const em = env.server.orm.em.fork();
    const [maker, owner, stranger, admin] = [await createUser(em), await createUser(em), await createUser(em), await createUser(em, { roleFlags: [2] })];
    const open = await setPostNumbers(em, await createPost(em), { views: 100, likes: 10 });
    const hidden = await setPostNumbers(em, await createPost(em, { createdBy: owner, isPrivate: true }), { views: 900, likes: 90 });
    const story = await setPostNumbers(em, await createPost(em, { createdBy: owner, type: PostType.Story }), { views: 50, likes: 5 });
    await creditAs(em, open, maker, 1);
    await creditAs(em, hidden, maker, 2);
    await creditAs(em, story, maker, 3);
    const helper = await createUser(em);
    await creditAs(em, hidden, helper, 4);

    const signedOut = await portfolioOf(maker.username!);
    expect(signedOut.totals).toEqual({ posts: 1, views: 100, likes: 10 });
    expect(ids(signedOut)).toEqual([open.id]);
    expect(signedOut.rolesHeld.map((held) => held.role.name)).toEqual(['Director']);
    expect(signedOut.collaborators).toEqual([]);
    expect(ids(await portfolioOf(maker.username!, { token: env.server.tokenFor(stranger.id) }))).toEqual([open.id]);

    const forOwner = await portfolioOf(maker.username!, { token: env.server.tokenFor(owner.id) });
    expect(forOwner.totals).toEqual({ posts: 3, views: 1050, likes: 105 });
    expect(forOwner.collaborators).toEqual([{ user: { username: helper.username }, sharedPostCount: 1 }]);
    const forMaker = await portfolioOf(maker.username!, { token: env.server.tokenFor(maker.id) });
    expect(new Set(ids(forMaker))).toEqual(new Set([open.id, hidden.id]));
    const forAdmin = await portfolioOf(maker.username!, { token: env.server.tokenFor(admin.id) });
    expect(forAdmin.totals.posts).toBe(3);
  });

  it('shows a company the posts of its verified accounts and who made them', async () => {
    const em = env.server.orm.em.fork();
    const brand = await createUser(em, { userType: UserType.Company });
    const director = await createUser(em);
    const ownAccount = await createAccount(em, NetworkId.Instagram);
    const claimedOnly = await createAccount(em, NetworkId.TikTok);
    ownAccount.owner = ref(brand);
    ownAccount.ownerVerifiedAt = new Date();
    claimedOnly.owner = ref(brand);
    await em.flush();
    const fromAccount = await setPostNumbers(em, await createPost(em, { account: ownAccount }), { views: 70, likes: 7 });
    const fromUnverified = await setPostNumbers(em, await createPost(em, { account: claimedOnly }), { views: 1, likes: 1 });
    const creditedBrand = await setPostNumbers(em, await createPost(em), { views: 30, likes: 3 });
    await creditAs(em, fromAccount, director, 1);
    await creditAs(em, fromUnverified, director, 1);
    await creditAs(em, creditedBrand, brand, 17);

    const portfolio = await portfolioOf(brand.username!);
    expect(new Set(ids(portfolio))).toEqual(new Set([fromAccount.id, creditedBrand.id]));
    expect(portfolio.totals).toEqual({ posts: 2, views: 100, likes: 10 });
    expect(portfolio.collaborators).toEqual([{ user: { username: director.username }, sharedPostCount: 1 }]);
    expect(portfolio.rolesHeld).toEqual([{ role: { name: 'Brand', emoji: '\u{1F3F7}\uFE0F' }, postCount: 1 }]);
    expect(fromUnverified.id).not.toBe(fromAccount.id);

    // The director holds no account: their credits are their portfolio.
    const creatorResponse = await portfolioOf(director.username!);
    expect(new Set(ids(creatorResponse))).toEqual(new Set([fromAccount.id, fromUnverified.id]));
  });

  it("shows a creator the posts of their verified accounts as posted by them, not an account they only claimed", async () => {
    const em = env.server.orm.em.fork();
    const creator = await createUser(em);
    const editor = await createUser(em);
    const verified = await createAccount(em, NetworkId.YouTube);
    const claimedOnly = await createAccount(em, NetworkId.TikTok);
    verified.owner = ref(creator);
    verified.ownerVerifiedAt = new Date();
    claimedOnly.owner = ref(creator);
    await em.flush();
    const ownUpload = await setPostNumbers(em, await createPost(em, { account: verified }), { views: 40, likes: 4 });
    await setPostNumbers(em, await createPost(em, { account: claimedOnly }), { views: 9, likes: 9 });
    const creditedElsewhere = await setPostNumbers(em, await createPost(em), { views: 10, likes: 1 });
    await creditAs(em, ownUpload, editor, 3);
    await creditAs(em, creditedElsewhere, creator, 1);

    const portfolio = await portfolioOf(creator.username!);
    expect(new Set(ids(portfolio))).toEqual(new Set([ownUpload.id, creditedElsewhere.id]));
    expect(portfolio.totals).toEqual({ posts: 2, views: 50, likes: 5 });
    expect(portfolio.collaborators).toEqual([{ user: { username: editor.username }, sharedPostCount: 1 }]);
    // Roles come from credits only: the own upload adds no role.
    expect(portfolio.rolesHeld).toHaveLength(1);
  });
});

describe('portfolio grid', () => {
  async function gridFixture() {
    const em = env.server.orm.em.fork();
    const maker = await createUser(em);
    const tiktok = await createAccount(em, NetworkId.TikTok);
    const youtube = await createAccount(em, NetworkId.YouTube);
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    const specs = [
      { account: tiktok, views: 500, postedAt: day(1), role: 1 },
      { account: youtube, views: 9000, postedAt: day(2), role: 1 },
      { account: tiktok, views: null, postedAt: day(3), role: 2 },
      { account: youtube, views: 500, postedAt: day(4), role: 2 },
      { account: tiktok, views: 20, postedAt: day(5), role: 1 },
    ];
    const posts = [];
    for (const spec of specs) {
      const post = await setPostNumbers(em, await createPost(em, { account: spec.account }), { views: spec.views, postedAt: spec.postedAt });
      await creditAs(em, post, maker, spec.role);
      posts.push(post.id);
    }
    return { maker, posts };
  }

  async function allPages(username: string, variables: Record<string, unknown>): Promise<number[]> {
    const seen: number[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const portfolio = await portfolioOf(username, { variables: { ...variables, first: 2, after } });
      seen.push(...ids(portfolio));
      expect(portfolio.creditedPosts.pageInfo.hasPreviousPage).toBe(after !== null);
      after = portfolio.creditedPosts.pageInfo.hasNextPage ? portfolio.creditedPosts.pageInfo.endCursor : null;
      pages += 1;
    } while (after && pages < 10);
    return seen;
  }

  it('pages newest first by default, and by views (unknown views last), with cursors', async () => {
    const { maker, posts } = await gridFixture();
    expect(await allPages(maker.username!, {})).toEqual([posts[4], posts[3], posts[2], posts[1], posts[0]]);
    // Equal views: the newer post (higher id) first.
    expect(await allPages(maker.username!, { orderBy: 'VIEWS' })).toEqual([posts[1], posts[3], posts[0], posts[4], posts[2]]);
  });

  it('filters by role and by network', async () => {
    const { maker, posts } = await gridFixture();
    expect(await allPages(maker.username!, { roleId: toGlobalId('CreditRole', 2) })).toEqual([posts[3], posts[2]]);
    expect(await allPages(maker.username!, { networkId: toGlobalId('Network', NetworkId.TikTok) })).toEqual([posts[4], posts[2], posts[0]]);
    expect(await allPages(maker.username!, { networkId: toGlobalId('Network', NetworkId.TikTok), roleId: toGlobalId('CreditRole', 1), orderBy: 'VIEWS' })).toEqual([posts[0], posts[4]]);
  });

  it('refuses a bad cursor, a cursor of the other order and unknown ids with clear errors', async () => {
    const { maker } = await gridFixture();
    const page = await portfolioOf(maker.username!, { variables: { first: 1 } });
    const dateCursor = page.creditedPosts.pageInfo.endCursor;
    for (const variables of [
      { after: 'nonsense' },
      { after: dateCursor, orderBy: 'VIEWS' },
      { roleId: toGlobalId('CreditRole', 999) },
      { networkId: toGlobalId('CreditRole', 1) },
      { first: 0 },
      { first: 101 },
    ]) {
      const response = await askProfile(maker.username!, { variables });
      expect(response.body.errors?.[0]?.extensions?.code, JSON.stringify(variables)).toBe('BAD_USER_INPUT');
    }
  });
});

describe('a profile page with 200 credited posts', () => {
  const log = useQueryLog(env);

  it('costs a fixed small number of statements: aggregates in SQL, relations batched', async () => {
    const em = log.orm.em.fork();
    const maker = await createUser(em);
    const people = [await createUser(em), await createUser(em), await createUser(em)];
    const accounts = [await createAccount(em, NetworkId.TikTok), await createAccount(em, NetworkId.Instagram)];
    // 200 posts and 400 credits in one flush (batched inserts), not some 1,000 round trips.
    for (let i = 0; i < 200; i++) {
      const post = buildPost(em, { account: accounts[i % 2]! });
      post.views = i * 10;
      post.likes = i;
      em.create(Credit, { post, user: maker, role: em.getReference(CreditRole, 1 + (i % 3)), status: 'accepted' });
      em.create(Credit, { post, user: people[i % 3]!, role: em.getReference(CreditRole, 5), status: 'accepted' });
    }
    await em.flush();
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const source = `{ userByUsername(username: "${maker.username}") {
      name avatarUrl userType badges
      portfolio {
        bio website locationName
        totals { posts views likes }
        rolesHeld { role { name emoji } postCount }
        collaborators(first: 12) { user { username name avatarUrl } sharedPostCount }
        socialAccounts { followerCount handle profileUrl network { title } }
        creditedPosts(first: 100) { nodes { databaseId caption thumbnailUrl(width: 320) network { title } account { handle }
          stats { views likes } credits(first: 20) { nodes { role { name emoji } user { username name } } } } pageInfo { hasNextPage endCursor } }
      }
    } }`;
    let totals: unknown;
    const statements = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source,
        contextValue: { em: log.orm.em.fork(), viewer: null, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      totals = (result.data as { userByUsername: { portfolio: { totals: unknown } } }).userByUsername.portfolio.totals;
    });
    expect(totals).toEqual({ posts: 200, views: 10 * ((199 * 200) / 2), likes: (199 * 200) / 2 });
    // user, the portfolio's totals, roles and collaborators (one statement), accounts, grid page,
    // its networks, accounts, credits, their roles and users.
    expect(statements.length).toBeLessThanOrEqual(10);
  });
  it('reads the numbers of every portfolio in the response in one statement, each alias with its own count', async () => {
    const em = log.orm.em.fork();
    const [first, second] = [await createUser(em), await createUser(em)];
    const crew = [await createUser(em), await createUser(em), await createUser(em), await createUser(em)];
    for (const owner of [first, second]) {
      for (const [index, person] of crew.entries()) {
        const post = await createPost(em);
        await setPostNumbers(em, post, { views: 100, likes: 10 });
        await creditAs(em, post, owner, 1 + (index % 2));
        await creditAs(em, post, person, 5);
      }
    }
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const portfolio = `portfolio { totals { posts views } rolesHeld { postCount } two: collaborators(first: 2) { sharedPostCount } all: collaborators(first: 12) { user { username } } }`;
    const source = `query($ids: [ID!]!) { nodes(ids: $ids) { ... on User { id ${portfolio} } } }`;
    let data: unknown;
    const statements = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source,
        variableValues: { ids: [first, second].map((user) => toGlobalId('User', user.id)) },
        contextValue: { em: log.orm.em.fork(), viewer: null, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      data = result.data;
    });
    const nodes = (data as { nodes: Array<{ portfolio: { totals: { posts: number; views: number }; rolesHeld: Array<{ postCount: number }>; two: unknown[]; all: Array<{ user: { username: string } }> } }> }).nodes;
    for (const { portfolio: numbers } of nodes) {
      expect(numbers.totals).toEqual({ posts: 4, views: 400 });
      expect(numbers.rolesHeld).toEqual([{ postCount: 2 }, { postCount: 2 }]);
      expect(numbers.two).toHaveLength(2);
      expect(numbers.all.map((row) => row.user.username).sort()).toEqual(crew.map((person) => person.username).sort());
    }
    expect(statements.filter((sql) => sql.includes('visible_portfolio'))).toHaveLength(1);
  });
});
