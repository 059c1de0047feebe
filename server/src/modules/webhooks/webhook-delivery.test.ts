import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job } from 'pg-boss';
import { createLogger } from '../../logger.js';
import { createTestDatabase, type TestDatabase } from '../../test-support/database.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, startTestServer, type TestServer } from '../../test-support/test-server.js';
import { deliverWebhookEvent } from './webhook-delivery.worker.js';
import { emitWebhookEvent } from './webhook-emit.js';
import { createWebhookHttp } from './webhook-http.js';
import { startWebhookReceiver, type ReceivedDelivery, type WebhookReceiver } from './webhook-receiver.test-support.js';
import { verifySignature } from './webhook-signature.js';
import type { WebhookDeliveryJob } from './webhook.queue.js';

let database: TestDatabase;
let server: TestServer;
/** The receiver the test configuration lets through (WEBHOOK_PRIVATE_ORIGINS). */
let receiver: WebhookReceiver;
/** Another local server, not let through: nothing may ever reach it. */
let privateReceiver: WebhookReceiver;

beforeAll(async () => {
  [receiver, privateReceiver] = await Promise.all([startWebhookReceiver(), startWebhookReceiver()]);
  database = await createTestDatabase();
  server = await startTestServer(database.url, { webhookPrivateOrigins: [receiver.origin], webhookRetryDelaySeconds: 1 });
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([receiver?.close(), privateReceiver?.close()]);
  await database?.drop();
});

const DELIVERIES = `query($id: ID!) { node(id: $id) { ... on Webhook { deliveries(first: 10) {
  edges { cursor node { id databaseId } }
  nodes { id eventId event attempt outcome responseStatus durationMs error createdAt } } } } }`;

interface DeliveryView {
  id: string;
  eventId: string;
  event: string;
  attempt: number;
  outcome: string;
  responseStatus: number | null;
  durationMs: number | null;
  error: string | null;
}

interface Owner {
  userId: number;
  token: string;
  webhookId: string;
  databaseId: number;
  secret: string;
}

/** A person with one webhook to `url` (registered through the API, as an integrator would). */
async function ownerWithWebhook(url: string, events = ['CREDIT_ADDED']): Promise<Owner> {
  const user = await createUser(server.orm.em.fork());
  const token = server.tokenFor(user.id);
  const response = await graphql<{ createWebhook: { secret: string; webhook: { id: string; databaseId: number } } }>(
    server,
    'mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { id databaseId } } }',
    { token, variables: { input: { url, events } } },
  );
  expect(response.body.errors).toBeUndefined();
  const { secret, webhook } = response.body.data!.createWebhook;
  return { userId: user.id, token, webhookId: webhook.id, databaseId: webhook.databaseId, secret };
}

const emitCreditAdded = (userId: number, data: Record<string, unknown> = { credit: { role: 'Director' } }) =>
  emitWebhookEvent(server.orm.em.fork(), { event: 'CREDIT_ADDED', userIds: [userId], data });

const forWebhook = (owner: Owner) => (delivery: ReceivedDelivery) => delivery.headers['byline-webhook-id'] === String(owner.databaseId);

async function deliveryLog(owner: Owner, token = owner.token): Promise<DeliveryView[] | null> {
  const response = await graphql<{ node: { deliveries: { nodes: DeliveryView[] } } | null }>(server, DELIVERIES, { token, variables: { id: owner.webhookId } });
  expect(response.body.errors).toBeUndefined();
  return response.body.data!.node?.deliveries.nodes ?? null;
}

/** Waits for the log to hold `count` attempts (written just after the receiver answers). */
async function waitForLog(owner: Owner, count: number): Promise<DeliveryView[]> {
  await expect.poll(async () => (await deliveryLog(owner))?.length, { timeout: 20_000, interval: 100 }).toBe(count);
  return (await deliveryLog(owner))!;
}

/** The whole of what the log says when an address is refused: no address, no name. */
const ADDRESS_REFUSED = 'Refused: not a public address (webhooks reach public addresses only)';

/** A delivery job as the queue would hand it to the worker, for attempts made without DNS. */
const probeJob = (owner: Owner): WebhookDeliveryJob => ({
  webhookId: owner.databaseId,
  eventId: `evt_${crypto.randomUUID()}`,
  event: 'CREDIT_ADDED',
  createdAt: new Date().toISOString(),
  data: {},
});

describe('a delivery', () => {
  it('is POSTed as JSON, signed with the secret over "<timestamp>.<body>", with its event id', async () => {
    const owner = await ownerWithWebhook(`${receiver.origin}/signed`);
    await emitCreditAdded(owner.userId, { credit: { role: 'Director', note: 'é ✓' } });
    const [delivery] = await receiver.waitFor(1, forWebhook(owner));

    expect(delivery!.path).toBe('/signed');
    expect(delivery!.headers).toMatchObject({ 'content-type': 'application/json', 'byline-event': 'CREDIT_ADDED', 'byline-delivery-attempt': '1' });
    const body = JSON.parse(delivery!.body) as { id: string; event: string; createdAt: string; data: unknown };
    expect(body).toEqual({ id: delivery!.headers['byline-event-id'], event: 'CREDIT_ADDED', createdAt: expect.any(String), data: { credit: { role: 'Director', note: 'é ✓' } } });
    expect(body.id).toMatch(/^evt_[0-9a-f-]{36}$/);

    // The receiver's check, written out: HMAC-SHA256 with the secret over "<t>.<raw body>".
    const header = String(delivery!.headers['byline-signature']);
    const [, timestamp, signature] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(header) ?? [];
    expect(Math.abs(Date.now() / 1000 - Number(timestamp))).toBeLessThan(60);
    expect(signature).toBe(createHmac('sha256', owner.secret).update(`${timestamp}.${delivery!.body}`).digest('hex'));
    expect(verifySignature(owner.secret, delivery!.body, header)).toBe(true);
    expect(verifySignature('whsec_wrong', delivery!.body, header)).toBe(false);
    expect(verifySignature(owner.secret, delivery!.body.replace('Director', 'Editor'), header)).toBe(false);

    const [logged] = await waitForLog(owner, 1);
    expect(logged).toMatchObject({ eventId: body.id, event: 'CREDIT_ADDED', attempt: 1, outcome: 'SUCCEEDED', responseStatus: 200, error: null });
    expect(logged!.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('is retried after a 500, with the same event id and body, and the log keeps both attempts', async () => {
    const owner = await ownerWithWebhook(`${receiver.origin}/flaky`);
    receiver.answers.set('/flaky', [500]);
    await emitCreditAdded(owner.userId);
    const [first, second] = await receiver.waitFor(2, forWebhook(owner));

    expect(second!.headers['byline-event-id']).toBe(first!.headers['byline-event-id']);
    expect(second!.body).toBe(first!.body);
    expect([first!.headers['byline-delivery-attempt'], second!.headers['byline-delivery-attempt']]).toEqual(['1', '2']);
    expect(verifySignature(owner.secret, second!.body, String(second!.headers['byline-signature']))).toBe(true);

    const log = await waitForLog(owner, 2);
    expect(log.map(({ attempt, outcome, responseStatus }) => ({ attempt, outcome, responseStatus }))).toEqual([
      { attempt: 2, outcome: 'SUCCEEDED', responseStatus: 200 },
      { attempt: 1, outcome: 'RETRYING', responseStatus: 500 },
    ]);
    expect(log[1]!.error).toBe('The receiver answered 500');
  });

  it('ends as failed on a 4xx other than 408 and 429, without a retry', async () => {
    const owner = await ownerWithWebhook(`${receiver.origin}/gone`);
    receiver.answers.set('/gone', [410]);
    await emitCreditAdded(owner.userId);
    const [logged] = await waitForLog(owner, 1);
    expect(logged).toMatchObject({ attempt: 1, outcome: 'FAILED', responseStatus: 410, error: 'The receiver answered 410' });
    // The job is settled: nothing is left to retry it.
    const jobStates = () => queryRows<{ state: string }>(database.url, "select state from pgboss.job where name = 'webhook-delivery' and (data->>'webhookId')::int = $1", [owner.databaseId]);
    await expect.poll(jobStates, { timeout: 10_000, interval: 100 }).toEqual([{ state: 'completed' }]);
    expect(receiver.received.filter(forWebhook(owner))).toHaveLength(1);
  });

  it('is never sent to a private address the test allowance does not name, and the log says why', async () => {
    const owner = await ownerWithWebhook(`${receiver.origin}/moved`);
    // As if the URL had been accepted and now pointed inside (registration refuses these outright).
    // The URL is read when the delivery is made, so each is tried before the next is set.
    const urls = [`${privateReceiver.origin}/inside`, `http://localhost:${new URL(privateReceiver.origin).port}/inside`];
    for (const [index, url] of urls.entries()) {
      await server.orm.em.fork().getConnection().execute('update webhooks set url = ? where id = ?', [url, owner.databaseId]);
      await emitCreditAdded(owner.userId);
      await waitForLog(owner, index + 1);
    }
    const log = (await deliveryLog(owner))!;
    expect(log.map(({ outcome, responseStatus }) => ({ outcome, responseStatus }))).toEqual([
      { outcome: 'FAILED', responseStatus: null },
      { outcome: 'FAILED', responseStatus: null },
    ]);
    expect(log.map((entry) => entry.error)).toEqual([ADDRESS_REFUSED, ADDRESS_REFUSED]);
    expect(privateReceiver.received).toEqual([]);
  });

  it('refuses a name that resolves to a private address where the connection opens', async () => {
    const http = createWebhookHttp({ privateOrigins: [], timeoutMs: 5_000, lookupHost: async () => ['127.0.0.1'] });
    const answer = await http.post(`http://hooks.example.test:${new URL(privateReceiver.origin).port}/in`, '{}', { 'content-type': 'application/json' });
    await http.close();
    expect(answer).toEqual({ kind: 'refused', error: ADDRESS_REFUSED });
    expect(privateReceiver.received).toEqual([]);
  });

  it('refused for what its host resolves to, logs neither the address nor the name it resolved', async () => {
    // The host is the integrator's; what it resolves to inside is not theirs to learn.
    const owner = await ownerWithWebhook('http://billing.corp.example.test/hooks');
    const http = createWebhookHttp({ privateOrigins: [], timeoutMs: 5_000, lookupHost: async () => ['10.0.0.5'] });
    const job = { id: 'probe', name: 'webhook-delivery', retryCount: 0, data: probeJob(owner) } as Job<WebhookDeliveryJob>;
    await deliverWebhookEvent({ orm: server.orm, http, jwtSecret: server.config.jwtSecret, logger: createLogger('silent') }, job);
    await http.close();

    const [logged] = await waitForLog(owner, 1);
    expect(logged).toMatchObject({ outcome: 'FAILED', responseStatus: null, error: ADDRESS_REFUSED });
    expect(logged!.error).not.toContain('10.0.0.5');
    expect(logged!.error).not.toContain('billing.corp');
  });

  it('is not made for a webhook that is off or does not take the event', async () => {
    const off = await ownerWithWebhook(`${receiver.origin}/off`);
    await graphql(server, 'mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhook { active } } }', { token: off.token, variables: { input: { id: off.webhookId, active: false } } });
    const otherEvent = await ownerWithWebhook(`${receiver.origin}/other`, ['TEAM_MEMBER_JOINED']);
    await emitCreditAdded(off.userId);
    await emitCreditAdded(otherEvent.userId);
    const jobs = await queryRows(database.url, "select id from pgboss.job where name = 'webhook-delivery' and (data->>'webhookId')::int = any($1)", [[off.databaseId, otherEvent.databaseId]]);
    expect(jobs).toEqual([]);
  });
});

describe('emitting an event', () => {
  it('writes its deliveries with the caller’s transaction: none when that rolls back', async () => {
    const owner = await ownerWithWebhook(`${receiver.origin}/outbox`);
    const failing = server.orm.em.fork().transactional(async (tx) => {
      await emitWebhookEvent(tx, { event: 'CREDIT_ADDED', userIds: [owner.userId], data: {} });
      throw new Error('the change behind the event failed');
    });
    await expect(failing).rejects.toThrow('the change behind the event failed');
    const jobs = () => queryRows(database.url, "select id from pgboss.job where name = 'webhook-delivery' and (data->>'webhookId')::int = $1", [owner.databaseId]);
    expect(await jobs()).toEqual([]);

    await server.orm.em.fork().transactional((tx) => emitWebhookEvent(tx, { event: 'CREDIT_ADDED', userIds: [owner.userId], data: {} }));
    expect(await jobs()).toHaveLength(1);
  });
});

describe('the delivery log', () => {
  it('is shown to the webhook’s owner only', async () => {
    const owner = await ownerWithWebhook(`${receiver.origin}/private-log`);
    await emitCreditAdded(owner.userId);
    const [logged] = await waitForLog(owner, 1);
    const stranger = server.tokenFor((await createUser(server.orm.em.fork())).id);

    expect(await deliveryLog(owner, stranger)).toBeNull();
    const node = await graphql<{ node: unknown }>(server, 'query($id: ID!) { node(id: $id) { id } }', { token: stranger, variables: { id: logged!.id } });
    expect(node.body.data!.node).toBeNull();
    const signedOut = await graphql<{ node: unknown }>(server, 'query($id: ID!) { node(id: $id) { id } }', { variables: { id: logged!.id } });
    expect(signedOut.body.data?.node ?? null).toBeNull();
    const own = await graphql<{ node: { outcome: string } }>(server, 'query($id: ID!) { node(id: $id) { ... on WebhookDelivery { outcome } } }', { token: owner.token, variables: { id: logged!.id } });
    expect(own.body.data!.node).toEqual({ outcome: 'SUCCEEDED' });
  });
});
