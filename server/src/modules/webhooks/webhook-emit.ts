import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Webhook } from './webhook.entity.js';
import type { WebhookEventInput } from './webhook-events.js';
import { enqueueDeliveriesInTransaction, type WebhookDeliveryJob } from './webhook.queue.js';

/**
 * Tells the webhooks of `event.userIds` that subscribe to `event.event`: one delivery job per
 * webhook, written in the caller's transaction (started here if there is none), so events go
 * out exactly when the change behind them is committed. Call it from the transaction that makes
 * the change. The event gets one id, the same for every webhook and every retry.
 */
export async function emitWebhookEvent(em: EntityManager, event: WebhookEventInput): Promise<void> {
  if (event.userIds.length === 0) return;
  const write = async (tx: EntityManager) => {
    const webhooks = await tx.find(Webhook, { user: { $in: [...event.userIds] }, active: true, events: { $contains: [event.event] } }, { fields: ['id'] });
    if (webhooks.length === 0) return;
    const eventId = `evt_${randomUUID()}`;
    const createdAt = new Date().toISOString();
    const jobs: WebhookDeliveryJob[] = webhooks.map((webhook) => ({ webhookId: webhook.id, eventId, event: event.event, createdAt, data: event.data }));
    await enqueueDeliveriesInTransaction(tx, jobs);
  };
  if (em.isInTransaction()) await write(em);
  else await em.transactional(write);
}
