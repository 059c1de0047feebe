import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createUser } from '../../test-support/factories.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { emitWebhookEvent } from './webhook-emit.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from './webhook-receiver.test-support.js';
import { verifySignature } from './webhook-signature.js';
import { REDELIVERIES_PER_HOUR, REDELIVERY_INACTIVE_MESSAGE, REDELIVERY_LIMIT_MESSAGE } from './webhook.service.js';

let database: TestDatabase;
let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  database = await createTestDatabase();
  server = await startTestServer(database.url, { webhookPrivateOrigins: [receiver.origin], webhookRetryDelaySeconds: 1 });
});

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
  await database?.drop();
});

const REDELIVER = 'mutation($input: RedeliverWebhookDeliveryInput!) { redeliverWebhookDelivery(input: $input) { webhook { id } redeliveredDelivery { id databaseId } } }';
const DELIVERIES = `query($id: ID!) { node(id: $id) { ... on Webhook { deliveries(first: 10) {
  nodes { id databaseId eventId event attempt outcome responseStatus responseExcerpt redelivery } } } } }`;

interface DeliveryView {
  id: string;
  databaseId: number;
  eventId: string;
  event: string;
  attempt: number;
  outcome: string;
  responseStatus: number | null;
  responseExcerpt: string | null;
  redelivery: boolean;
}

interface Owner {
  userId: number;
  token: string;
  webhookId: string;
  databaseId: number;
  secret: string;
}

async function ownerWithWebhook(path: string): Promise<Owner> {
  const user = await createUser(server.orm.em.fork());
  const token = server.tokenFor(user.id);
  const response = await graphql<{ createWebhook: { secret: string; webhook: { id: string; databaseId: number } } }>(
    server,
    'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id databaseId } } }',
    { token, variables: { input: { url: `${receiver.origin}${path}`, events: ['CREDIT_ADDED'] } } },
  );
  expect(response.body.errors).toBeUndefined();
  const { secret, webhook } = response.body.data!.createWebhook;
  return { userId: user.id, token, webhookId: webhook.id, databaseId: webhook.databaseId, secret };
}

const forWebhook = (owner: Owner) => (delivery: ReceivedDelivery) => delivery.headers['byline-webhook-id'] === String(owner.databaseId);

async function deliveryLog(owner: Owner): Promise<DeliveryView[]> {
  const response = await graphql<{ node: { deliveries: { nodes: DeliveryView[] } } | null }>(server, DELIVERIES, { token: owner.token, variables: { id: owner.webhookId } });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.node?.deliveries.nodes ?? [];
}

async function waitForLog(owner: Owner, count: number): Promise<DeliveryView[]> {
  await expect.poll(async () => (await deliveryLog(owner)).length, { timeout: 20_000, interval: 100 }).toBe(count);
  return deliveryLog(owner);
}

/** A webhook with one delivery made and logged. */
async function ownerWithOneDelivery(path: string): Promise<{ owner: Owner; first: DeliveryView }> {
  const owner = await ownerWithWebhook(path);
  await emitWebhookEvent(server.orm.em.fork(), { event: 'CREDIT_ADDED', userIds: [owner.userId], data: { credit: { role: 'Director' } } });
  const [first] = await waitForLog(owner, 1);
  return { owner, first: first! };
}

const redeliver = (token: string, id: string) =>
  graphql<{ redeliverWebhookDelivery: { webhook: { id: string }; redeliveredDelivery: { id: string; databaseId: number } } }>(server, REDELIVER, { token, variables: { input: { id } } });

describe('redelivering a webhook delivery', () => {
  it('sends the same event and body again to the receiver, as a new logged delivery, keeping the original', async () => {
    const { owner, first } = await ownerWithOneDelivery('/redeliver');
    expect(first).toMatchObject({ outcome: 'SUCCEEDED', responseStatus: 200, responseExcerpt: 'ok', redelivery: false });

    const response = await redeliver(owner.token, first.id);
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data!.redeliverWebhookDelivery).toEqual({ webhook: { id: owner.webhookId }, redeliveredDelivery: { id: first.id, databaseId: first.databaseId } });

    const [original, again] = await receiver.waitFor(2, forWebhook(owner));
    expect(again!.body).toBe(original!.body);
    expect(again!.headers['byline-event-id']).toBe(first.eventId);
    expect(again!.headers['byline-redelivery']).toBe('true');
    expect(original!.headers['byline-redelivery']).toBeUndefined();
    expect(verifySignature(owner.secret, again!.body, String(again!.headers['byline-signature']))).toBe(true);

    const log = await waitForLog(owner, 2);
    expect(log[0]).toMatchObject({ eventId: first.eventId, event: 'CREDIT_ADDED', outcome: 'SUCCEEDED', responseStatus: 200, redelivery: true });
    expect(log[0]!.databaseId).not.toBe(first.databaseId);
    expect(log[1]).toEqual(first);
  });

  it('is the owner’s alone: a stranger and a signed-out caller are told the delivery is not found', async () => {
    const { owner, first } = await ownerWithOneDelivery('/private');
    const stranger = await createUser(server.orm.em.fork());
    for (const token of [server.tokenFor(stranger.id), undefined]) {
      const response = await redeliver(token as string, first.id);
      expect(response.body.data).toBeNull();
      expect(response.body.errors?.[0]?.extensions?.code).toMatch(/NOT_FOUND|UNAUTHENTICATED/);
    }
    // Nor can a stranger read the log, through the webhook or the delivery itself.
    const strangerToken = server.tokenFor(stranger.id);
    const log = await graphql<{ node: unknown }>(server, DELIVERIES, { token: strangerToken, variables: { id: owner.webhookId } });
    expect(log.body.data!.node).toBeNull();
    const node = await graphql<{ node: unknown }>(server, 'query($id: ID!) { node(id: $id) { id } }', { token: strangerToken, variables: { id: first.id } });
    expect(node.body.data!.node).toBeNull();
    expect(await deliveryLog(owner)).toHaveLength(1);
  });

  it('refuses while the webhook is off', async () => {
    const { owner, first } = await ownerWithOneDelivery('/off');
    const off = await graphql(server, 'mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhook { active } } }', { token: owner.token, variables: { input: { id: owner.webhookId, active: false } } });
    expect(off.body.errors).toBeUndefined();
    const response = await redeliver(owner.token, first.id);
    expect(response.body.errors?.[0]).toMatchObject({ message: REDELIVERY_INACTIVE_MESSAGE, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it(`allows ${REDELIVERIES_PER_HOUR} an hour per owner`, async () => {
    const { owner, first } = await ownerWithOneDelivery('/limit');
    // Spend the hour's budget straight in the shared counter rather than sending 60 events.
    await server.orm.em.fork().execute(
      `insert into rate_limit_hits (key, hits, reset_at) values (?, ?, now() + interval '1 hour')
       on conflict (key) do update set hits = excluded.hits, reset_at = excluded.reset_at`,
      [`auth:webhook-redeliver:${owner.userId}`, REDELIVERIES_PER_HOUR],
    );
    const response = await redeliver(owner.token, first.id);
    expect(response.body.errors?.[0]).toMatchObject({ message: REDELIVERY_LIMIT_MESSAGE, extensions: { code: 'RATE_LIMITED' } });
  });
});
