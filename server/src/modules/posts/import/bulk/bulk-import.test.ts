import { graphql as executeGraphQL } from 'graphql';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recognizePostUrl } from '../../../../../../domain/url-recognition.js';
import { createPost, createSession, createUser } from '../../../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../../../test-support/fixture-networks/fixture-network-server.js';
import { createTestDatabase, type TestDatabase } from '../../../../test-support/database.js';
import { queryRows } from '../../../../test-support/sql.js';
import { graphql, startTestServer, type TestServer } from '../../../../test-support/test-server.js';
import { nextMessage, openTestSocket } from '../../../../graphql/websocket.test-support.js';
import { createLogger } from '../../../../logger.js';
import { buildAppSchema } from '../../../../registry.js';
import { useQueryLog } from '../../../../test-support/query-log.js';
import { User } from '../../../users/index.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let server: TestServer;

beforeAll(async () => {
  database = await createTestDatabase();
  fixtures = await startFixtureNetworks({ slowMs: 30_000 });
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, importFastPathMs: 300, queueSuperviseIntervalSeconds: 1 });
});

// Opened after the database is made (the hook above), closed before it is dropped (below).
const log = useQueryLog({
  get database() {
    return database;
  },
});

afterAll(async () => {
  await server?.stop();
  await fixtures?.close();
  await database?.drop();
});

const START = `mutation($urls: [String!]!) { bulkImportPosts(input: { urls: $urls }) { bulkImport { id total finished done counts { queued existing imported failed duplicate invalid } } } }`;
const PROGRESS = `query($id: ID!) { bulkImport(id: $id) { total finished done counts { queued existing imported failed duplicate invalid } items { position url outcome message postDatabaseId } } }`;

type Counts = { queued: number; existing: number; imported: number; failed: number; duplicate: number; invalid: number };
type Item = { position: number; url: string; outcome: string; message: string | null; postDatabaseId: number | null };
type Progress = { total: number; finished: number; done: boolean; counts: Counts; items: Item[] };

describe('bulk import', () => {
  it('imports 200 links with repeats and bad links once each, reporting every outcome', async () => {
    const em = server.orm.em.fork();
    const me = await createUser(em);
    const token = server.tokenFor(me.id);
    const healthy = Array.from({ length: 170 }, (_, i) => `https://www.tiktok.com/@maker.${i}/video/74${String(i).padStart(17, '0')}`);
    const repeats = healthy.slice(0, 10).map((url) => `${url}?is_from_webapp=1&lang=en`);
    const bad = ['not a link', 'https://www.tiktok.com/@someone', 'ftp://files.example/video', 'https://', 'mailto:a@b.c', 'www', 'https://www.youtube.com/watch?v=short', 'https://x.com/jack', 'javascript:alert(1)', '12345'];
    const failing = ['missing0001', 'missing0002', 'missing0003', 'missing0004', 'missing0005'].map((id) => `https://www.youtube.com/watch?v=${id}`);
    const existingPosts = await Promise.all(Array.from({ length: 5 }, () => createPost(server.orm.em.fork())));
    const urls = [...healthy.slice(0, 85), ...repeats, ...bad, ...failing, ...existingPosts.map((post) => post.url), ...healthy.slice(85)];
    expect(urls).toHaveLength(200);
    // Whatever the product's recogniser makes of a bad link, it must be refused, not imported.
    for (const url of bad) expect(recognizePostUrl(url).ok).toBe(false);

    const started = await graphql<{ bulkImportPosts: { bulkImport: { id: string; total: number; done: boolean; counts: Counts } } }>(server, START, { variables: { urls }, token });
    expect(started.body.errors).toBeUndefined();
    const bulk = started.body.data!.bulkImportPosts.bulkImport;
    expect(bulk.total).toBe(200);
    expect(bulk.counts).toMatchObject({ existing: 5, duplicate: 10, invalid: 10 });

    // Follow it live over the WebSocket, as the Content Manager does, until every link settled.
    const session = await createSession(em, server.config, me.id);
    const socket = openTestSocket(server.url, { authToken: session.accessToken });
    const messages = socket.operation(`subscription { bulkImportProgress { id finished done } }`);
    const seen: number[] = [];
    for (;;) {
      const message = await nextMessage(messages);
      expect('errors' in message ? message.errors : undefined).toBeUndefined();
      const progress = (message as { data: { bulkImportProgress: { id: string; finished: number; done: boolean } } }).data.bulkImportProgress;
      expect(progress.id).toBe(bulk.id);
      seen.push(progress.finished);
      if (progress.done) break;
    }
    await socket.client.dispose();
    expect(seen.length).toBeGreaterThan(1);
    expect(seen).toEqual([...seen].sort((a, b) => a - b));

    const final = await graphql<{ bulkImport: Progress }>(server, PROGRESS, { variables: { id: bulk.id }, token });
    const result = final.body.data!.bulkImport;
    expect(result).toMatchObject({ total: 200, finished: 200, done: true, counts: { queued: 0, existing: 5, imported: 170, failed: 5, duplicate: 10, invalid: 10 } });
    expect(result.items.map((item) => item.position)).toEqual(Array.from({ length: 200 }, (_, i) => i + 1));
    const byUrl = new Map(result.items.map((item) => [item.url, item]));
    for (const url of failing) expect(byUrl.get(url)).toMatchObject({ outcome: 'FAILED', message: 'Could not find or create post with url', postDatabaseId: null });
    for (const url of bad.filter((url) => url.trim())) expect(['Invalid url', 'Platform not supported']).toContain(byUrl.get(url)!.message);
    for (const url of repeats) expect(byUrl.get(url)!.outcome).toBe('DUPLICATE');
    existingPosts.forEach((post) => expect(byUrl.get(post.url)).toMatchObject({ outcome: 'EXISTING', postDatabaseId: post.id }));

    // One post per link, however often it was given; all of them now in the person's table.
    const duplicates = await queryRows<{ n: number }>(database.url, 'select count(*)::int as n from (select 1 from posts group by network_id, external_id having count(*) > 1) d');
    expect(duplicates[0]!.n).toBe(0);
    const imported = await queryRows<{ n: number }>(database.url, `select count(*)::int as n from posts where external_id like '74%' and network_id = 5`);
    expect(imported[0]!.n).toBe(170);
    const table = await graphql<{ managerPosts: { edges: Array<{ node: { importStatus: string; post: { databaseId: number } | null } }> } }>(
      server,
      '{ managerPosts(first: 100, filter: { importStatuses: [FAILED] }) { edges { node { importStatus post { databaseId } } } } }',
      { token },
    );
    expect(table.body.data!.managerPosts.edges).toHaveLength(5);
  }, 120_000);

  it('refuses an empty list, too many links and someone else’s import', async () => {
    const em = server.orm.em.fork();
    const [me, other] = [await createUser(em), await createUser(em)];
    const empty = await graphql(server, START, { variables: { urls: ['  '] }, token: server.tokenFor(me.id) });
    expect(empty.body.errors?.[0]?.message).toBe('Paste at least one link');
    const many = await graphql(server, START, { variables: { urls: Array.from({ length: 501 }, (_, i) => `https://www.tiktok.com/@a/video/75${String(i).padStart(17, '0')}`) }, token: server.tokenFor(me.id) });
    expect(many.body.errors?.[0]?.message).toBe('A bulk import takes at most 500 links');
    // Someone else's private post: answered as a link the network does not know (tracking/private-links.test.ts).
    const mine = await graphql<{ bulkImportPosts: { bulkImport: { id: string } } }>(server, START, { variables: { urls: ['nonsense'] }, token: server.tokenFor(me.id) });
    const id = mine.body.data!.bulkImportPosts.bulkImport.id;
    const theirs = await graphql<{ bulkImport: unknown; node: unknown }>(server, 'query($id: ID!) { bulkImport(id: $id) { total } node(id: $id) { id } }', { variables: { id }, token: server.tokenFor(other.id) });
    expect(theirs.body.data).toEqual({ bulkImport: null, node: null });
  });
  it('answers nodes(ids:) for several of the viewer’s bulk imports in one statement, and none of anyone else’s', async () => {
    const em = server.orm.em.fork();
    const [me, other] = [await createUser(em), await createUser(em)];
    const start = async (userId: number, urls: string[]) => {
      const started = await graphql<{ bulkImportPosts: { bulkImport: { id: string } } }>(server, START, { variables: { urls }, token: server.tokenFor(userId) });
      return started.body.data!.bulkImportPosts.bulkImport.id;
    };
    // Links that are not links settle at once: no network involved.
    const mine = [await start(me.id, ['nonsense', 'more nonsense']), await start(me.id, ['still nonsense'])];
    const theirs = await start(other.id, ['their nonsense']);

    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const context = log.orm.em.fork();
    const viewer = { user: await context.findOneOrFail(User, me.id), masqueradingAdminId: null, sessionId: null };
    const selects = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source: 'query($ids: [ID!]!) { nodes(ids: $ids) { ... on BulkImport { id total finished done } } }',
        variableValues: { ids: [...mine, theirs] },
        contextValue: { em: context, viewer, pubsub: null, config: server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      expect(result.data).toEqual({
        nodes: [{ id: mine[0], total: 2, finished: 2, done: true }, { id: mine[1], total: 1, finished: 1, done: true }, null],
      });
    });
    expect(selects).toHaveLength(1);
  });
});
