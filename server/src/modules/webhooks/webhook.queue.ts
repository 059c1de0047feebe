import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type KyselyTransactionLike, type PgBoss } from 'pg-boss';
import { WORKER_HEARTBEAT_SECONDS } from '../../queue/job-queue.js';
import type { WebhookEventType } from './webhook-events.js';

export const WEBHOOK_DELIVERY_QUEUE = 'webhook-delivery';

/**
 * Retries: the first try and up to 10 more, the wait doubling from the configured delay, each
 * spread at random up to twice as long so that a receiver back from an outage is not hit by
 * every retry at once (pg-boss's back-off; 10 s by default: 10–20 s, 20–40 s … at most 6 hours
 * apart, some 3 to 6 hours in all).
 */
export const WEBHOOK_RETRY_LIMIT = 10;
const RETRY_DELAY_MAX_SECONDS = 6 * 60 * 60;

/** One event for one webhook. Retries carry the same data, so the event id stays the same. */
export interface WebhookDeliveryJob {
  webhookId: number;
  eventId: string;
  event: WebhookEventType;
  /** When the event happened (ISO 8601), not when this attempt is made. */
  createdAt: string;
  data: unknown;
  /** Set when the owner asked for a logged delivery to be sent again: that delivery's number. */
  redeliveryOf?: number;
}

export async function createWebhookDeliveryQueue(boss: PgBoss, retryDelaySeconds: number): Promise<void> {
  const options = { retryLimit: WEBHOOK_RETRY_LIMIT, retryDelay: retryDelaySeconds, retryBackoff: true, retryDelayMax: RETRY_DELAY_MAX_SECONDS, expireInSeconds: 120, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await boss.createQueue(WEBHOOK_DELIVERY_QUEUE, { ...options, notify: true });
  // createQueue leaves an existing queue as it was: a changed setting is applied here.
  await boss.updateQueue(WEBHOOK_DELIVERY_QUEUE, options);
}

/**
 * The queue each ORM's deliveries go to. Producers (the post import, credits, teams) call
 * `emitWebhookEvent(em, event)` with only their EntityManager, so the module, once started,
 * says here which queue belongs to that ORM (one per server, however many run in a process).
 */
const queues = new WeakMap<object, PgBoss>();

export function registerWebhookQueue(ormConfig: object, boss: PgBoss): void {
  queues.set(ormConfig, boss);
}

/**
 * Writes delivery jobs with the caller's transaction (outbox): they exist exactly when the
 * change that caused them is committed, and workers hear of them at that commit.
 */
export async function enqueueDeliveriesInTransaction(tx: EntityManager, jobs: readonly WebhookDeliveryJob[]): Promise<void> {
  if (jobs.length === 0) return;
  const boss = queues.get(tx.config);
  if (!boss) throw new Error('webhook events were emitted before the webhooks module was started');
  const context = tx.getTransactionContext<KyselyTransactionLike>();
  if (!context) throw new Error('webhook deliveries must be written inside a transaction');
  const db = fromKysely(context);
  // One statement for every webhook of the event, inside the emitting transaction.
  await boss.insert(WEBHOOK_DELIVERY_QUEUE, jobs.map((job) => ({ data: { ...job } })), { db });
}
