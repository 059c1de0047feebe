import type { EntityManager } from '@mikro-orm/postgresql';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { InvalidInput, NotFound, RateLimited } from '../../errors/app-errors.js';
import { consumeAttempt } from '../../http/attempt-limit.js';
import type { Viewer } from '../users/index.js';
import { User, lockUserRow } from '../users/index.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import { Webhook } from './webhook.entity.js';
import type { WebhookEventType } from './webhook-events.js';
import { canManageWebhook, ownWebhooksFilter } from './webhook.policy.js';
import { encryptWebhookSecret, newWebhookSecret, secretHint } from './webhook-secret.js';
import { checkWebhookUrl, type WebhookUrlRules } from './webhook-url.js';
import { enqueueDeliveriesInTransaction } from './webhook.queue.js';

export const MAX_WEBHOOKS_PER_USER = 20;

export interface WebhookSettings extends WebhookUrlRules {
  jwtSecret: string;
}

export interface WebhookChanges {
  url?: string | null;
  events?: readonly WebhookEventType[] | null;
  active?: boolean | null;
}

/** A new secret, encrypted for storage; the plain one goes back to the owner once. */
function issueSecret(settings: WebhookSettings): { secret: string; stored: { secretCiphertext: string; secretHint: string } } {
  const secret = newWebhookSecret();
  return { secret, stored: { secretCiphertext: encryptWebhookSecret(secret, settings.jwtSecret), secretHint: secretHint(secret) } };
}

function checkEvents(events: readonly WebhookEventType[]): WebhookEventType[] {
  const unique = [...new Set(events)];
  if (unique.length === 0) throw new InvalidInput('Choose at least one event.', { field: 'events' });
  return unique;
}

export async function createWebhook(
  em: EntityManager,
  viewer: Viewer,
  input: { url: string; events: readonly WebhookEventType[]; active: boolean },
  settings: WebhookSettings,
): Promise<{ webhook: Webhook; secret: string }> {
  const url = checkWebhookUrl(input.url, settings);
  const events = checkEvents(input.events);
  return em.transactional(async (tx) => {
    // The owner's row is locked so that two creations at once cannot both pass the limit.
    await lockUserRow(tx, viewer.user.id);
    if ((await tx.count(Webhook, ownWebhooksFilter(viewer))) >= MAX_WEBHOOKS_PER_USER) {
      throw new InvalidInput(`You can have at most ${MAX_WEBHOOKS_PER_USER} webhooks. Delete one first.`);
    }
    const { secret, stored } = issueSecret(settings);
    const webhook = tx.create(Webhook, { user: tx.getReference(User, viewer.user.id), url, events, active: input.active, ...stored });
    await tx.flush();
    return { webhook, secret };
  });
}

/** A webhook the viewer owns; anyone else's, or none, is "not found" alike. */
export async function findOwnWebhook(em: EntityManager, viewer: Viewer, webhookId: number): Promise<Webhook> {
  const webhook = await em.findOne(Webhook, { id: webhookId });
  if (!webhook || !canManageWebhook(viewer, webhook)) throw new NotFound('Webhook not found');
  return webhook;
}

export function listOwnWebhooks(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<Webhook>> {
  const filter = ownWebhooksFilter(viewer);
  return findConnection(
    page,
    'desc',
    (window) => em.find(Webhook, { ...filter, ...(window.idCondition ? { id: window.idCondition } : {}) }, { orderBy: { id: window.orderBy }, limit: window.limit }),
    () => em.count(Webhook, filter),
  );
}

/**
 * Applies the checked changes to the managed webhook. The caller flushes, together with its audit
 * row, so the change and its record commit in one transaction.
 */
export function updateWebhook(webhook: Webhook, changes: WebhookChanges, settings: WebhookSettings): Webhook {
  if (changes.url !== undefined && changes.url !== null) webhook.url = checkWebhookUrl(changes.url, settings);
  if (changes.events !== undefined && changes.events !== null) webhook.events = checkEvents(changes.events);
  if (changes.active !== undefined && changes.active !== null) webhook.active = changes.active;
  return webhook;
}

/** A new secret: the old one stops signing at once (receivers must switch). The caller flushes, as above. */
export function rotateWebhookSecret(webhook: Webhook, settings: WebhookSettings): string {
  const { secret, stored } = issueSecret(settings);
  Object.assign(webhook, stored);
  return secret;
}

/** Deletes the webhook and its delivery log; jobs still queued for it find nothing and end. */
export async function deleteWebhook(em: EntityManager, webhook: Webhook): Promise<void> {
  await em.nativeDelete(Webhook, { id: webhook.id });
}

/** Redeliveries per owner per hour: enough to replay a receiver's bad afternoon, not to flood it. */
export const REDELIVERIES_PER_HOUR = 60;
const HOUR_MS = 60 * 60 * 1000;
export const REDELIVERY_LIMIT_MESSAGE = `You can redeliver at most ${REDELIVERIES_PER_HOUR} events an hour. Try again later.`;
export const REDELIVERY_NO_PAYLOAD_MESSAGE = 'This delivery was logged before Byline kept what it sent, so it cannot be sent again.';
export const REDELIVERY_INACTIVE_MESSAGE = 'Turn the webhook on to redeliver to it.';

/** A logged delivery of one of the viewer's webhooks; anyone else's, or none, is "not found" alike. */
export async function findOwnDelivery(em: EntityManager, viewer: Viewer, deliveryId: number): Promise<WebhookDelivery> {
  const delivery = await em.findOne(WebhookDelivery, { id: deliveryId }, { populate: ['webhook'] });
  if (!delivery || !canManageWebhook(viewer, delivery.webhook.getEntity())) throw new NotFound('Delivery not found');
  return delivery;
}

/**
 * Sends a logged delivery's event again: a new job on the delivery queue with the same event id,
 * event and body, marked as a redelivery of that log row, which stays as it was. The attempt (and
 * its retries) appear in the log as new rows when the worker makes them. Limited per owner.
 */
export async function redeliverWebhookDelivery(em: EntityManager, viewer: Viewer, delivery: WebhookDelivery): Promise<void> {
  const webhook = delivery.webhook.getEntity();
  if (!delivery.payload) throw new InvalidInput(REDELIVERY_NO_PAYLOAD_MESSAGE);
  if (!webhook.active) throw new InvalidInput(REDELIVERY_INACTIVE_MESSAGE);
  try {
    await consumeAttempt(em, `webhook-redeliver:${viewer.user.id}`, REDELIVERIES_PER_HOUR, HOUR_MS);
  } catch (error) {
    throw error instanceof RateLimited ? new RateLimited(REDELIVERY_LIMIT_MESSAGE) : error;
  }
  const payload = delivery.payload;
  await em.transactional((tx) =>
    enqueueDeliveriesInTransaction(tx, [
      { webhookId: webhook.id, eventId: delivery.eventId, event: delivery.event, createdAt: payload.createdAt, data: payload.data, redeliveryOf: delivery.id },
    ]),
  );
}

/** Every webhook's log on a page of webhooks in one query (see childConnection). */
const WEBHOOK_DELIVERIES = { name: 'webhook-deliveries', entity: WebhookDelivery, table: 'webhook_deliveries', parentColumn: 'webhook_id', order: 'desc' } as const;

/** The delivery log of a webhook the caller has checked the viewer may see, newest first. */
export function listDeliveries(em: EntityManager, webhookId: number, page: KeysetPage): Promise<Connection<WebhookDelivery>> {
  return childConnection(em, WEBHOOK_DELIVERIES, webhookId, page);
}

/** For node(id:): the given webhooks and deliveries that belong to the viewer. */
export function findVisibleWebhooks(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<Webhook[]> {
  if (!viewer) return Promise.resolve([]);
  return em.find(Webhook, { id: { $in: ids }, ...ownWebhooksFilter(viewer) });
}

export function findVisibleDeliveries(em: EntityManager, viewer: Viewer | null, ids: number[]): Promise<WebhookDelivery[]> {
  if (!viewer) return Promise.resolve([]);
  return em.find(WebhookDelivery, { id: { $in: ids }, webhook: ownWebhooksFilter(viewer) });
}
