import type { EntityManager } from '@mikro-orm/postgresql';
import { expect } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { graphql, type GraphQLResponse } from '../../test-support/test-server.js';
import type { Post } from '../posts/index.js';
import { recordTrackRequest } from '../posts/index.js';
import type { NetworkId } from '../../../../domain/networks.js';

/** What the tests read of a credit. */
export const CREDIT_FIELDS = `id databaseId status role { name emoji } user { databaseId } addedBy { databaseId }
  invitee { email displayName socialAccount { handle } } respondedAt viewerCan { accept decline remove report }`;

export interface CreditView {
  id: string;
  databaseId: number;
  status: 'PENDING' | 'ACCEPTED' | 'DECLINED';
  role: { name: string; emoji: string };
  user: { databaseId: number } | null;
  addedBy: { databaseId: number } | null;
  invitee: { email: string | null; displayName: string; socialAccount: { handle: string } | null } | null;
  respondedAt: string | null;
  viewerCan: { accept: boolean; decline: boolean; remove: boolean; report: boolean };
}

export interface CreditsServer {
  url: string;
  tokenFor(userId: number): string;
}

/** A GraphQL call as `userId` (signed out when null). */
export function ask<T = Record<string, unknown>>(server: CreditsServer, userId: number | null, query: string, variables: Record<string, unknown> = {}): Promise<GraphQLResponse<T>> {
  return graphql<T>(server, query, { variables, ...(userId === null ? {} : { token: server.tokenFor(userId) }) });
}

export type Person = { userId: string } | { email: string } | { socialAccount: { networkId: string; handle: string } };

export function addCreditAs(server: CreditsServer, userId: number | null, post: { id: number }, person: Person, roleId = 1) {
  return ask<{ addCredit: { credit: CreditView; claimUrl: string | null } }>(
    server,
    userId,
    `mutation($input: AddCreditInput!) { addCredit(input: $input) { credit { ${CREDIT_FIELDS} } claimUrl } }`,
    { input: { postId: toGlobalId('Post', post.id), roleId: toGlobalId('CreditRole', roleId), person } },
  );
}

export function answerAs(server: CreditsServer, userId: number | null, mutation: 'acceptCredit' | 'declineCredit', creditId: string) {
  return ask<Record<string, { credit: CreditView }>>(server, userId, `mutation($input: ${mutation === 'acceptCredit' ? 'AcceptCreditInput' : 'DeclineCreditInput'}!) { ${mutation}(input: $input) { credit { ${CREDIT_FIELDS} } } }`, {
    input: { creditId },
  });
}

export function removeAs(server: CreditsServer, userId: number | null, creditId: string) {
  return ask<{ removeCredit: { removedCreditId: string } }>(server, userId, 'mutation($input: RemoveCreditInput!) { removeCredit(input: $input) { removedCreditId } }', { input: { creditId } });
}

/** The post's credits as `userId` sees them on the post page. */
export async function postCreditsAs(server: CreditsServer, userId: number | null, post: { id: number }): Promise<CreditView[]> {
  const answer = await ask<{ post: { credits: { totalCount: number; nodes: CreditView[] } } | null }>(
    server,
    userId,
    `query($id: ID!) { post(id: $id) { credits(first: 20) { totalCount nodes { ${CREDIT_FIELDS} } } } }`,
    { id: toGlobalId('Post', post.id) },
  );
  expect(answer.body.errors).toBeUndefined();
  const credits = answer.body.data!.post!.credits;
  expect(credits.totalCount).toBe(credits.nodes.length);
  return credits.nodes;
}

export async function nodeAs(server: CreditsServer, userId: number | null, creditId: string): Promise<CreditView | null> {
  const answer = await ask<{ node: CreditView | null }>(server, userId, `query($id: ID!) { node(id: $id) { ... on Credit { ${CREDIT_FIELDS} } } }`, { id: creditId });
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data!.node;
}

export function userId(id: number): Person {
  return { userId: toGlobalId('User', id) };
}

/** The error code of the first error, for one-line refusals. */
export function errorOf(answer: GraphQLResponse): { code: unknown; message: string } | undefined {
  const error = answer.body.errors?.[0];
  return error ? { code: error.extensions?.code, message: error.message } : undefined;
}

/** The post as the track box records it for `userId` (whoever tracked it). */
export async function recordTracker(em: EntityManager, post: Post, trackerId: number): Promise<void> {
  await recordTrackRequest(em, { networkId: post.network.id as NetworkId, externalId: post.externalId, userId: trackerId, url: post.url, postId: post.id, status: 'imported' });
}
