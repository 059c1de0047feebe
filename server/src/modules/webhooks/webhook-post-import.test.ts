import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toGlobalId } from '../../graphql/global-id.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createUser } from '../../test-support/factories.js';
import { startFixtureNetworks, type FixtureNetworks } from '../../test-support/fixture-networks/fixture-network-server.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver.test-support.js';
import { verifySignature } from './webhook-signature.js';

let database: TestDatabase;
let fixtures: FixtureNetworks;
let receiver: WebhookReceiver;
let server: TestServer;

beforeAll(async () => {
  [fixtures, receiver, database] = await Promise.all([startFixtureNetworks({ slowMs: 2_500 }), startWebhookReceiver(), createTestDatabase()]);
  server = await startTestServer(database.url, { scraperBaseUrl: fixtures.baseUrl, webhookPrivateOrigins: [receiver.origin] });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([fixtures?.close(), receiver?.close()]);
  await database?.drop();
});

describe('a post import', () => {
  it('sends POST_IMPORTED to the webhooks of whoever tracked the link', async () => {
    const em = server.orm.em.fork();
    const [tracker, bystander] = [await createUser(em), await createUser(em)];
    const secrets = new Map<number, string>();
    for (const user of [tracker, bystander]) {
      const created = await graphql<{ createWebhook: { secret: string; webhook: { databaseId: number } } }>(
        server,
        'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { databaseId } } }',
        { token: server.tokenFor(user.id), variables: { input: { url: `${receiver.origin}/user-${user.id}`, events: ['POST_IMPORTED'] } } },
      );
      secrets.set(user.id, created.body.data!.createWebhook.secret);
    }

    const tracked = await fetch(`${server.url}/api/posts`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server.tokenFor(tracker.id)}` },
      body: JSON.stringify({ url: 'https://www.tiktok.com/@maya.makes/video/7301234567890123456' }),
    });
    expect(tracked.status).toBeLessThan(300);

    const [delivery] = await receiver.waitFor(1, (candidate) => candidate.path === `/user-${tracker.id}`);
    const [post] = await queryRows<{ id: number }>(database.url, "select id from posts where network_id = 5 and external_id = '7301234567890123456'");
    expect(delivery!.headers['byline-event']).toBe('POST_IMPORTED');
    expect(verifySignature(secrets.get(tracker.id)!, delivery!.body, String(delivery!.headers['byline-signature']))).toBe(true);
    expect(JSON.parse(delivery!.body)).toMatchObject({
      event: 'POST_IMPORTED',
      data: {
        post: {
          id: toGlobalId('Post', post!.id),
          databaseId: post!.id,
          url: expect.stringContaining('7301234567890123456'),
          network: 'tiktok',
          externalId: '7301234567890123456',
          caption: 'Clay mug in 60 seconds #pottery',
        },
      },
    });
    // Only the people who asked for the post hear of it.
    const jobs = await queryRows<{ webhook_id: number }>(database.url, "select (data->>'webhookId')::int as webhook_id from pgboss.job where name = 'webhook-delivery'");
    expect(jobs).toHaveLength(1);
    expect(receiver.received.filter((candidate) => candidate.path === `/user-${bystander.id}`)).toEqual([]);
  });
});
