import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PostType } from '../../../../../../domain/enums.js';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/database.js';
import { createPost, createUser, creditUser } from '../../../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { queryRows } from '../../../../test-support/sql.js';
import { graphql, startTestServer, type TestServer } from '../../../../test-support/test-server.js';

/**
 * docs/product.md §Privacy: someone else's private post or story gives a stranger the same
 * answers, rows and notifications as a link the network does not know. Each test runs both
 * links through the same steps and compares what the two strangers saw, step by step, with the
 * link itself written out of it. Not by timing: the network's own answer takes what it takes.
 */
let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks();
  // A failure the network answers at once comes back on the fast path, as on a real network.
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, importFastPathMs: 30_000, queueSuperviseIntervalSeconds: 1 });
});

afterAll(async () => {
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

const TRACK = 'mutation($url: String!) { trackPost(input: { url: $url }) { outcome url post { databaseId } } }';
const BULK = 'mutation($urls: [String!]!) { bulkImportPosts(input: { urls: $urls }) { bulkImport { id total finished done counts { queued existing imported failed duplicate invalid } items { outcome message postDatabaseId } } } }';
const BULK_PROGRESS = 'query($id: ID!) { bulkImport(id: $id) { total finished done counts { queued existing imported failed duplicate invalid } items { outcome message postDatabaseId } } }';
const MANAGER = '{ managerPosts(first: 50) { nodes { url importStatus importError post { databaseId } } } }';

/** A TikTok link the fixture network answers "no such video" (its `missing` scenario); each test asks with new people. */
const MISSING = 'https://www.tiktok.com/@nobody/video/9000000003';

/** Someone else's post, hidden from strangers, and a stranger each for it and for a missing link. */
async function setUp(kind: 'private post' | 'story') {
  const em = server.orm.em.fork();
  const [owner, credited, strangerOfHidden, strangerOfMissing] = [await createUser(em), await createUser(em), await createUser(em), await createUser(em)];
  const hidden = await createPost(em, { createdBy: owner, ...(kind === 'story' ? { type: PostType.Story } : { isPrivate: true }) });
  await creditUser(em, hidden, credited, 1);
  return { owner, credited, hidden, strangerOfHidden, strangerOfMissing };
}

/** What a person can see of their own afterwards: their Content Manager rows and their notifications. */
async function aftermath(userId: number, link: string) {
  const table = await graphql<{ managerPosts: { nodes: Array<Record<string, unknown>> } }>(server, MANAGER, { token: server.tokenFor(userId) });
  expect(table.body.errors).toBeUndefined();
  const notifications = await queryRows<{ kind: string; message: string; link: string | null }>(database.url, 'select kind, message, link from notifications where user_id = $1 order by id', [userId]);
  return scrub({ table: table.body.data!.managerPosts.nodes, notifications }, link);
}

/** The answer with the pasted link (in any of its normalised forms) written as LINK. */
function scrub(value: unknown, link: string): unknown {
  const forms = [link, link.split('?')[0]!];
  return JSON.parse(JSON.stringify(value, (_key, field: unknown) => (typeof field === 'string' ? forms.reduce((text, form) => text.split(form).join('LINK'), field) : field)));
}

/** Until no import job for the missing link waits or runs: its later notifications, if any, are written by then. */
async function importsSettled(): Promise<void> {
  await expect
    .poll(async () => (await queryRows<{ n: number }>(database.url, "select count(*)::int as n from pgboss.job where name = 'post-import' and state in ('created', 'retry', 'active')"))[0]!.n, { timeout: 20_000 })
    .toBe(0);
}

async function trackBothWays(userId: number, url: string) {
  const viaGraphQL = await graphql(server, TRACK, { variables: { url }, token: server.tokenFor(userId) });
  const viaRest = await fetch(`${server.url}/api/posts`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${server.tokenFor(userId)}` },
    body: JSON.stringify({ url }),
  });
  return scrub({ graphql: { status: viaGraphQL.status, body: viaGraphQL.body }, rest: { status: viaRest.status, body: await viaRest.json() } }, url);
}

describe("someone else's private post or story, tracked", () => {
  for (const kind of ['private post', 'story'] as const) {
    it(`answers a stranger exactly as a link the network does not know (${kind})`, async () => {
      const { owner, credited, hidden, strangerOfHidden, strangerOfMissing } = await setUp(kind);
      const missing = MISSING;
      const networkCallsBefore = fixtures.requests.length;

      const forMissing = await trackBothWays(strangerOfMissing.id, missing);
      const forHidden = await trackBothWays(strangerOfHidden.id, hidden.url);
      expect(forHidden).toEqual(forMissing);
      // The spec's failure, not a quiet "queued" that nothing ever follows.
      expect(forHidden).toMatchObject({ graphql: { body: { errors: [{ message: 'Could not find or create post with url' }] } }, rest: { status: 422 } });

      await importsSettled();
      expect(await aftermath(strangerOfHidden.id, hidden.url)).toEqual(await aftermath(strangerOfMissing.id, missing));
      // Asking about the hidden post reached no network: only the missing link's import did.
      expect(fixtures.requests.slice(networkCallsBefore).some((path) => path.includes(hidden.externalId))).toBe(false);

      // Its owner still gets the post.
      const asOwner = await graphql<{ trackPost: { outcome: string; post: { databaseId: number } } }>(server, TRACK, { variables: { url: hidden.url }, token: server.tokenFor(owner.id) });
      expect(asOwner.body.data!.trackPost).toMatchObject({ outcome: 'EXISTING', post: { databaseId: hidden.id } });
      // And so do the people credited on a private post (a story is its team's alone).
      if (kind === 'private post') {
        const asCredited = await graphql<{ trackPost: { outcome: string } }>(server, TRACK, { variables: { url: hidden.url }, token: server.tokenFor(credited.id) });
        expect(asCredited.body.data!.trackPost.outcome).toBe('EXISTING');
      }
    });
  }
});

describe("someone else's private post or story, bulk-imported", () => {
  for (const kind of ['private post', 'story'] as const) {
    it(`answers a stranger exactly as a link the network does not know (${kind})`, async () => {
      const { hidden, strangerOfHidden, strangerOfMissing } = await setUp(kind);
      const missing = MISSING;

      const run = async (userId: number, url: string) => {
        const token = server.tokenFor(userId);
        const started = await graphql<{ bulkImportPosts: { bulkImport: { id: string } & Record<string, unknown> } }>(server, BULK, { variables: { urls: [url] }, token });
        expect(started.body.errors).toBeUndefined();
        const { id, ...answer } = started.body.data!.bulkImportPosts.bulkImport;
        let settled: unknown;
        await expect
          .poll(async () => {
            const progress = await graphql<{ bulkImport: { done: boolean } }>(server, BULK_PROGRESS, { variables: { id }, token });
            settled = progress.body.data!.bulkImport;
            return progress.body.data!.bulkImport.done;
          }, { timeout: 20_000 })
          .toBe(true);
        return { answer, settled };
      };

      const forMissing = await run(strangerOfMissing.id, missing);
      const forHidden = await run(strangerOfHidden.id, hidden.url);
      expect(forHidden).toEqual(forMissing);
      expect(forHidden.answer).toMatchObject({ counts: { queued: 1, failed: 0 } });
      expect(forHidden.settled).toMatchObject({ counts: { failed: 1 }, items: [{ outcome: 'FAILED', message: 'Could not find or create post with url', postDatabaseId: null }] });

      await importsSettled();
      expect(await aftermath(strangerOfHidden.id, hidden.url)).toEqual(await aftermath(strangerOfMissing.id, missing));
    });
  }
});
