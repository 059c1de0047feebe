import type { EntityManager } from '@mikro-orm/postgresql';
import { describe, expect, it } from 'vitest';
import { encodeGeohash } from '../../../../../domain/geohash.js';
import { NetworkId } from '../../../../../domain/networks.js';
import { PLACES } from '../../../../../domain/place-list.js';
import { toGlobalId } from '../../../graphql/global-id.js';
import { createAccount, createCredit, createPost, createUser, creditUser, uniqueSuffix } from '../../../test-support/factories.js';
import { graphql, useTestServer } from '../../../test-support/test-server.js';
import { User } from '../../users/index.js';
import { addToList, createList } from '../../lists/index.js';

const env = useTestServer();

type Hit = {
  user: { databaseId: number; name: string };
  followers: number;
  creditedPosts: number;
  views: number;
  distanceKm: number | null;
  location: string | null;
  roles: Array<{ posts: number; role: { name: string; emoji: string } }>;
  topCollaborators: Array<{ sharedPostCount: number; user: { databaseId: number } }>;
};
type Page = { creatorSearch: { nodes: Hit[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } } };
const QUERY = `query($filter: CreatorSearchFilter, $first: Int, $after: String) {
  creatorSearch(filter: $filter, first: $first, after: $after) {
    nodes { user { databaseId name } followers creditedPosts views distanceKm location roles { posts role { name emoji } } topCollaborators { sharedPostCount user { databaseId } } }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function search(viewer: User | null, variables: Record<string, unknown>) {
  return graphql<Page>(env.server, QUERY, { variables, ...(viewer ? { token: env.server.tokenFor(viewer.id) } : {}) });
}

async function found(viewer: User, variables: Record<string, unknown>): Promise<Hit[]> {
  const response = await search(viewer, variables);
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.creatorSearch.nodes;
}

/** `count` new people, typed as a tuple so tests can name them. */
async function people<N extends number>(em: EntityManager, count: N): Promise<User[] & { length: N } & Record<0 | 1 | 2 | 3 | 4 | 5, User>> {
  const made: User[] = [];
  for (let index = 0; index < count; index++) made.push(await createUser(em));
  return made as User[] & { length: N } & Record<0 | 1 | 2 | 3 | 4 | 5, User>;
}

const ids = (hits: Hit[]) => hits.map((hit) => hit.user.databaseId);
const viewerOf = (user: User) => ({ user, masqueradingAdminId: null, sessionId: null, plansOpen: false });

/** A list of the viewer's holding these people: it keeps each test to its own people. */
async function listOf(em: EntityManager, owner: User, people: User[]): Promise<string> {
  const list = await createList(em, viewerOf(owner), `Search ${uniqueSuffix()}`);
  for (const person of people) await addToList(em, viewerOf(owner), list.id, { userId: person.id });
  return toGlobalId('List', list.id);
}

async function verifiedAccount(em: EntityManager, owner: User, networkId: number, followers: number) {
  const account = await createAccount(em, networkId);
  account.owner = em.getReference(User, owner.id, { wrapped: true });
  account.ownerVerifiedAt = new Date();
  account.followerCount = followers;
  await em.flush();
  return account;
}

function placeHash(city: string, precision = 6): string {
  const place = PLACES.find((candidate) => candidate.city === city)!;
  return encodeGeohash(place.lat, place.lon, precision);
}

const PHOTOGRAPHER = toGlobalId('CreditRole', 2);

describe('Query.creatorSearch', () => {
  it('finds people by role only through public credits on posts the viewer may see, and counts nothing else', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const [shown, onlyPrivate, onlyPending, partner, privatePartner, pendingPartner] = await people(em, 6);
    const open = await createPost(em);
    const hidden = await createPost(em, { isPrivate: true });
    await creditUser(em, open, shown, 2);
    await creditUser(em, hidden, shown, 2);
    await creditUser(em, hidden, onlyPrivate, 2);
    await createCredit(em, { post: open, user: onlyPending, roleId: 2, status: 'pending' });
    await creditUser(em, open, partner, 5);
    await creditUser(em, hidden, privatePartner, 5);
    await createCredit(em, { post: open, user: pendingPartner, roleId: 5, status: 'pending' });
    const listId = await listOf(em, viewer, [shown, onlyPrivate, onlyPending]);

    const hits = await found(viewer, { filter: { listId, roleIds: [PHOTOGRAPHER] } });
    expect(ids(hits)).toEqual([shown.id]);
    expect(hits[0]).toMatchObject({ creditedPosts: 1, roles: [{ posts: 1, role: { name: 'Photographer', emoji: '📷' } }], topCollaborators: [{ sharedPostCount: 1, user: { databaseId: partner.id } }] });
    // Without the role filter they are found, but with nothing of the private post or the pending credit.
    const everyone = await found(viewer, { filter: { listId } });
    expect(everyone.find((hit) => hit.user.databaseId === onlyPrivate.id)).toMatchObject({ creditedPosts: 0, roles: [], topCollaborators: [] });
    expect(everyone.find((hit) => hit.user.databaseId === onlyPending.id)).toMatchObject({ creditedPosts: 0, roles: [] });
  });

  it('searches around a place, its precision setting the radius, nearest first', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const inLisbon = await createUser(em);
    const nearLisbon = await createUser(em);
    const inPorto = await createUser(em);
    const nowhere = await createUser(em);
    inLisbon.locationGeohash = placeHash('Lisbon');
    inLisbon.locationName = 'Lisbon, Portugal';
    // Almada, across the river: about 7 km from Lisbon's centre.
    nearLisbon.locationGeohash = encodeGeohash(38.68, -9.16, 6);
    inPorto.locationGeohash = placeHash('Porto');
    await em.flush();

    const lisbonArea = await found(viewer, { filter: { geohash: placeHash('Lisbon', 4) } });
    expect(ids(lisbonArea)).toEqual([inLisbon.id, nearLisbon.id]);
    expect(lisbonArea[0]!.location).toBe('Lisbon, Portugal');
    expect(lisbonArea[0]!.distanceKm!).toBeLessThan(lisbonArea[1]!.distanceKm!);
    expect(lisbonArea[1]!.distanceKm!).toBeGreaterThan(3);
    expect(ids(lisbonArea)).not.toContain(nowhere.id);
    // A precision-6 district holds only the person in it; a precision-2 cell reaches Porto too.
    expect(ids(await found(viewer, { filter: { geohash: placeHash('Lisbon', 6) } }))).toEqual([inLisbon.id]);
    expect(ids(await found(viewer, { filter: { geohash: placeHash('Lisbon', 2) } }))).toEqual(expect.arrayContaining([inLisbon.id, nearLisbon.id, inPorto.id]));
  });

  it('narrows by network and follower range, and ranks the most followed, then credited, then viewed first', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const [onInstagram, onTikTok, creditedOnInstagram, quiet] = await people(em, 4);
    await verifiedAccount(em, onInstagram, NetworkId.Instagram, 5_000);
    await verifiedAccount(em, onTikTok, NetworkId.TikTok, 50_000);
    const instagramPost = await createPost(em, { account: await createAccount(em, NetworkId.Instagram) });
    instagramPost.views = 900;
    const tiktokPost = await createPost(em);
    tiktokPost.views = 100;
    await em.flush();
    await creditUser(em, instagramPost, creditedOnInstagram);
    await creditUser(em, tiktokPost, quiet);
    const listId = await listOf(em, viewer, [quiet, creditedOnInstagram, onTikTok, onInstagram]);

    const all = await found(viewer, { filter: { listId } });
    expect(ids(all)).toEqual([onTikTok.id, onInstagram.id, creditedOnInstagram.id, quiet.id]);
    expect(all.map((hit) => hit.followers)).toEqual([50_000, 5_000, 0, 0]);
    expect(all[2]).toMatchObject({ creditedPosts: 1, views: 900 });
    expect(ids(await found(viewer, { filter: { listId, networkIds: [toGlobalId('Network', NetworkId.Instagram)] } }))).toEqual([onInstagram.id, creditedOnInstagram.id]);
    expect(ids(await found(viewer, { filter: { listId, minFollowers: 10_000 } }))).toEqual([onTikTok.id]);
    expect(ids(await found(viewer, { filter: { listId, minFollowers: 1, maxFollowers: 10_000 } }))).toEqual([onInstagram.id]);

    const first = (await search(viewer, { filter: { listId }, first: 3 })).body.data!.creatorSearch;
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await search(viewer, { filter: { listId }, first: 3, after: first.pageInfo.endCursor })).body.data!.creatorSearch;
    expect(ids(second.nodes)).toEqual([quiet.id]);
    expect(second.pageInfo.hasNextPage).toBe(false);
  });

  it('finds people credited within the last N days', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const recent = await createUser(em);
    const earlier = await createUser(em);
    const post = await createPost(em);
    await createCredit(em, { post, user: recent, status: 'accepted', createdAt: new Date(Date.now() - 5 * 86_400_000) });
    await createCredit(em, { post, user: earlier, status: 'accepted', createdAt: new Date(Date.now() - 40 * 86_400_000) });
    const listId = await listOf(em, viewer, [recent, earlier]);
    expect(ids(await found(viewer, { filter: { listId, creditedWithinDays: 30 } }))).toEqual([recent.id]);
    expect(ids(await found(viewer, { filter: { listId, creditedWithinDays: 60 } }))).toHaveLength(2);
  });

  it('puts closer name matches before more popular people', async () => {
    const em = env.server.orm.em.fork();
    const viewer = await createUser(em);
    const stem = `quintela${uniqueSuffix()}`;
    const exact = await createUser(em, { name: `${stem} Studio` });
    const partial = await createUser(em, { name: `Ana ${stem}xyz` });
    await createUser(em, { name: 'Someone Else' });
    await verifiedAccount(em, partial, NetworkId.Instagram, 1_000_000);
    expect(ids(await found(viewer, { filter: { text: stem } }))).toEqual([exact.id, partial.id]);
  });

  it('keeps lists to their owner: someone else’s list is not found, and signed-out visitors are asked to sign in', async () => {
    const em = env.server.orm.em.fork();
    const owner = await createUser(em);
    const other = await createUser(em);
    const listId = await listOf(em, owner, [await createUser(em)]);
    const answer = await search(other, { filter: { listId } });
    expect(answer.body.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    expect(answer.body.data).toBeNull();
    expect((await search(null, { filter: {} })).body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it.each([
    [{ geohash: 'aaaa' }, 'A geohash is 1 to 9 characters from 0123456789bcdefghjkmnpqrstuvwxyz'],
    [{ geohash: '0123456789' }, 'A geohash is 1 to 9 characters from 0123456789bcdefghjkmnpqrstuvwxyz'],
    [{ roleIds: [toGlobalId('CreditRole', 999)] }, 'Invalid id'],
    [{ roleIds: ['not-an-id'] }, 'Invalid id'],
    [{ networkIds: [toGlobalId('CreditRole', 2)] }, 'Invalid id'],
    [{ listId: toGlobalId('Post', 1) }, 'Invalid id'],
    [{ text: 'x'.repeat(101) }, 'Invalid query'],
    [{ minFollowers: 10, maxFollowers: 5 }, 'minFollowers must not be more than maxFollowers'],
    [{ minFollowers: -1 }, 'minFollowers must be a whole number, 0 or more'],
    [{ creditedWithinDays: 0 }, 'creditedWithinDays must be between 1 and 3650'],
  ])('refuses %j: "%s"', async (filter, message) => {
    const viewer = await createUser(env.server.orm.em.fork());
    const answer = await search(viewer, { filter });
    expect(answer.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });
});
