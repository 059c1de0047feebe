import { describe, expect, it } from 'vitest';
import { graphql, useTestServer } from '../test-support/test-server.js';
import { toGlobalId } from './global-id.js';

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
