import { isObjectType, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { PostType } from '../../../domain/enums.js';
import { createLoginCredential, createPost, createTeam, createUser, creditUser } from '../test-support/factories.js';
import { graphql, useTestServer } from '../test-support/test-server.js';
import { toGlobalId } from './global-id.js';
import { buildAppSchema } from '../registry.js';

const env = useTestServer();

type NodeAnswer = { node: { __typename: string; id: string; databaseId?: number } | null };
type NodesAnswer = { nodes: Array<{ __typename: string; id: string } | null> };

/** Asks node(id:) as `token`'s owner (signed out without one). */
async function nodeOf(id: string, token?: string): Promise<NodeAnswer['node']> {
  const response = await graphql<NodeAnswer>(env.server, 'query($id: ID!) { node(id: $id) { __typename id ... on Network { databaseId } ... on CreditRole { databaseId } } }', {
    variables: { id },
    ...(token ? { token } : {}),
  });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.node;
}

describe('global ids', () => {
  it("are answered on every type that implements Node by a plain function of the type's name and the row", async () => {
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const nodeTypes = Object.values(schema.getTypeMap()).filter((type) => isObjectType(type) && type.getInterfaces().some((face) => face.name === 'Node'));
    expect(nodeTypes.length).toBeGreaterThan(20);
    for (const type of nodeTypes) {
      const resolve = (type as GraphQLObjectType).getFields().id!.resolve!;
      expect(resolve({ id: 42 }, {}, {}, {} as never), type.name).toBe(toGlobalId(type.name, 42));
    }
  });

  it('round-trip through node: the id a list gives fetches the same object back', async () => {
    const listed = await graphql<{ networks: Array<{ id: string; databaseId: number }> }>(env.server, '{ networks { id databaseId } }');
    const tiktok = listed.body.data!.networks.find((network) => network.databaseId === 5)!;
    expect(tiktok.id).toBe(toGlobalId('Network', 5));
    expect(await nodeOf(tiktok.id)).toEqual({ __typename: 'Network', id: tiktok.id, databaseId: 5 });
  });

  it('fetch several objects of several types through nodes, in the order asked, null for unknown ones', async () => {
    const ids = [toGlobalId('CreditRole', 1), toGlobalId('Network', 2), toGlobalId('Network', 999), 'not-a-global-id', toGlobalId('Nothing', 1)];
    const response = await graphql<NodesAnswer>(env.server, 'query($ids: [ID!]!) { nodes(ids: $ids) { __typename id } }', { variables: { ids } });
    expect(response.body.data!.nodes).toEqual([
      { __typename: 'CreditRole', id: ids[0] },
      { __typename: 'Network', id: ids[1] },
      null,
      null,
      null,
    ]);
  });

  it('refuses more than 100 ids at once', async () => {
    const ids = Array.from({ length: 101 }, (_, index) => toGlobalId('Network', index + 1));
    const response = await graphql(env.server, 'query($ids: [ID!]!) { nodes(ids: $ids) { id } }', { variables: { ids } });
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('hidden objects', () => {
  /** What post(id:) answers for a post, as `token`'s owner. */
  async function postOf(id: string, token?: string): Promise<unknown> {
    const response = await graphql<{ post: unknown }>(env.server, 'query($id: ID!) { post(id: $id) { id } }', { variables: { id }, ...(token ? { token } : {}) });
    return response.body.data!.post;
  }

  it('are null through node exactly when their own query hides them: private posts and stories', async () => {
    const em = env.server.orm.em.fork();
    const [owner, credited, stranger] = [await createUser(em), await createUser(em), await createUser(em)];
    const privatePost = await createPost(em, { createdBy: owner, isPrivate: true });
    const story = await createPost(em, { createdBy: owner, type: PostType.Story });
    const publicPost = await createPost(em);
    await creditUser(em, privatePost, credited, 1);
    const tokens = { signedOut: undefined, owner: env.server.tokenFor(owner.id), credited: env.server.tokenFor(credited.id), stranger: env.server.tokenFor(stranger.id) };
    for (const post of [privatePost, story, publicPost]) {
      const id = toGlobalId('Post', post.id);
      for (const token of Object.values(tokens)) {
        const own = await postOf(id, token);
        expect(await nodeOf(id, token)).toEqual(own === null ? null : { __typename: 'Post', id });
      }
    }
    expect(await nodeOf(toGlobalId('Post', privatePost.id), tokens.stranger)).toBeNull();
    expect(await nodeOf(toGlobalId('Post', privatePost.id), tokens.credited)).not.toBeNull();
    expect(await nodeOf(toGlobalId('Post', story.id), tokens.credited)).toBeNull();
  });

  it('hide a private post’s credits with it', async () => {
    const em = env.server.orm.em.fork();
    const [owner, credited, stranger] = [await createUser(em), await createUser(em), await createUser(em)];
    const post = await createPost(em, { createdBy: owner, isPrivate: true });
    await creditUser(em, post, credited, 1);
    type Credits = { post: { credits: { nodes: Array<{ id: string }> } } };
    const listed = await graphql<Credits>(env.server, `{ post(id: "${toGlobalId('Post', post.id)}") { credits { nodes { id } } } }`, { token: env.server.tokenFor(owner.id) });
    const creditId = listed.body.data!.post.credits.nodes[0]!.id;
    expect(await nodeOf(creditId, env.server.tokenFor(owner.id))).toEqual({ __typename: 'Credit', id: creditId });
    expect(await nodeOf(creditId, env.server.tokenFor(stranger.id))).toBeNull();
    expect(await nodeOf(creditId)).toBeNull();
  });

  it('refuse an id of another type where an argument names one type', async () => {
    const response = await graphql(env.server, `{ post(id: "${toGlobalId('Network', 1)}") { id } }`);
    expect(response.body.errors?.[0]?.extensions).toMatchObject({ code: 'BAD_USER_INPUT' });
  });
});

describe('teams through node', () => {
  it('are visible to members and admins only, as through team(id:), with their members as a connection', async () => {
    const em = env.server.orm.em.fork();
    const [manager, invited, stranger, admin] = [await createUser(em), await createUser(em), await createUser(em), await createUser(em, { roleFlags: [2] })];
    const team = await createTeam(em, [{ user: manager, role: 'manager' }, { user: invited, role: 'member', status: 'invited' }]);
    const id = toGlobalId('Team', team.id);
    type TeamAnswer = { team: { id: string; status: string; members: { totalCount: number; nodes: Array<{ id: string; role: string; status: string }> } } | null };
    const query = 'query($id: ID!) { team(id: $id) { id status members(first: 10) { totalCount nodes { id role status } } } }';
    for (const [who, visible] of [[manager, true], [invited, true], [admin, true], [stranger, false]] as const) {
      const token = env.server.tokenFor(who.id);
      const own = await graphql<TeamAnswer>(env.server, query, { variables: { id }, token });
      expect(own.body.data!.team !== null).toBe(visible);
      expect(await nodeOf(id, token)).toEqual(visible ? { __typename: 'Team', id } : null);
      if (visible) {
        const members = own.body.data!.team!.members;
        expect(own.body.data!.team!.status).toBe('INACTIVE');
        expect(members).toMatchObject({ totalCount: 2, nodes: [{ role: 'MANAGER', status: 'ACTIVE' }, { role: 'MEMBER', status: 'INVITED' }] });
        expect(await nodeOf(members.nodes[0]!.id, token)).toEqual({ __typename: 'TeamMember', id: members.nodes[0]!.id });
      }
    }
    expect(await nodeOf(id)).toBeNull();
  });
});

describe('people through node', () => {
  it('show any profile, as user(username:) does, and a login method to its owner only', async () => {
    const em = env.server.orm.em.fork();
    const [owner, stranger] = [await createUser(em), await createUser(em)];
    const credential = await createLoginCredential(em, owner, { provider: 'google' });
    const userId = toGlobalId('User', owner.id);
    const loginMethodId = toGlobalId('LoginMethod', credential.id);

    expect(await nodeOf(userId)).toEqual({ __typename: 'User', id: userId });
    expect(await nodeOf(loginMethodId, env.server.tokenFor(owner.id))).toEqual({ __typename: 'LoginMethod', id: loginMethodId });
    expect(await nodeOf(loginMethodId, env.server.tokenFor(stranger.id))).toBeNull();
    expect(await nodeOf(loginMethodId)).toBeNull();
  });
});
