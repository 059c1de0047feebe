import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { PostType, RoleFlag } from '../../../../../domain/enums.js';
import { NetworkId } from '../../../../../domain/networks.js';
import { createAccount, createCredit, createPost, createUser, uniqueSuffix } from '../../../test-support/factories.js';
import { useTestServer } from '../../../test-support/test-server.js';
import type { Viewer } from '../../users/index.js';
import { Post } from '../../posts/index.js';
import { User } from '../../users/index.js';
import { indexEverything } from '../search.test-support.js';
import { COMMON_WORD_MATCHES } from './creator-search-sql.js';
import { searchCreators, type CreatorSearchFilters, type CreatorSearchLimits } from './creator-search.service.js';

const env = useTestServer();

const NO_FILTER: CreatorSearchFilters = { roleIds: [], geohash: null, listId: null, networkIds: [], minFollowers: null, maxFollowers: null, creditedWithinDays: null, text: null };
const DAY = 86_400_000;
/** Thrown to undo a test's transaction. */
class RolledBack extends Error {}
const viewerOf = (user: User): Viewer => ({ user, masqueradingAdminId: null, sessionId: null, plansOpen: false });

/** What a page says of each person, in its order. */
async function page(viewer: Viewer | null, filters: CreatorSearchFilters, limits: CreatorSearchLimits = {}, em: EntityManager = env.server.orm.em.fork()) {
  const { items } = await searchCreators(em, viewer, filters, { offset: 0, size: 20 }, limits);
  return items.map((hit) => ({ name: hit.user.name, followers: hit.followers, posts: hit.creditedPosts, views: hit.views }));
}

/** The same, read two at a time: each source of totals is cut at the page's end before they merge. */
async function pageByPage(viewer: Viewer | null, filters: CreatorSearchFilters) {
  const seen: Array<{ name: string | null; followers: number; posts: number; views: number }> = [];
  for (let offset = 0; ; offset += 2) {
    const { items, hasMore } = await searchCreators(env.server.orm.em.fork(), viewer, filters, { offset, size: 2 });
    seen.push(...items.map((hit) => ({ name: hit.user.name, followers: hit.followers, posts: hit.creditedPosts, views: hit.views })));
    if (!hasMore) return seen;
  }
}

/**
 * Five people whose names share a word (the search's text keeps each test to its own people) and
 * four viewers who see different parts of their portfolios.
 */
async function scene(em: EntityManager) {
  const word = `Stat${uniqueSuffix()}`;
  const person = (name: string) => createUser(em, { name: `${word} ${name}` });
  const [ana, ben, cat, dan, eve] = [await person('Ana'), await person('Ben'), await person('Cat'), await person('Dan'), await person('Eve')];
  const stranger = await createUser(em);
  const owner = await createUser(em);
  const member = await createUser(em);
  const admin = await createUser(em, { roleFlags: [RoleFlag.admin] });

  const withViews = async (post: Post, views: number) => {
    post.views = views;
    await em.flush();
    return post;
  };
  const open = await withViews(await createPost(em, { account: await createAccount(em, NetworkId.Instagram) }), 100);
  const ownersPrivate = await withViews(await createPost(em, { createdBy: owner, isPrivate: true }), 1_000);
  const membersPrivate = await withViews(await createPost(em, { isPrivate: true }), 300);
  const bensAccount = await createAccount(em, NetworkId.TikTok);
  bensAccount.owner = em.getReference(User, ben.id, { wrapped: true });
  bensAccount.ownerVerifiedAt = new Date();
  bensAccount.followerCount = 2_000;
  await em.flush();
  await withViews(await createPost(em, { account: bensAccount }), 50);
  await withViews(await createPost(em, { account: bensAccount, createdBy: owner, type: PostType.Story }), 700);

  await createCredit(em, { post: open, user: ana, roleId: 2, status: 'accepted', createdAt: new Date(Date.now() - 5 * DAY) });
  await createCredit(em, { post: ownersPrivate, user: ana, roleId: 1, status: 'accepted' });
  await createCredit(em, { post: membersPrivate, user: cat, roleId: 2, status: 'accepted' });
  await createCredit(em, { post: membersPrivate, user: member, roleId: 3, status: 'accepted' });
  await createCredit(em, { post: open, user: cat, roleId: 3, status: 'pending' });
  await createCredit(em, { post: open, user: dan, roleId: 1, status: 'accepted', createdAt: new Date(Date.now() - 60 * DAY) });
  await createCredit(em, { post: await createPost(em, { account: await createAccount(em, NetworkId.YouTube) }), user: dan, roleId: 4, status: 'declined' });
  return { word, people: { ana, ben, cat, dan, eve }, open, viewers: { stranger: viewerOf(stranger), owner: viewerOf(owner), member: viewerOf(member), admin: viewerOf(admin) } };
}

describe('the creator search’s stored totals', () => {
  it('rank and filter every viewer’s page exactly as working out each portfolio live does', async () => {
    const em = env.server.orm.em.fork();
    const { word, people, viewers } = await scene(em);
    await indexEverything(em);
    // The stored path is the one under test: nobody of the scene is queued any more.
    const ids = Object.values(people).map((person) => person.id);
    const [queued] = await em.execute<Array<{ n: string }>>(`select count(*) as n from search_outbox where kind = 'user' and entity_id in (?)`, [ids]);
    expect(Number(queued!.n)).toBe(0);
    const [stored] = await em.execute<Array<{ n: string }>>(`select count(*) as n from creator_stats where user_id in (?)`, [ids]);
    expect(Number(stored!.n)).toBe(5);

    const text = { ...NO_FILTER, text: word };
    const filters: CreatorSearchFilters[] = [
      text,
      { ...text, roleIds: [1] },
      { ...text, roleIds: [2] },
      { ...text, roleIds: [3, 4] },
      { ...text, networkIds: [NetworkId.Instagram] },
      { ...text, networkIds: [NetworkId.TikTok] },
      { ...text, networkIds: [NetworkId.YouTube] },
      { ...text, creditedWithinDays: 30 },
      { ...text, minFollowers: 1 },
    ];
    for (const viewer of Object.values(viewers)) {
      for (const filter of filters) expect(await page(viewer, filter), JSON.stringify(filter)).toEqual(await page(viewer, filter, { liveOnly: true }));
    }

    // And what they are, by hand, for the viewers who see more than a stranger.
    const name = (person: User) => person.name;
    expect(await page(viewers.stranger, text)).toEqual([
      { name: name(people.ben), followers: 2_000, posts: 1, views: 50 },
      { name: name(people.ana), followers: 0, posts: 1, views: 100 },
      { name: name(people.dan), followers: 0, posts: 1, views: 100 },
      { name: name(people.cat), followers: 0, posts: 0, views: 0 },
      { name: name(people.eve), followers: 0, posts: 0, views: 0 },
    ]);
    expect((await page(viewers.owner, text)).slice(0, 2)).toEqual([
      { name: name(people.ben), followers: 2_000, posts: 2, views: 750 },
      { name: name(people.ana), followers: 0, posts: 2, views: 1_100 },
    ]);
    expect((await page(viewers.member, text)).find((hit) => hit.name === name(people.cat))).toEqual({ name: name(people.cat), followers: 0, posts: 1, views: 300 });
    expect((await page(viewers.stranger, { ...text, roleIds: [1] })).map((hit) => hit.name)).toEqual([name(people.dan)]);
    expect((await page(viewers.owner, { ...text, roleIds: [1] })).map((hit) => hit.name)).toEqual([name(people.ana), name(people.dan)]);
    expect((await page(viewers.stranger, { ...text, roleIds: [2] })).map((hit) => hit.name)).toEqual([name(people.ana)]);
    expect((await page(viewers.member, { ...text, roleIds: [2] })).map((hit) => hit.name)).toEqual([name(people.cat), name(people.ana)]);
    expect(await page(viewers.admin, { ...text, roleIds: [3, 4] })).toEqual([]);
    expect((await page(viewers.stranger, { ...text, creditedWithinDays: 30 })).map((hit) => hit.name)).toEqual([name(people.ana)]);
  });

  it('answers a change at once, before and after the outbox is drained', async () => {
    const em = env.server.orm.em.fork();
    const { word, people, open, viewers } = await scene(em);
    await indexEverything(em);
    const text = { ...NO_FILTER, text: word };
    const anaFor = async (viewer: Viewer) => (await page(viewer, text)).find((hit) => hit.name === people.ana.name);
    expect(await anaFor(viewers.stranger)).toMatchObject({ posts: 1, views: 100 });

    // The post becomes private: whether or not the background drain has run yet, nobody sees it counted.
    await em.nativeUpdate(Post, { id: open.id }, { isPrivate: true });
    expect(await anaFor(viewers.stranger)).toMatchObject({ posts: 0, views: 0 });
    expect(await page(viewers.stranger, { ...text, roleIds: [2] })).toEqual([]);
    await indexEverything(em);
    expect(await anaFor(viewers.stranger)).toMatchObject({ posts: 0, views: 0 });
    expect(await anaFor(viewers.admin)).toMatchObject({ posts: 2, views: 1_100 });
  });

  it('forgets a deleted person’s totals with the drain that follows', async () => {
    const em = env.server.orm.em.fork();
    const { people } = await scene(em);
    await indexEverything(em);
    const storedFor = async (id: number) => Number((await em.execute<Array<{ n: string }>>('select count(*) as n from creator_stats where user_id = ?', [id]))[0]!.n);
    expect(await storedFor(people.ana.id)).toBe(1);
    await em.nativeDelete(User, { id: people.ana.id });
    await indexEverything(em);
    expect(await storedFor(people.ana.id)).toBe(0);
  });

  it('counts what a viewer’s own private posts add, found from their rows, and an admin’s every post from the stored all-posts totals', async () => {
    const em = env.server.orm.em.fork();
    const { word, people, viewers } = await scene(em);
    // The owner keeps many more private posts, crediting Eve in another role, one of them on Ben's own account.
    for (let index = 0; index < 6; index++) {
      const post = await createPost(em, { createdBy: await em.findOneOrFail(User, viewers.owner.user.id), isPrivate: true });
      post.views = 10;
      await em.flush();
      await createCredit(em, { post, user: people.eve, roleId: 4, status: 'accepted' });
    }
    await indexEverything(em);
    const text = { ...NO_FILTER, text: word };
    const eveFor = async (viewer: Viewer | null, filters = text) => (await page(viewer, filters)).find((hit) => hit.name === people.eve.name);
    expect(await eveFor(viewers.owner)).toEqual({ name: people.eve.name, followers: 0, posts: 6, views: 60 });
    expect(await eveFor(viewers.owner, { ...text, roleIds: [4] })).toMatchObject({ posts: 6 });
    expect(await eveFor(viewers.member)).toMatchObject({ posts: 0, views: 0 });
    expect(await eveFor(viewers.member, { ...text, roleIds: [4] })).toBeUndefined();
    expect(await eveFor(null)).toMatchObject({ posts: 0, views: 0 });
    // An admin sees every post: the owner's, the member's and the story alike.
    expect(await eveFor(viewers.admin)).toMatchObject({ posts: 6, views: 60 });
    expect(await page(viewers.admin, text)).toEqual([
      { name: people.ben.name, followers: 2_000, posts: 2, views: 750 },
      { name: people.eve.name, followers: 0, posts: 6, views: 60 },
      { name: people.ana.name, followers: 0, posts: 2, views: 1_100 },
      { name: people.cat.name, followers: 0, posts: 1, views: 300 },
      { name: people.dan.name, followers: 0, posts: 1, views: 100 },
    ]);
    const [all] = await em.execute<Array<{ posts: number; role_ids: number[] }>>('select posts, role_ids from creator_stats_all where user_id = ?', [people.eve.id]);
    expect(all).toEqual({ posts: 6, role_ids: [4] });
    for (const viewer of [viewers.owner, viewers.admin, null]) {
      for (const filters of [text, { ...text, roleIds: [4] }, { ...text, creditedWithinDays: 30 }]) expect(await page(viewer, filters)).toEqual(await page(viewer, filters, { liveOnly: true }));
    }
    expect(await pageByPage(viewers.owner, text)).toEqual(await page(viewers.owner, text, { liveOnly: true }));
  });

  it('ranks by the numbers alone the people a viewer’s own posts lift past others, page by page, as working everything out does', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const publicPosts = async (person: User, count: number) => {
      for (let index = 0; index < count; index++) await createCredit(em, { post: await createPost(em), user: person, roleId: 1, status: 'accepted' });
    };
    const privatePosts = async (person: User, count: number) => {
      for (let index = 0; index < count; index++) await createCredit(em, { post: await createPost(em, { createdBy: owner, isPrivate: true }), user: person, roleId: 2, status: 'accepted' });
    };
    // Three people lead by their public posts; the owner's private posts lift one from below them
    // all to the top, and touch another too little to reach any page's end.
    const [first, second, third, lifted, touched] = [await createUser(em), await createUser(em), await createUser(em), await createUser(em), await createUser(em)];
    await publicPosts(first, 9);
    await publicPosts(second, 8);
    await publicPosts(third, 7);
    await publicPosts(lifted, 1);
    await privatePosts(lifted, 9);
    await privatePosts(touched, 1);
    await indexEverything(em);
    const everyone = await page(viewerOf(owner), NO_FILTER, { liveOnly: true });
    const ours = [first, second, third, lifted].map((person) => person.name);
    expect(everyone.filter((hit) => ours.includes(hit.name)).map((hit) => hit.name)).toEqual([lifted.name, first.name, second.name, third.name]);
    expect(await page(viewerOf(owner), NO_FILTER)).toEqual(everyone);
    expect((await pageByPage(viewerOf(owner), NO_FILTER)).slice(0, 20)).toEqual(everyone);
  });

  it('works out queued people live for any viewer, and past the limit answers from their last stored totals', async () => {
    const em = env.server.orm.em.fork();
    const { word, people, open, viewers } = await scene(em);
    await indexEverything(em);
    const text = { ...NO_FILTER, text: word };
    // More views on the open post: Ana and Dan are queued until the drain takes them.
    await em.nativeUpdate(Post, { id: open.id }, { views: 500 });
    for (const viewer of [viewers.owner, viewers.admin, viewers.member, null]) expect(await page(viewer, text)).toEqual(await page(viewer, text, { liveOnly: true }));
    expect((await page(viewers.owner, text)).find((hit) => hit.name === people.dan.name)).toMatchObject({ posts: 1, views: 500 });
    await indexEverything(em);

    // Inside a transaction the drain cannot see: Dan's stored totals are stale and he is queued.
    await expect(em.fork().transactional(async (tx) => {
      await tx.execute('update creator_stats set views = 7 where user_id = ?', [people.dan.id]);
      await tx.execute(`insert into search_outbox (kind, entity_id) values ('user', ?) on conflict do nothing`, [people.dan.id]);
      const danFor = async (viewer: Viewer | null, limits: CreatorSearchLimits) => (await page(viewer, text, limits, tx)).find((hit) => hit.name === people.dan.name);
      expect(await danFor(null, {})).toMatchObject({ posts: 1, views: 500 });
      // With no room for live work (a reindex queued everyone), his last stored totals answer.
      expect(await danFor(null, { maxLivePeople: 0 })).toMatchObject({ posts: 1, views: 7 });
      expect(await danFor(viewers.admin, { maxLivePeople: 0 })).toMatchObject({ posts: 1, views: 500 });
      // The viewer's own private posts are still added to what is stored.
      expect((await page(viewers.owner, text, { maxLivePeople: 0 }, tx)).find((hit) => hit.name === people.ana.name)).toMatchObject({ posts: 2, views: 1_500 });
      throw new RolledBack();
    })).rejects.toBeInstanceOf(RolledBack);
  });

  it('ranks a word in more names than the cap from the best-ranked of them, as working everything out does', async () => {
    const em = env.server.orm.em.fork();
    const word = `common${uniqueSuffix()}`;
    await em.execute(`insert into users (username, name) select ? || '_' || n, ? || ' ' || n from generate_series(1, ?) n`, [word, word, COMMON_WORD_MATCHES + 20]);
    const [followed] = await em.execute<Array<{ id: number }>>('select id from users where username = ?', [`${word}_${COMMON_WORD_MATCHES + 10}`]);
    const account = await createAccount(em, NetworkId.TikTok);
    account.owner = em.getReference(User, followed!.id, { wrapped: true });
    account.ownerVerifiedAt = new Date();
    account.followerCount = 900;
    await em.flush();
    await indexEverything(em);
    const text = { ...NO_FILTER, text: word };
    const found = await page(null, text);
    expect(found).toHaveLength(20);
    expect(found[0]).toMatchObject({ name: `${word} ${COMMON_WORD_MATCHES + 10}`, followers: 900 });
    expect(found).toEqual(await page(null, text, { liveOnly: true }));
    // In so many names that the ranking index is walked instead of the names looked up first.
    expect(await page(null, text, { denseWordMatches: COMMON_WORD_MATCHES })).toEqual(found);
  });

  it('works out everyone live when too many people’s stored totals do not hold for the viewer', async () => {
    const em = env.server.orm.em.fork();
    const { word, viewers } = await scene(em);
    await indexEverything(em);
    const text = { ...NO_FILTER, text: word };
    // The owner's two private posts are more than a limit of one.
    expect(await page(viewers.owner, text, { maxLivePeople: 1 })).toEqual(await page(viewers.owner, text, { liveOnly: true }));
    expect(await page(viewers.owner, text, { maxLivePeople: 1 })).toEqual(await page(viewers.owner, text));
  });
});
