import { describe, expect, it } from 'vitest';
import { createUser, uniqueSuffix } from '../../test-support/factories.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';

const env = useTestServer();

type Page = { search: { edges: Array<{ cursor: string; node: { key: string; kind: string; label: string } }>; pageInfo: { hasNextPage: boolean; hasPreviousPage: boolean; endCursor: string | null } } };
const QUERY = 'query($text: String!, $after: String) { search(text: $text, first: 2, after: $after) { edges { cursor node { key kind label } } pageInfo { hasNextPage hasPreviousPage endCursor } } }';

describe('search', () => {
  it('pages through the merged ranking with cursors, each result once, kinds as enums', async () => {
    const stem = `zq${uniqueSuffix()}`.toLowerCase();
    const em = env.server.orm.em.fork();
    for (const n of [1, 2, 3, 4, 5]) await createUser(em, { username: `${stem}_${n}` });

    const keys: string[] = [];
    let after: string | null = null;
    for (let page = 0; page < 10; page++) {
      const response: Awaited<ReturnType<typeof graphql<Page>>> = await graphql<Page>(env.server, QUERY, { variables: { text: stem, after } });
      expect(response.body.errors).toBeUndefined();
      const { edges, pageInfo } = response.body.data!.search;
      expect(pageInfo.hasPreviousPage).toBe(page > 0);
      keys.push(...edges.map((edge) => edge.node.key));
      expect(edges.every((edge) => edge.node.kind === 'USER')).toBe(true);
      if (!pageInfo.hasNextPage) break;
      after = pageInfo.endCursor;
    }
    expect(keys).toHaveLength(5);
    expect(new Set(keys).size).toBe(5);
  });

  it('refuses a page over 25 results', async () => {
    const response = await graphql(env.server, '{ search(text: "abc", first: 26) { nodes { key } } }');
    expect(response.body.errors?.[0]).toMatchObject({ message: 'first must be between 1 and 25', extensions: { code: 'BAD_USER_INPUT' } });
  });
});
