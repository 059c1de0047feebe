import { buildSchema, parse, type OperationDefinitionNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost, type CostRules } from './operation-cost.js';

/** A schema of its own: the rule reads only argument names and return types, whatever the app's fields are called. */
const schema = buildSchema(`
  type PageInfo { hasNextPage: Boolean! endCursor: String }
  interface Node { id: ID! }
  type Tag { name: String! }
  type Credit implements Node { id: ID! role: String! person: User! }
  type CreditEdge { cursor: String! node: Credit! }
  type CreditConnection { edges: [CreditEdge!]! nodes: [Credit!]! pageInfo: PageInfo! totalCount: Int! }
  type Post implements Node { id: ID! tags: [Tag!]! credits(first: Int, after: String, last: Int, before: String): CreditConnection! }
  type PostEdge { cursor: String! node: Post! }
  type PostConnection { edges: [PostEdge!]! nodes: [Post!]! pageInfo: PageInfo! }
  type User implements Node { id: ID! name: String! posts(first: Int, after: String): PostConnection! followers(first: Int): [User!]! }
  type Query { viewer: User node(id: ID!): Node posts(first: Int, last: Int): PostConnection! networks: [Tag!]! rateLimit: Int }
  type Mutation { trackLink(url: String!): Post! }
`);

const RULES: CostRules = { defaultPageSize: 20, maxPageSize: 100, requestsPerPoint: 100, mutationCost: 5 };

function costOf(source: string, variables?: Record<string, unknown>) {
  const document = parse(source);
  const operation = document.definitions.find((definition): definition is OperationDefinitionNode => definition.kind === 'OperationDefinition')!;
  return operationCost(schema, document, operation, variables, RULES);
}

describe('operation cost', () => {
  it('charges a query without connections the minimum of 1', () => {
    expect(costOf('{ viewer { id name } rateLimit }')).toEqual({ requests: 0, cost: 1 });
  });

  it('counts a connection once, at the page it asks for', () => {
    expect(costOf('{ posts(first: 100) { nodes { id } edges { cursor node { id } } pageInfo { hasNextPage } } }')).toEqual({ requests: 1, cost: 1 });
  });

  it('multiplies nested connections by the pages of their parents', () => {
    // 1 page of 100 posts, then 100 credit pages of 50 credits, then 5,000 follower lists.
    const query = '{ posts(first: 100) { nodes { credits(first: 50) { nodes { person { followers(first: 10) { id } } } } } } }';
    expect(costOf(query)).toEqual({ requests: 1 + 100 + 100 * 50, cost: 51 });
  });

  it('uses the default page size without first/last, the larger of the two with both, and never more than the maximum', () => {
    expect(costOf('{ posts { nodes { credits { nodes { id } } } } }').requests).toBe(1 + 20);
    expect(costOf('{ posts(first: 5, last: 30) { nodes { credits { nodes { id } } } } }').requests).toBe(1 + 30);
    expect(costOf('{ posts(first: 100000) { nodes { credits(first: 100000) { nodes { person { followers { id } } } } } } }').requests).toBe(1 + 100 + 100 * 100);
  });

  it('reads page sizes from variables and their defaults', () => {
    const query = 'query ($outer: Int = 40, $inner: Int) { posts(first: $outer) { nodes { credits(first: $inner) { nodes { person { followers { id } } } } } } }';
    expect(costOf(query, { inner: 10 }).requests).toBe(1 + 40 + 40 * 10);
    expect(costOf(query, { outer: 2, inner: 3 }).requests).toBe(1 + 2 + 2 * 3);
  });

  it('follows fragments and inline fragments on abstract types', () => {
    const query = `
      query { node(id: "1") { ...PostCredits ... on User { posts(first: 10) { edges { node { ...PostCredits } } } } } }
      fragment PostCredits on Post { credits(first: 30) { nodes { id } } }`;
    // node → credits (1) + posts (1) + 10 × credits.
    expect(costOf(query).requests).toBe(1 + 1 + 10);
  });

  it('counts a plain list of objects as a page, and leaves introspection free', () => {
    expect(costOf('{ networks { name } viewer { followers { posts(first: 10) { nodes { tags { name } } } } } }').requests).toBe(1 + 1 + 20 + 20 * 10);
    expect(costOf('{ __schema { types { name fields { name args { name } } } } }')).toEqual({ requests: 0, cost: 1 });
  });

  it('charges a mutation its fixed cost, or more when what it selects costs more', () => {
    expect(costOf('mutation { trackLink(url: "x") { id } }').cost).toBe(5);
    const heavy = 'mutation { trackLink(url: "x") { credits(first: 100) { nodes { person { posts(first: 100) { nodes { id } } } } } } }';
    expect(costOf(heavy)).toEqual({ requests: 1 + 100, cost: 5 });
    const heavier = 'mutation { trackLink(url: "x") { credits(first: 100) { nodes { person { posts(first: 100) { nodes { credits(first: 100) { nodes { id } } } } } } } } }';
    expect(costOf(heavier)).toEqual({ requests: 1 + 100 + 100 * 100, cost: 101 });
  });
});
