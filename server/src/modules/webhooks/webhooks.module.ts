import type { MikroORM } from '@mikro-orm/postgresql';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import type { JobQueue } from '../../queue/job-queue.js';
import { startWebhookDeliveryWorker } from './webhook-delivery.worker.js';
import { createWebhookHttp } from './webhook-http.js';
import { createWebhookDeliveryQueue, registerWebhookQueue } from './webhook.queue.js';

/** A receiver has this long to answer; Stripe allows about as much. */
const DELIVERY_TIMEOUT_MS = 10_000;

/** The delivery queue and its worker, started with the server; returns what stops the client. */
export async function startWebhooksModule(deps: { orm: MikroORM; queue: JobQueue; config: AppConfig; logger: Logger }): Promise<() => Promise<void>> {
  const http = createWebhookHttp({ privateOrigins: deps.config.webhookPrivateOrigins, timeoutMs: DELIVERY_TIMEOUT_MS });
  await createWebhookDeliveryQueue(deps.queue.boss, deps.config.webhookRetryDelaySeconds);
  registerWebhookQueue(deps.orm.config, deps.queue.boss);
  await startWebhookDeliveryWorker({ boss: deps.queue.boss, orm: deps.orm, http, jwtSecret: deps.config.jwtSecret, logger: deps.logger });
  return () => http.close();
}
