import { expect } from 'vitest';
import { createUser } from '../../test-support/factories.js';
import { graphql, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';
import type { User } from '../users/index.js';

/** The first error of an answer: its message (the product's words) and its code. */
export function errorOf(response: GraphQLResponse): { message: string; code: unknown } | undefined {
  const error = response.body.errors?.[0];
  return error ? { message: error.message, code: error.extensions?.code } : undefined;
}

/** An answer's data; any error fails the test. */
export function dataOf<T>(response: GraphQLResponse<T>): T {
  expect(response.body.errors).toBeUndefined();
  return response.body.data!;
}

/** A new person on `server`, with a token to call its API as them. */
export async function personOn(server: TestServer, fields: Partial<Pick<User, 'roleFlags' | 'email' | 'name'>> = {}): Promise<{ user: User; token: string }> {
  const user = await createUser(server.orm.em.fork(), fields);
  return { user, token: server.tokenFor(user.id) };
}

/** Calls `server`'s GraphQL API with `token` (signed out without one). */
export function askOn<T = Record<string, unknown>>(server: TestServer, token: string | undefined, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return graphql<T>(server, query, { token, variables });
}
