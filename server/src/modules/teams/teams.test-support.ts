import type { EntityManager } from '@mikro-orm/postgresql';
import { expect } from 'vitest';
import { graphql, type GraphQLResponse, type TestServer } from '../../test-support/test-server.js';
import type { Team } from './team.entity.js';

/** A GraphQL call as `userId`. */
export function askAs<T = Record<string, unknown>>(server: TestServer, userId: number, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return graphql<T>(server, query, { token: server.tokenFor(userId), variables });
}

/** The first error's code and words, or undefined. */
export function errorOf(answer: GraphQLResponse): { code: unknown; message: string; upgrade?: unknown } | undefined {
  const error = answer.body.errors?.[0];
  const details = error?.extensions?.details as { upgrade?: unknown } | undefined;
  return error ? { code: error.extensions?.code, message: error.message, ...(details?.upgrade ? { upgrade: details.upgrade } : {}) } : undefined;
}

/** The data of a call that must succeed. */
export function dataOf<T>(answer: GraphQLResponse<T>): T {
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!;
}

/** Marks a team as paid for on a plan (what the Stripe webhook stores for an active subscription). */
export async function payForTeam(em: EntityManager, team: Team, plan: 'starter' | 'teams' = 'starter'): Promise<void> {
  team.status = 'active';
  team.plan = plan;
  team.subscriptionStatus = 'active';
  await em.flush();
}
