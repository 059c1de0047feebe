import { ref } from '@mikro-orm/core';
import { describe, expect, it } from 'vitest';
import { RoleFlag, UserType } from '../../../../domain/enums.js';
import { LIST_MESSAGES, MAX_ITEMS_PER_LIST, MAX_LISTS_PER_USER } from '../../../../domain/lists.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createAccount, createPost, createUser, creditUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';
import { userIdsInList } from './list.service.js';

const env = useTestServer();

const LIST_FIELDS = 'id databaseId name kind peopleCount postsCount viewerCan { rename delete addAndRemove }';
const LISTS = `query($first: Int, $after: String, $last: Int, $before: String) { viewerLists(first: $first, after: $after, last: $last, before: $before) { totalCount pageInfo { hasNextPage hasPreviousPage endCursor startCursor } nodes { ${LIST_FIELDS} } } }`;
const CREATE = `mutation($input: CreateListInput!) { createList(input: $input) { list { ${LIST_FIELDS} } } }`;
const RENAME = `mutation($input: RenameListInput!) { renameList(input: $input) { list { ${LIST_FIELDS} } } }`;
const DELETE = 'mutation($input: DeleteListInput!) { deleteList(input: $input) { deletedListId } }';
const ADD = 'mutation($input: AddToListInput!) { addToList(input: $input) { list { id peopleCount postsCount } user { id viewerListIds } post { id viewerListIds } } }';
const REMOVE = 'mutation($input: RemoveFromListInput!) { removeFromList(input: $input) { list { id peopleCount postsCount } user { id viewerListIds } post { id viewerListIds } } }';
const LIST_PAGE = `query($databaseId: Int!, $first: Int, $after: String) { listByDatabaseId(databaseId: $databaseId) { name
  people(first: $first, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { addedAt location user { id username } roles { posts role { name } } totals { posts views likes } } }
  posts(first: 10) { totalCount nodes { post { id } } } } }`;

interface ListView {
  id: string;
  databaseId: number;
  name: string;
  kind: string;
  peopleCount: number;
  postsCount: number;
  viewerCan: { rename: boolean; delete: boolean; addAndRemove: boolean };
}

async function signedIn(fields: Partial<Pick<User, 'roleFlags'>> = {}): Promise<{ user: User; token: string }> {
  const user = await createUser(env.server.orm.em.fork(), fields);
  return { user, token: env.server.tokenFor(user.id) };
}

async function listsOf(token: string, variables: Record<string, unknown> = {}) {
  const response = await graphql<{ viewerLists: { totalCount: number; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string; startCursor: string }; nodes: ListView[] } }>(env.server, LISTS, { token, variables });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.viewerLists;
}

async function createList(token: string, name: string) {
  return graphql<{ createList: { list: ListView } }>(env.server, CREATE, { token, variables: { input: { name } } });
}

async function newList(token: string, name = `List ${Math.random()}`): Promise<ListView> {
  const response = await createList(token, name);
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.createList.list;
}

function add(token: string | undefined, input: Record<string, unknown>) {
  return graphql<{ addToList: { list: { peopleCount: number; postsCount: number }; user: { viewerListIds: string[] } | null; post: { viewerListIds: string[] } | null } }>(env.server, ADD, { token, variables: { input } });
}

function errorOf(response: { body: { errors?: Array<{ message: string; extensions?: Record<string, unknown> }> } }) {
  const error = response.body.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

describe('Favorites and Prospects', () => {
  it('exist for every user, first, and cannot be renamed or deleted', async () => {
    const { token } = await signedIn();
    const lists = await listsOf(token);
    expect(lists.totalCount).toBe(2);
    expect(lists.nodes.map((list) => [list.name, list.kind])).toEqual([
      ['Favorites', 'FAVORITES'],
      ['Prospects', 'PROSPECTS'],
    ]);
    expect(lists.nodes[0]!.viewerCan).toEqual({ rename: false, delete: false, addAndRemove: true });
    // Reading again makes no second pair.
    expect((await listsOf(token)).totalCount).toBe(2);

    for (const builtIn of lists.nodes) {
      const rename = await graphql(env.server, RENAME, { token, variables: { input: { listId: builtIn.id, name: 'Renamed' } } });
      expect(errorOf(rename)).toEqual({ message: LIST_MESSAGES.builtInFixed, code: 'FORBIDDEN' });
      const remove = await graphql(env.server, DELETE, { token, variables: { input: { listId: builtIn.id } } });
      expect(errorOf(remove)).toEqual({ message: LIST_MESSAGES.builtInFixed, code: 'FORBIDDEN' });
    }
    expect((await listsOf(token)).nodes.map((list) => list.name)).toEqual(['Favorites', 'Prospects']);
  });

  it('are there before a first list of one’s own, whose name may not take theirs', async () => {
    const { token } = await signedIn();
    expect(errorOf(await createList(token, 'favorites'))).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });
    const own = await newList(token, 'Directors');
    expect(own).toMatchObject({ kind: 'CUSTOM', viewerCan: { rename: true, delete: true, addAndRemove: true } });
    expect((await listsOf(token)).nodes.map((list) => list.name)).toEqual(['Favorites', 'Prospects', 'Directors']);
  });
});

describe('making, renaming and deleting lists', () => {
  it('trims names, keeps them unique per owner whatever the case, and lets another owner reuse one', async () => {
    const { token } = await signedIn();
    const list = await newList(token, '  Summer   shoot  ');
    expect(list.name).toBe('Summer shoot');
    expect(errorOf(await createList(token, 'SUMMER SHOOT'))).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });
    const other = await signedIn();
    expect((await newList(other.token, 'Summer shoot')).name).toBe('Summer shoot');

    const second = await newList(token, 'Winter');
    const clash = await graphql(env.server, RENAME, { token, variables: { input: { listId: second.id, name: 'summer SHOOT' } } });
    expect(errorOf(clash)).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });
    // A list may change the case of its own name.
    const recased = await graphql<{ renameList: { list: ListView } }>(env.server, RENAME, { token, variables: { input: { listId: list.id, name: 'SUMMER shoot' } } });
    expect(recased.body.data?.renameList.list.name).toBe('SUMMER shoot');
  });

  it('refuses empty and over-long names', async () => {
    const { token } = await signedIn();
    expect(errorOf(await createList(token, '   '))).toEqual({ message: LIST_MESSAGES.nameRequired, code: 'BAD_USER_INPUT' });
    expect(errorOf(await createList(token, 'x'.repeat(61)))).toEqual({ message: LIST_MESSAGES.nameTooLong, code: 'BAD_USER_INPUT' });
    expect((await newList(token, 'x'.repeat(60))).name).toHaveLength(60);
  });

  it('deletes a list with what it held, leaving the people and posts', async () => {
    const { token } = await signedIn();
    const list = await newList(token);
    const person = await createUser(env.server.orm.em.fork());
    expect(errorOf(await add(token, { listId: list.id, userId: toGlobalId('User', person.id) }))).toBeUndefined();
    const deleted = await graphql<{ deleteList: { deletedListId: string } }>(env.server, DELETE, { token, variables: { input: { listId: list.id } } });
    expect(deleted.body.data?.deleteList.deletedListId).toBe(list.id);
    expect((await listsOf(token)).totalCount).toBe(2);
    expect(await queryRows(env.database.url, 'select 1 from list_people where list_id = $1', [list.databaseId])).toEqual([]);
    expect(await queryRows(env.database.url, 'select 1 from users where id = $1', [person.id])).toHaveLength(1);
    const again = await graphql(env.server, DELETE, { token, variables: { input: { listId: list.id } } });
    expect(errorOf(again)).toEqual({ message: LIST_MESSAGES.listNotFound, code: 'NOT_FOUND' });
  });

  it(`allows at most ${MAX_LISTS_PER_USER} lists per person, even asked all at once`, async () => {
    const { token } = await signedIn();
    const wanted = MAX_LISTS_PER_USER - 2 + 3;
    const responses = await Promise.all(Array.from({ length: wanted }, (_, index) => createList(token, `List ${index}`)));
    const refused = responses.filter((response) => response.body.errors);
    expect(refused).toHaveLength(3);
    for (const response of refused) expect(errorOf(response)).toEqual({ message: LIST_MESSAGES.tooManyLists, code: 'BAD_USER_INPUT' });
    expect((await listsOf(token, { first: 1 })).totalCount).toBe(MAX_LISTS_PER_USER);
  });

  it('pages the lists forwards and backwards in a stable order', async () => {
    const { token } = await signedIn();
    for (const name of ['A', 'B', 'C']) await newList(token, name);
    const first = await listsOf(token, { first: 2 });
    expect(first.nodes.map((list) => list.name)).toEqual(['Favorites', 'Prospects']);
    expect(first.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await listsOf(token, { first: 2, after: first.pageInfo.endCursor });
    expect(second.nodes.map((list) => list.name)).toEqual(['A', 'B']);
    const third = await listsOf(token, { first: 2, after: second.pageInfo.endCursor });
    expect(third.nodes.map((list) => list.name)).toEqual(['C']);
    expect(third.pageInfo.hasNextPage).toBe(false);
    const back = await listsOf(token, { last: 2, before: third.pageInfo.startCursor });
    expect(back.nodes.map((list) => list.name)).toEqual(['A', 'B']);
  });
});

describe('people and posts in a list', () => {
  it('adds and removes people and posts once each, with checkmarks on the person and the post', async () => {
    const { token } = await signedIn();
    const [favorites] = (await listsOf(token)).nodes;
    const person = await createUser(env.server.orm.em.fork());
    const post = await createPost(env.server.orm.em.fork());
    const userId = toGlobalId('User', person.id);
    const postId = toGlobalId('Post', post.id);

    const addedPerson = await add(token, { listId: favorites!.id, userId });
    expect(addedPerson.body.data?.addToList).toEqual({ list: { id: favorites!.id, peopleCount: 1, postsCount: 0 }, user: { id: userId, viewerListIds: [favorites!.id] }, post: null });
    const addedPost = await add(token, { listId: favorites!.id, postId });
    expect(addedPost.body.data?.addToList).toMatchObject({ list: { peopleCount: 1, postsCount: 1 }, user: null, post: { id: postId, viewerListIds: [favorites!.id] } });

    expect(errorOf(await add(token, { listId: favorites!.id, userId }))).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });
    expect(errorOf(await add(token, { listId: favorites!.id, postId }))).toEqual({ message: 'That resource already exists', code: 'CONFLICT' });

    // Another list holds the same person too.
    const other = await newList(token);
    await add(token, { listId: other.id, userId });
    const checkmarks = await graphql<{ node: { viewerListIds: string[] } }>(env.server, 'query($id: ID!) { node(id: $id) { ... on User { viewerListIds } } }', { token, variables: { id: userId } });
    expect(checkmarks.body.data?.node.viewerListIds).toEqual([favorites!.id, other.id]);

    const removed = await graphql<{ removeFromList: { list: { peopleCount: number }; user: { viewerListIds: string[] } } }>(env.server, REMOVE, { token, variables: { input: { listId: favorites!.id, userId } } });
    expect(removed.body.data?.removeFromList).toMatchObject({ list: { peopleCount: 0 }, user: { viewerListIds: [other.id] } });
    const removedPost = await graphql(env.server, REMOVE, { token, variables: { input: { listId: favorites!.id, postId } } });
    expect(removedPost.body.errors).toBeUndefined();
    const notThere = await graphql(env.server, REMOVE, { token, variables: { input: { listId: favorites!.id, userId } } });
    expect(errorOf(notThere)).toEqual({ message: LIST_MESSAGES.notInList, code: 'NOT_FOUND' });
  });

  it('refuses a missing person, a post the viewer may not see, and input naming both or neither', async () => {
    const { token } = await signedIn();
    const [favorites] = (await listsOf(token)).nodes;
    expect(errorOf(await add(token, { listId: favorites!.id, userId: toGlobalId('User', 99_999_999) }))).toEqual({ message: 'User was not found', code: 'NOT_FOUND' });
    const hidden = await createPost(env.server.orm.em.fork(), { isPrivate: true });
    expect(errorOf(await add(token, { listId: favorites!.id, postId: toGlobalId('Post', hidden.id) }))).toEqual({ message: 'Post not found', code: 'NOT_FOUND' });
    const person = await createUser(env.server.orm.em.fork());
    const post = await createPost(env.server.orm.em.fork());
    const both = await add(token, { listId: favorites!.id, userId: toGlobalId('User', person.id), postId: toGlobalId('Post', post.id) });
    expect(errorOf(both)).toEqual({ message: 'Name exactly one of userId and postId.', code: 'BAD_USER_INPUT' });
    expect(errorOf(await add(token, { listId: favorites!.id }))).toEqual({ message: 'Name exactly one of userId and postId.', code: 'BAD_USER_INPUT' });
    expect(errorOf(await add(token, { listId: toGlobalId('User', person.id), userId: toGlobalId('User', person.id) }))?.code).toBe('BAD_USER_INPUT');
  });

  it(`holds at most ${MAX_ITEMS_PER_LIST.toLocaleString('en-US')} people and posts`, async () => {
    const { token } = await signedIn();
    const list = await newList(token);
    const person = await createUser(env.server.orm.em.fork());
    const post = await createPost(env.server.orm.em.fork());
    // Filled to one short of the limit directly: 4,999 people through the API would be slow.
    await queryRows(
      env.database.url,
      `with fresh as (insert into users (username, name) select 'filler_' || $1::int || '_' || g, 'Filler' from generate_series(1, $2::int) g returning id)
       insert into list_people (list_id, user_id) select $1, id from fresh`,
      [list.databaseId, MAX_ITEMS_PER_LIST - 1],
    );
    expect(errorOf(await add(token, { listId: list.id, postId: toGlobalId('Post', post.id) }))).toBeUndefined();
    expect(errorOf(await add(token, { listId: list.id, userId: toGlobalId('User', person.id) }))).toEqual({ message: LIST_MESSAGES.listFull, code: 'BAD_USER_INPUT' });
  });
});

describe('the list page', () => {
  it('shows each person with roles, place and public totals, newest first, page by page', async () => {
    const { token } = await signedIn();
    const em = env.server.orm.em.fork();
    const [, prospects] = (await listsOf(token)).nodes;
    const director = await createUser(em);
    director.locationName = 'Lisbon, Portugal';
    const editor = await createUser(em);
    const one = await createPost(em);
    one.views = 3_000_000_000;
    one.likes = 10;
    const two = await createPost(em);
    two.views = 5;
    two.likes = 1;
    const hidden = await createPost(em, { isPrivate: true });
    hidden.views = 1_000;
    await em.flush();
    await creditUser(em, one, director, 1);
    await creditUser(em, one, director, 2);
    await creditUser(em, two, director, 1);
    await creditUser(em, hidden, director, 1);
    await queryRows(env.database.url, `update credits set status = 'accepted' where user_id = $1`, [director.id]);
    // A pending credit is not the person's public work yet.
    await creditUser(em, two, editor, 3);
    await queryRows(env.database.url, `update credits set status = 'pending' where user_id = $1`, [editor.id]);

    await add(token, { listId: prospects!.id, userId: toGlobalId('User', director.id) });
    await add(token, { listId: prospects!.id, userId: toGlobalId('User', editor.id) });
    await add(token, { listId: prospects!.id, postId: toGlobalId('Post', one.id) });

    type Page = { listByDatabaseId: { name: string; people: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<{ location: string | null; user: { id: string }; roles: Array<{ posts: number; role: { name: string } }>; totals: { posts: number; views: number; likes: number } }> }; posts: { totalCount: number; nodes: Array<{ post: { id: string } | null }> } } };
    const first = await graphql<Page>(env.server, LIST_PAGE, { token, variables: { databaseId: prospects!.databaseId, first: 1 } });
    expect(first.body.errors).toBeUndefined();
    const page = first.body.data!.listByDatabaseId;
    expect(page.people.totalCount).toBe(2);
    expect(page.people.nodes).toEqual([expect.objectContaining({ user: expect.objectContaining({ id: toGlobalId('User', editor.id) }), roles: [], totals: { posts: 0, views: 0, likes: 0 }, location: null })]);
    expect(page.posts).toEqual({ totalCount: 1, nodes: [{ post: { id: toGlobalId('Post', one.id) } }] });

    const next = await graphql<Page>(env.server, LIST_PAGE, { token, variables: { databaseId: prospects!.databaseId, first: 1, after: page.people.pageInfo.endCursor } });
    const [person] = next.body.data!.listByDatabaseId.people.nodes;
    expect(next.body.data!.listByDatabaseId.people.pageInfo.hasNextPage).toBe(false);
    expect(person!.location).toBe('Lisbon, Portugal');
    expect(person!.totals).toEqual({ posts: 2, views: 3_000_000_005, likes: 11 });
    expect(person!.roles).toEqual([
      { posts: 2, role: { name: expect.any(String) } },
      { posts: 1, role: { name: expect.any(String) } },
    ]);
  });

  it('shows a post made private since it was added as null', async () => {
    const { token } = await signedIn();
    const [favorites] = (await listsOf(token)).nodes;
    const post = await createPost(env.server.orm.em.fork());
    await add(token, { listId: favorites!.id, postId: toGlobalId('Post', post.id) });
    await queryRows(env.database.url, 'update posts set is_private = true where id = $1', [post.id]);
    const response = await graphql<{ listByDatabaseId: { posts: { totalCount: number; nodes: Array<{ post: unknown }> } } }>(env.server, LIST_PAGE, { token, variables: { databaseId: favorites!.databaseId } });
    expect(response.body.data?.listByDatabaseId.posts).toEqual({ totalCount: 1, nodes: [{ post: null }] });
  });
});

describe('totals as the profile counts them', () => {
  it('count a company’s verified accounts’ posts once, and private posts the viewer may see', async () => {
    const { user: buyer, token } = await signedIn();
    const em = env.server.orm.em.fork();
    const [favorites] = (await listsOf(token)).nodes;
    const company = await createUser(em, { userType: UserType.Company });
    const account = await createAccount(em);
    account.owner = ref(company);
    account.ownerVerifiedAt = new Date();
    const ownPost = await createPost(em, { account });
    ownPost.views = 100;
    const unverified = await createAccount(em);
    unverified.owner = ref(company);
    const notYetTheirs = await createPost(em, { account: unverified });
    notYetTheirs.views = 1_000_000;
    // Private, but the buyer tracked it, so the buyer sees it (and its numbers) on the profile too.
    const privatePost = await createPost(em, { isPrivate: true, createdBy: buyer });
    privatePost.views = 10;
    await em.flush();
    for (const post of [ownPost, privatePost]) await creditUser(em, post, company, 1);
    await queryRows(env.database.url, `update credits set status = 'accepted' where user_id = $1`, [company.id]);

    await add(token, { listId: favorites!.id, userId: toGlobalId('User', company.id) });
    const page = await graphql<{ listByDatabaseId: { people: { nodes: Array<{ totals: { posts: number; views: number } }> } } }>(env.server, LIST_PAGE, { token, variables: { databaseId: favorites!.databaseId } });
    expect(page.body.data?.listByDatabaseId.people.nodes[0]?.totals).toMatchObject({ posts: 2, views: 110 });
    // Someone else sees only the public one.
    const other = await signedIn();
    const [otherFavorites] = (await listsOf(other.token)).nodes;
    await add(other.token, { listId: otherFavorites!.id, userId: toGlobalId('User', company.id) });
    const theirs = await graphql<{ listByDatabaseId: { people: { nodes: Array<{ totals: { posts: number; views: number } }> } } }>(env.server, LIST_PAGE, { token: other.token, variables: { databaseId: otherFavorites!.databaseId } });
    expect(theirs.body.data?.listByDatabaseId.people.nodes[0]?.totals).toMatchObject({ posts: 1, views: 100 });
  });
});

describe('posts in a list, page by page', () => {
  it('pages the posts newest first and fetches the list itself through node(id:)', async () => {
    const { token } = await signedIn();
    const list = await newList(token);
    const posts = [await createPost(env.server.orm.em.fork()), await createPost(env.server.orm.em.fork()), await createPost(env.server.orm.em.fork())];
    for (const post of posts) await add(token, { listId: list.id, postId: toGlobalId('Post', post.id) });
    const POSTS = 'query($id: ID!, $after: String) { node(id: $id) { ... on List { name posts(first: 2, after: $after) { totalCount pageInfo { hasNextPage endCursor } nodes { post { databaseId } } } } } }';
    type Answer = { node: { name: string; posts: { totalCount: number; pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: Array<{ post: { databaseId: number } }> } } };
    const first = await graphql<Answer>(env.server, POSTS, { token, variables: { id: list.id } });
    expect(first.body.data?.node.name).toBe(list.name);
    expect(first.body.data?.node.posts.totalCount).toBe(3);
    expect(first.body.data?.node.posts.nodes.map((entry) => entry.post.databaseId)).toEqual([posts[2]!.id, posts[1]!.id]);
    const second = await graphql<Answer>(env.server, POSTS, { token, variables: { id: list.id, after: first.body.data?.node.posts.pageInfo.endCursor } });
    expect(second.body.data?.node.posts.nodes.map((entry) => entry.post.databaseId)).toEqual([posts[0]!.id]);
    expect(second.body.data?.node.posts.pageInfo.hasNextPage).toBe(false);
  });
});

describe('who may see and change a list', () => {
  async function ownersList() {
    const owner = await signedIn();
    const list = await newList(owner.token);
    const person = await createUser(env.server.orm.em.fork());
    await add(owner.token, { listId: list.id, userId: toGlobalId('User', person.id) });
    return { owner, list, person };
  }

  const mutations = (list: ListView, personId: string) => [
    ['renameList', RENAME, { listId: list.id, name: 'Mine now' }],
    ['deleteList', DELETE, { listId: list.id }],
    ['addToList', ADD, { listId: list.id, userId: personId }],
    ['removeFromList', REMOVE, { listId: list.id, userId: personId }],
  ] as const;

  it('asks signed-out callers to sign in for every query and mutation', async () => {
    const { list, person } = await ownersList();
    for (const [, mutation, input] of mutations(list, toGlobalId('User', person.id))) {
      expect(errorOf(await graphql(env.server, mutation, { variables: { input } }))?.code).toBe('UNAUTHENTICATED');
    }
    expect(errorOf(await graphql(env.server, CREATE, { variables: { input: { name: 'x' } } }))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await graphql(env.server, LISTS))?.code).toBe('UNAUTHENTICATED');
    expect(errorOf(await graphql(env.server, LIST_PAGE, { variables: { databaseId: list.databaseId } }))?.code).toBe('UNAUTHENTICATED');
    const node = await graphql<{ node: unknown }>(env.server, 'query($id: ID!) { node(id: $id) { id } }', { variables: { id: list.id } });
    expect(node.body.data?.node).toBeNull();
    const checkmarks = await graphql<{ node: { viewerListIds: string[] } }>(env.server, 'query($id: ID!) { node(id: $id) { ... on User { viewerListIds } } }', { variables: { id: toGlobalId('User', person.id) } });
    expect(checkmarks.body.data?.node.viewerListIds).toEqual([]);
  });

  it.each([
    ['another user', {}],
    ['an admin (not masquerading)', { roleFlags: [RoleFlag.admin] }],
  ])('answers %s "not found" and changes nothing', async (_who, fields) => {
    const { owner, list, person } = await ownersList();
    const stranger = await signedIn(fields);
    for (const [, mutation, input] of mutations(list, toGlobalId('User', person.id))) {
      expect(errorOf(await graphql(env.server, mutation, { token: stranger.token, variables: { input } }))).toEqual({ message: LIST_MESSAGES.listNotFound, code: 'NOT_FOUND' });
    }
    const page = await graphql<{ listByDatabaseId: unknown }>(env.server, LIST_PAGE, { token: stranger.token, variables: { databaseId: list.databaseId } });
    expect(page.body.data?.listByDatabaseId).toBeNull();
    const node = await graphql<{ node: unknown }>(env.server, 'query($id: ID!) { node(id: $id) { id } }', { token: stranger.token, variables: { id: list.id } });
    expect(node.body.data?.node).toBeNull();
    const checkmarks = await graphql<{ node: { viewerListIds: string[] } }>(env.server, 'query($id: ID!) { node(id: $id) { ... on User { viewerListIds } } }', { token: stranger.token, variables: { id: toGlobalId('User', person.id) } });
    expect(checkmarks.body.data?.node.viewerListIds).toEqual([]);
    expect((await listsOf(stranger.token)).nodes.map((l) => l.id)).not.toContain(list.id);
    await expect(userIdsInList(env.server.orm.em.fork(), { user: stranger.user, masqueradingAdminId: null, sessionId: null, plansOpen: false }, list.databaseId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    // The owner's list is as it was.
    const own = await listsOf(owner.token);
    expect(own.nodes.find((l) => l.id === list.id)).toMatchObject({ name: list.name, peopleCount: 1 });
  });

  it('lets an admin masquerading as the owner act as them', async () => {
    const { owner, list } = await ownersList();
    const admin = await createUser(env.server.orm.em.fork(), { roleFlags: [RoleFlag.admin] });
    const token = env.server.tokenFor(owner.user.id, admin.id);
    const rename = await graphql<{ renameList: { list: ListView } }>(env.server, RENAME, { token, variables: { input: { listId: list.id, name: 'Renamed by support' } } });
    expect(rename.body.data?.renameList.list.name).toBe('Renamed by support');
  });
});

describe('userIdsInList (the creator search’s list filter)', () => {
  it('gives the people of the viewer’s own list and refuses signed-out callers', async () => {
    const { user, token } = await signedIn();
    const list = await newList(token);
    const people = [await createUser(env.server.orm.em.fork()), await createUser(env.server.orm.em.fork())];
    for (const person of people) await add(token, { listId: list.id, userId: toGlobalId('User', person.id) });
    const viewer = { user, masqueradingAdminId: null, sessionId: null, plansOpen: false };
    expect(await userIdsInList(env.server.orm.em.fork(), viewer, list.databaseId)).toEqual([people[1]!.id, people[0]!.id]);
    await expect(userIdsInList(env.server.orm.em.fork(), null, list.databaseId)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await expect(userIdsInList(env.server.orm.em.fork(), viewer, 99_999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
