import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Job, PgBoss } from 'pg-boss';
import type { Logger } from '../../logger.js';
import { WebhookDelivery } from './webhook-delivery.entity.js';
import type { WebhookDeliveryOutcome } from './webhook.enums.js';
import { Webhook } from './webhook.entity.js';
import type { WebhookAnswer, WebhookHttp, WebhookNoAnswer } from './webhook-http.js';
import { decryptWebhookSecret, UnreadableWebhookSecret } from './webhook-secret.js';
import { SIGNATURE_HEADER, signatureHeader } from './webhook-signature.js';
import { WEBHOOK_DELIVERY_QUEUE, WEBHOOK_RETRY_LIMIT, type WebhookDeliveryJob } from './webhook.queue.js';

/** Deliveries wait on receivers, not the CPU, so each process sends a few at once. */
const DELIVERY_WORKERS_PER_PROCESS = 4;
const USER_AGENT = 'Byline-Webhooks/1.0';

export interface WebhookWorkerDeps {
  orm: MikroORM;
  http: WebhookHttp;
  jwtSecret: string;
  logger: Logger;
}

/** Thrown to have pg-boss retry the job with back-off; the attempt is already in the log. */
class RetryDelivery extends Error {
  override name = 'RetryDelivery';
}

/** The exact bytes that are signed and sent; the same on every attempt. */
export function deliveryBody(job: WebhookDeliveryJob): string {
  return JSON.stringify({ id: job.eventId, event: job.event, createdAt: job.createdAt, data: job.data });
}

/**
 * One attempt: sign, POST, log. A 2xx ends it; a 5xx, 408, 429, timeout or connection failure
 * is retried by pg-boss with back-off until the retry limit; any other answer, a redirect or a
 * refused address ends it as failed. Every attempt is logged for the webhook's owner.
 */
export async function deliverWebhookEvent(deps: WebhookWorkerDeps, job: Job<WebhookDeliveryJob>): Promise<void> {
  const em = deps.orm.em.fork();
  const data = job.data;
  // Deleted (its log went with it) or turned off since the event: nothing to send.
  const webhook = await em.findOne(Webhook, { id: data.webhookId, active: true });
  if (!webhook) return;
  const attempt = job.retryCount + 1;
  const log = (outcome: WebhookDeliveryOutcome, fields: AttemptFields) =>
    recordAttempt(em, webhook, data, attempt, outcome, fields);

  let secret: string;
  try {
    secret = decryptWebhookSecret(webhook.secretCiphertext, deps.jwtSecret);
  } catch (error) {
    if (!(error instanceof UnreadableWebhookSecret)) throw error;
    deps.logger.warn({ webhookId: webhook.id }, 'webhook secret unreadable; the owner must rotate it');
    await log('FAILED', { error: error.message });
    return;
  }

  const body = deliveryBody(data);
  const headers = {
    'content-type': 'application/json',
    'user-agent': USER_AGENT,
    'byline-event': data.event,
    'byline-event-id': data.eventId,
    'byline-webhook-id': String(webhook.id),
    'byline-delivery-attempt': String(attempt),
    [SIGNATURE_HEADER.toLowerCase()]: signatureHeader(secret, body, Math.floor(Date.now() / 1000)),
    // Same event id as the first time: receivers that already handled it may skip it.
    ...(data.redeliveryOf !== undefined ? { 'byline-redelivery': 'true' } : {}),
  };
  const started = performance.now();
  const answer = await deps.http.post(webhook.url, body, headers);
  const durationMs = Math.round(performance.now() - started);
  const verdict = judge(answer);
  const responseStatus = answer.kind === 'answered' ? answer.status : null;
  const outcome: WebhookDeliveryOutcome = verdict.retry ? (job.retryCount >= WEBHOOK_RETRY_LIMIT ? 'FAILED' : 'RETRYING') : verdict.ok ? 'SUCCEEDED' : 'FAILED';
  const responseExcerpt = answer.kind === 'answered' ? answer.excerpt : null;
  await log(outcome, { responseStatus, durationMs, error: verdict.error, responseExcerpt });
  if (outcome === 'RETRYING') throw new RetryDelivery(verdict.error ?? 'retry');
}

interface AttemptFields {
  responseStatus?: number | null;
  durationMs?: number | null;
  error?: string | null;
  responseExcerpt?: string | null;
}

interface Verdict {
  ok: boolean;
  retry: boolean;
  error: string | null;
}

function judge(answer: WebhookAnswer | WebhookNoAnswer): Verdict {
  if (answer.kind !== 'answered') return { ok: false, retry: answer.kind !== 'refused', error: answer.error };
  const { status } = answer;
  if (status >= 200 && status < 300) return { ok: true, retry: false, error: null };
  if (status >= 500 || status === 408 || status === 429) return { ok: false, retry: true, error: `The receiver answered ${status}` };
  if (status >= 300 && status < 400) return { ok: false, retry: false, error: `The receiver answered ${status}: redirects are not followed, update the webhook URL` };
  return { ok: false, retry: false, error: `The receiver answered ${status}` };
}

async function recordAttempt(
  em: EntityManager,
  webhook: Webhook,
  data: WebhookDeliveryJob,
  attempt: number,
  outcome: WebhookDeliveryOutcome,
  fields: AttemptFields,
): Promise<void> {
  em.create(WebhookDelivery, {
    webhook,
    eventId: data.eventId,
    event: data.event,
    attempt,
    outcome,
    responseStatus: fields.responseStatus ?? null,
    durationMs: fields.durationMs ?? null,
    error: fields.error ?? null,
    responseExcerpt: fields.responseExcerpt ?? null,
    payload: { createdAt: data.createdAt, data: data.data },
    redeliveryOf: data.redeliveryOf !== undefined ? em.getReference(WebhookDelivery, data.redeliveryOf) : null,
  });
  await em.flush();
}

export async function startWebhookDeliveryWorker(deps: WebhookWorkerDeps & { boss: PgBoss }): Promise<void> {
  await deps.boss.work<WebhookDeliveryJob>(
    WEBHOOK_DELIVERY_QUEUE,
    { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, localConcurrency: DELIVERY_WORKERS_PER_PROCESS, burstWhenBatchFull: true },
    async ([job]) => {
      if (job) await deliverWebhookEvent(deps, job);
    },
  );
}
