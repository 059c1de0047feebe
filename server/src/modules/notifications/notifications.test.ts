import { createClient, type Client } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createUser } from '../../test-support/factories.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { notifyUser } from './notification.service.js';

let database: TestDatabase;
let serverA: TestServer;
let serverB: TestServer;
const clients: Client[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  // Two server instances on one database, as behind a load balancer.
  [serverA, serverB] = await Promise.all([startTestServer(database.url), startTestServer(database.url)]);
});

afterAll(async () => {
  for (const client of clients) await client.dispose();
  await Promise.all([serverA?.stop(), serverB?.stop()]);
  await database?.drop();
});

function wsClient(server: TestServer, token: string | null): Client {
  const client = createClient({
    url: `${server.url.replace('http', 'ws')}/graphql`,
    webSocketImpl: WebSocket,
    connectionParams: token ? { authToken: token } : {},
    retryAttempts: 0,
  });
  clients.push(client);
  return client;
}

/** Collects what a subscription sends, so a test can wait for the n-th message. */
function subscribe(client: Client, query: string) {
  const received: Array<{ data?: unknown; errors?: Array<{ message: string; extensions?: Record<string, unknown> }> }> = [];
  const waiters: Array<() => void> = [];
  const dispose = client.subscribe(
    { query },
    {
      next: (value) => {
        received.push(value as (typeof received)[number]);
        waiters.splice(0).forEach((wake) => wake());
      },
      error: (error) => {
        received.push({ errors: Array.isArray(error) ? error : [{ message: String(error) }] });
        waiters.splice(0).forEach((wake) => wake());
      },
      complete: () => undefined,
    },
  );
  const nth = async (count: number) => {
    const deadline = Date.now() + 10_000;
    while (received.length < count) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for message ${count}; got ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
    return received[count - 1];
  };
  return { nth, dispose, received };
}

describe('notificationCounts subscription', () => {
  it('sends the current count, then every change — even when made through another server', async () => {
    const user = await createUser(serverA.orm.em.fork());
    const subscription = subscribe(wsClient(serverA, serverA.tokenFor(user.id)), 'subscription { notificationCounts { new } }');
    expect(await subscription.nth(1)).toEqual({ data: { notificationCounts: { new: 0 } } });

    // Created through server B's database connection and pub/sub: server A must still hear it.
    await notifyUser(serverB.orm.em.fork(), user.id, { kind: 'post_imported', message: 'Your post was imported', link: '/posts/1' });
    expect(await subscription.nth(2)).toEqual({ data: { notificationCounts: { new: 1 } } });

    await notifyUser(serverB.orm.em.fork(), user.id, { kind: 'post_imported', message: 'Another one' });
    expect(await subscription.nth(3)).toEqual({ data: { notificationCounts: { new: 2 } } });

    // Marking them seen over HTTP on server B lowers the live count on server A.
    const seen = await graphql(serverB, 'mutation { markNotificationsSeen(input: {}) { markedCount notificationCounts { new } } }', { token: serverB.tokenFor(user.id) });
    expect(seen.body.data).toEqual({ markNotificationsSeen: { markedCount: 2, notificationCounts: { new: 0 } } });
    expect(await subscription.nth(4)).toEqual({ data: { notificationCounts: { new: 0 } } });
    subscription.dispose();
  });

  it("does not tell one user about another user's notifications", async () => {
    const em = serverA.orm.em.fork();
    const [alice, bob] = [await createUser(em), await createUser(em)];
    const aliceCounts = subscribe(wsClient(serverA, serverA.tokenFor(alice.id)), 'subscription { notificationCounts { new } }');
    await aliceCounts.nth(1);
    await notifyUser(serverB.orm.em.fork(), bob.id, { kind: 'test', message: 'for Bob' });
    await notifyUser(serverB.orm.em.fork(), alice.id, { kind: 'test', message: 'for Alice' });
    expect(await aliceCounts.nth(2)).toEqual({ data: { notificationCounts: { new: 1 } } });
    expect(aliceCounts.received).toHaveLength(2);
    aliceCounts.dispose();
  });

  it('refuses a signed-out subscriber with the sign-in message', async () => {
    const subscription = subscribe(wsClient(serverA, null), 'subscription { notificationCounts { new } }');
    const first = await subscription.nth(1);
    expect(first?.errors?.[0]).toMatchObject({ message: 'Please sign up or sign in to do that!', extensions: { code: 'UNAUTHENTICATED' } });
  });

  it('applies the same query limits over WebSocket', async () => {
    const aliases = Array.from({ length: 20 }, (_, i) => `a${i}: networks { id }`).join(' ');
    const subscription = subscribe(wsClient(serverA, null), `query { ${aliases} }`);
    const first = await subscription.nth(1);
    expect(first?.errors?.[0]?.message).toMatch(/aliases limit/i);
  });
});

describe('notifications list', () => {
  it('lists the viewer’s notifications newest first, a page at a time', async () => {
    const em = serverA.orm.em.fork();
    const user = await createUser(em);
    for (const n of [1, 2, 3]) await notifyUser(em, user.id, { kind: 'test', message: `n${n}` });
    const token = serverA.tokenFor(user.id);
    type Page = { notifications: { totalCount: number; nodes: Array<{ id: string; message: string; kind: string; status: string }>; pageInfo: { endCursor: string; hasNextPage: boolean } } };
    const query = 'query($after: String) { notifications(first: 2, after: $after) { totalCount nodes { id message kind status } pageInfo { endCursor hasNextPage } } }';
    const first = await graphql<Page>(serverA, query, { token });
    expect(first.body.data?.notifications.nodes.map((n) => n.message)).toEqual(['n3', 'n2']);
    // A kind the API does not name yet reaches clients as OTHER.
    expect(first.body.data?.notifications.nodes[0]).toMatchObject({ kind: 'OTHER', status: 'NEW' });
    expect(first.body.data?.notifications).toMatchObject({ totalCount: 3, pageInfo: { hasNextPage: true } });
    const second = await graphql<Page>(serverA, query, { token, variables: { after: first.body.data?.notifications.pageInfo.endCursor } });
    expect(second.body.data?.notifications.nodes.map((n) => n.message)).toEqual(['n1']);
    expect(second.body.data?.notifications.pageInfo.hasNextPage).toBe(false);

    // Marking one by its global id; another user's id marks nothing and node(id:) hides it from them.
    const [newest] = first.body.data!.notifications.nodes;
    const stranger = serverA.tokenFor((await createUser(em)).id);
    const mark = 'mutation($ids: [ID!]) { markNotificationsSeen(input: { notificationIds: $ids }) { markedCount notificationCounts { new } } }';
    expect((await graphql(serverA, mark, { token: stranger, variables: { ids: [newest!.id] } })).body.data).toEqual({ markNotificationsSeen: { markedCount: 0, notificationCounts: { new: 0 } } });
    expect((await graphql(serverA, 'query($id: ID!) { node(id: $id) { id } }', { token: stranger, variables: { id: newest!.id } })).body.data).toEqual({ node: null });
    expect((await graphql(serverA, 'query($id: ID!) { node(id: $id) { id } }', { token, variables: { id: newest!.id } })).body.data).toEqual({ node: { id: newest!.id } });
    expect((await graphql(serverA, mark, { token, variables: { ids: [newest!.id] } })).body.data).toEqual({ markNotificationsSeen: { markedCount: 1, notificationCounts: { new: 2 } } });
  });
});
