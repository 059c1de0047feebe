import { graphql as executeGraphQL } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../registry.js';
import { createLogger } from '../../logger.js';
import { useQueryLog } from '../../test-support/query-log.js';
import type { Viewer } from '../users/index.js';
import { User } from '../users/index.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import { loadConfig } from '../../config.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { createUser } from '../../test-support/factories.js';
import { queryRows } from '../../test-support/sql.js';
import { graphql, useTestServer } from '../../test-support/test-server.js';
import { DELIVERY_LOG_DAYS, purgeOldDeliveries } from './webhook-purge.js';
import { decryptWebhookSecret } from './webhook-secret.js';
import { MAX_WEBHOOKS_PER_USER } from './webhook.service.js';

const env = useTestServer();

const FIELDS = 'id databaseId url events active secretHint createdAt';
const CREATE = `mutation($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { ${FIELDS} } } }`;
const UPDATE = `mutation($input: UpdateWebhookInput!) { updateWebhook(input: $input) { webhook { ${FIELDS} } } }`;
const DELETE = 'mutation($input: DeleteWebhookInput!) { deleteWebhook(input: $input) { deletedWebhookId } }';
const ROTATE = 'mutation($input: RotateWebhookSecretInput!) { rotateWebhookSecret(input: $input) { secret webhook { secretHint } } }';
const LIST = `query($first: Int, $after: String) { webhooks(first: $first, after: $after) { totalCount pageInfo { hasNextPage hasPreviousPage startCursor endCursor } edges { cursor node { id } } nodes { ${FIELDS} } } }`;

interface WebhookView {
  id: string;
  databaseId: number;
  url: string;
  events: string[];
  active: boolean;
  secretHint: string;
}
type CreateResponse = { createWebhook: { secret: string; webhook: WebhookView } };

async function signedIn(): Promise<{ userId: number; token: string }> {
  const user = await createUser(env.server.orm.em.fork());
  return { userId: user.id, token: env.server.tokenFor(user.id) };
}

function create(token: string, input: Record<string, unknown>) {
  return graphql<CreateResponse>(env.server, CREATE, { token, variables: { input: { url: 'https://hooks.example.com/byline', events: ['POST_IMPORTED'], ...input } } });
}

describe('registering a webhook', () => {
  it('shows the secret once, stores it encrypted, and lists the webhook as a node', async () => {
    const { token } = await signedIn();
    const response = await create(token, { events: ['POST_IMPORTED', 'CREDIT_ADDED', 'POST_IMPORTED'] });
    expect(response.body.errors).toBeUndefined();
    const { secret, webhook } = response.body.data!.createWebhook;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(webhook).toMatchObject({ id: toGlobalId('Webhook', webhook.databaseId), url: 'https://hooks.example.com/byline', events: ['POST_IMPORTED', 'CREDIT_ADDED'], active: true, secretHint: secret.slice(-4) });

    const [stored] = await queryRows<{ secret_ciphertext: string }>(env.database.url, 'select secret_ciphertext from webhooks where id = $1', [webhook.databaseId]);
    expect(stored!.secret_ciphertext).not.toContain(secret);
    expect(decryptWebhookSecret(stored!.secret_ciphertext, env.server.config.jwtSecret)).toBe(secret);

    const list = await graphql<{ webhooks: { totalCount: number; nodes: WebhookView[] } }>(env.server, LIST, { token });
    expect(list.body.data!.webhooks).toMatchObject({ totalCount: 1, nodes: [webhook] });
    expect(JSON.stringify(list.body)).not.toContain(secret);
    const node = await graphql<{ node: { url: string } | null }>(env.server, 'query($id: ID!) { node(id: $id) { ... on Webhook { url } } }', { token, variables: { id: webhook.id } });
    expect(node.body.data!.node).toEqual({ url: webhook.url });
  });

  it.each([
    ['ftp://hooks.example.com/x', 'A webhook URL must use https or http.'],
    ['not a url', 'Invalid url'],
    ['https://user:pass@hooks.example.com/x', 'Put no user name or password in the URL; check the signature instead.'],
    ['http://127.0.0.1:8080/x', 'A webhook URL must point to a public address.'],
    ['http://[::1]/x', 'A webhook URL must point to a public address.'],
    ['https://169.254.169.254/latest/meta-data', 'A webhook URL must point to a public address.'],
    ['http://localhost:3000/x', 'A webhook URL must point to a public address.'],
  ])('refuses %s', async (url, message) => {
    const { token } = await signedIn();
    const response = await create(token, { url });
    expect(response.body.errors?.[0]).toMatchObject({ message, extensions: { code: 'BAD_USER_INPUT' } });
  });

  it('refuses an empty set of events and signed-out callers', async () => {
    const { token } = await signedIn();
    expect((await create(token, { events: [] })).body.errors?.[0]?.message).toBe('Choose at least one event.');
    const anonymous = await graphql(env.server, CREATE, { variables: { input: { url: 'https://hooks.example.com/x', events: ['POST_IMPORTED'] } } });
    expect(anonymous.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it(`allows at most ${MAX_WEBHOOKS_PER_USER} webhooks per person, even asked all at once`, async () => {
    const { userId, token } = await signedIn();
    const responses = await Promise.all(Array.from({ length: MAX_WEBHOOKS_PER_USER + 3 }, (_, index) => create(token, { url: `https://hooks.example.com/${index}` })));
    expect(responses.filter((response) => response.body.errors === undefined)).toHaveLength(MAX_WEBHOOKS_PER_USER);
    expect(responses.find((response) => response.body.errors)?.body.errors?.[0]?.message).toBe(`You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks. Delete one first.`);
    expect(await queryRows(env.database.url, 'select id from webhooks where user_id = $1', [userId])).toHaveLength(MAX_WEBHOOKS_PER_USER);

    const firstPage = await graphql<{ webhooks: { pageInfo: { hasNextPage: boolean; endCursor: string }; nodes: WebhookView[] } }>(env.server, LIST, { token, variables: { first: 15 } });
    expect(firstPage.body.data!.webhooks.pageInfo.hasNextPage).toBe(true);
    const secondPage = await graphql<{ webhooks: { pageInfo: { hasNextPage: boolean }; nodes: WebhookView[] } }>(env.server, LIST, { token, variables: { first: 15, after: firstPage.body.data!.webhooks.pageInfo.endCursor } });
    expect(secondPage.body.data!.webhooks.nodes).toHaveLength(5);
    expect(secondPage.body.data!.webhooks.pageInfo.hasNextPage).toBe(false);
  });
});

describe('changing a webhook', () => {
  it('updates, rotates the secret and deletes, for its owner only', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const { webhook, secret } = (await create(owner.token, {})).body.data!.createWebhook;

    for (const [query, input] of [
      [UPDATE, { id: webhook.id, active: false }],
      [ROTATE, { id: webhook.id }],
      [DELETE, { id: webhook.id }],
    ] as const) {
      const refused = await graphql(env.server, query, { token: stranger.token, variables: { input } });
      expect(refused.body.errors?.[0]).toMatchObject({ message: 'Webhook not found', extensions: { code: 'NOT_FOUND' } });
    }
    const hidden = await graphql<{ node: unknown }>(env.server, 'query($id: ID!) { node(id: $id) { id } }', { token: stranger.token, variables: { id: webhook.id } });
    expect(hidden.body.data!.node).toBeNull();
    const strangersList = await graphql<{ webhooks: { totalCount: number } }>(env.server, LIST, { token: stranger.token });
    expect(strangersList.body.data!.webhooks.totalCount).toBe(0);

    const updated = await graphql<{ updateWebhook: { webhook: WebhookView } }>(env.server, UPDATE, {
      token: owner.token,
      variables: { input: { id: webhook.id, url: 'https://other.example.com/in', events: ['CREDIT_ACCEPTED', 'TEAM_MEMBER_JOINED'], active: false } },
    });
    expect(updated.body.data!.updateWebhook.webhook).toMatchObject({ url: 'https://other.example.com/in', events: ['CREDIT_ACCEPTED', 'TEAM_MEMBER_JOINED'], active: false });
    const badUpdate = await graphql(env.server, UPDATE, { token: owner.token, variables: { input: { id: webhook.id, url: 'http://10.0.0.8/in' } } });
    expect(badUpdate.body.errors?.[0]?.message).toBe('A webhook URL must point to a public address.');

    const rotated = await graphql<{ rotateWebhookSecret: { secret: string; webhook: { secretHint: string } } }>(env.server, ROTATE, { token: owner.token, variables: { input: { id: webhook.id } } });
    const newSecret = rotated.body.data!.rotateWebhookSecret.secret;
    expect(newSecret).not.toBe(secret);
    expect(rotated.body.data!.rotateWebhookSecret.webhook.secretHint).toBe(newSecret.slice(-4));

    const deleted = await graphql<{ deleteWebhook: { deletedWebhookId: string } }>(env.server, DELETE, { token: owner.token, variables: { input: { id: webhook.id } } });
    expect(deleted.body.data!.deleteWebhook.deletedWebhookId).toBe(webhook.id);
    expect(await queryRows(env.database.url, 'select id from webhooks where id = $1', [webhook.databaseId])).toEqual([]);
  });

  it('refuses an id of another type', async () => {
    const owner = await signedIn();
    const response = await graphql(env.server, DELETE, { token: owner.token, variables: { input: { id: toGlobalId('Post', 1) } } });
    expect(response.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });
});

describe('the test-only allowance for private receivers', () => {
  it('is empty by default and refused in production', () => {
    expect(loadConfig({ NODE_ENV: 'test', JWT_SECRET: 'x'.repeat(40) }, '/tmp').webhookPrivateOrigins).toEqual([]);
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40), WEBHOOK_PRIVATE_ORIGINS: 'http://127.0.0.1:9000' }, '/tmp')).toThrow(/WEBHOOK_PRIVATE_ORIGINS is for tests and development only/);
  });

  it('takes https only in production', async () => {
    const { checkWebhookUrl } = await import('./webhook-url.js');
    expect(() => checkWebhookUrl('http://hooks.example.com/x', { env: 'production', privateOrigins: [] })).toThrow('A webhook URL must use https.');
    expect(checkWebhookUrl('https://hooks.example.com/x#frag', { env: 'production', privateOrigins: [] })).toBe('https://hooks.example.com/x');
  });
});

describe('the delivery log', () => {
  const log = useQueryLog(env);

  it('is loaded for a whole page of webhooks in a fixed number of queries', async () => {
    const { userId } = await signedIn();
    const em = log.orm.em.fork();
    const viewer: Viewer = { user: await em.findOneOrFail(User, userId), sessionId: null, masqueradingAdminId: null, plansOpen: false };
    for (let index = 0; index < 6; index++) {
      const webhook = em.create(Webhook, { user: em.getReference(User, userId), url: `https://hooks.example.com/${index}`, events: ['POST_IMPORTED'], secretCiphertext: 'x', secretHint: 'x' });
      await em.flush();
      for (let attempt = 1; attempt <= 3; attempt++) em.create(WebhookDelivery, { webhook, eventId: `evt_${index}`, event: 'POST_IMPORTED', attempt, outcome: 'RETRYING' });
      await em.flush();
    }
    const schema = await buildAppSchema({ publish: () => undefined, subscribe: () => (async function* () {})() });
    const queries = await log.selectsDuring(async () => {
      const result = await executeGraphQL({
        schema,
        source: '{ webhooks(first: 10) { nodes { url deliveries(first: 2) { totalCount nodes { attempt } } } } }',
        contextValue: { em: log.orm.em.fork(), viewer, pubsub: null, config: env.server.config, logger: createLogger('silent') },
      });
      expect(result.errors).toBeUndefined();
      const nodes = (result.data as { webhooks: { nodes: Array<{ deliveries: { totalCount: number; nodes: Array<{ attempt: number }> } }> } }).webhooks.nodes;
      expect(nodes).toHaveLength(6);
      expect(nodes.every((node) => node.deliveries.totalCount === 3 && node.deliveries.nodes.map((entry) => entry.attempt).join() === '3,2')).toBe(true);
    });
    // webhooks, their deliveries, the deliveries' counts: one batch each, whatever the page size.
    expect(queries.length).toBeLessThanOrEqual(3);
  });

  it(`keeps attempts for ${DELIVERY_LOG_DAYS} days`, async () => {
    const { token } = await signedIn();
    const { webhook } = (await create(token, {})).body.data!.createWebhook;
    const insert = `insert into webhook_deliveries (webhook_id, event_id, event, attempt, outcome, created_at)
      values ($1, 'evt_x', 'POST_IMPORTED', 1, 'SUCCEEDED', now() - $2::interval) returning id`;
    const [recent] = await queryRows<{ id: number }>(env.database.url, insert, [webhook.databaseId, `${DELIVERY_LOG_DAYS - 1} days`]);
    await queryRows(env.database.url, insert, [webhook.databaseId, `${DELIVERY_LOG_DAYS + 1} days`]);
    expect(await purgeOldDeliveries(env.server.orm.em.fork())).toBeGreaterThanOrEqual(1);
    expect(await queryRows(env.database.url, 'select id from webhook_deliveries where webhook_id = $1', [webhook.databaseId])).toEqual([recent]);
  });
});
