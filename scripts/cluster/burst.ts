/**
 * Traffic while the import runs: the importer credits collaborators on posts as they land (each
 * credit notifies and mails the person credited), collaborators sign in again and again, and the
 * importer looks at the bulk import's progress. Several requests are in flight at any moment, so
 * some are on the process when it is killed.
 */
import { toGlobalId } from '../../server/src/graphql/global-id.js';
import type { ClusterClient } from './cluster-client.js';
import type { Person } from './people.js';

const ADD_CREDIT = 'mutation($input: AddCreditInput!) { addCredit(input: $input) { credit { databaseId } } }';
const IMPORTED_POSTS = 'query($id: ID!) { bulkImport(id: $id) { items { postDatabaseId } } }';

export interface BurstOptions {
  client: ClusterClient;
  importer: Person;
  collaborators: Person[];
  roleId: string;
  bulkImportId: string;
  concurrency: number;
  /** Asked before each operation: true ends the burst. */
  shouldStop(): boolean;
}

export interface BurstResult {
  operations: number;
  /** Credits the app answered as added: post and person. */
  creditsAdded: Array<{ postId: number; userId: number }>;
}

export async function runBurst(options: BurstOptions): Promise<BurstResult> {
  const { client, importer, collaborators } = options;
  const knownPosts = new Set<number>();
  const pending: Array<{ postId: number; person: Person }> = [];
  const creditsAdded: BurstResult['creditsAdded'] = [];
  let operations = 0;

  async function refreshPosts(): Promise<void> {
    const answer = await client.graphql<{ bulkImport: { items: Array<{ postDatabaseId: number | null }> } | null }>('bulkImportProgress', IMPORTED_POSTS, { id: options.bulkImportId }, importer.token);
    for (const item of answer.body?.data?.bulkImport?.items ?? []) {
      if (item.postDatabaseId === null || knownPosts.has(item.postDatabaseId)) continue;
      knownPosts.add(item.postDatabaseId);
      for (const person of collaborators) pending.push({ postId: item.postDatabaseId, person });
    }
  }

  async function addCredit(target: { postId: number; person: Person }): Promise<void> {
    const input = { postId: toGlobalId('Post', target.postId), roleId: options.roleId, person: { userId: toGlobalId('User', target.person.userId) } };
    const answer = await client.graphql('addCredit', ADD_CREDIT, { input }, importer.token);
    if (answer.ok) creditsAdded.push({ postId: target.postId, userId: target.person.userId });
  }

  async function signIn(person: Person): Promise<void> {
    await client.rest('signIn', 'POST', '/auth/email/signin', { body: { email: person.email, password: person.password }, bearerSession: true });
  }

  async function worker(): Promise<void> {
    while (!options.shouldStop()) {
      const turn = operations++;
      if (turn % 4 === 3) {
        await signIn(collaborators[turn % collaborators.length]!);
        continue;
      }
      const target = pending.shift();
      if (target) await addCredit(target);
      else await refreshPosts();
    }
  }

  await Promise.all(Array.from({ length: options.concurrency }, () => worker()));
  return { operations, creditsAdded };
}
