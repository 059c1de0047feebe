import type { Job } from 'pg-boss';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import { MESSAGES } from '../../../../../../domain/messages.js';
import { networkById } from '../../../../../../domain/networks.js';
import type { Logger } from '../../../../logger.js';
import { notifyUser } from '../../../notifications/notification.service.js';
import { emitWebhookEvent } from '../../../webhooks/webhook-emit.js';
import { postImportedEvent } from '../../../webhooks/webhook-events.js';
import { adapterFor } from '../adapters/index.js';
import { OutboundRefused } from '../outbound-http.js';
import { ScrapeFailure, type OutboundHttp, type ScrapedPost } from '../scraped-post.js';
import { importFailureMessage, isPermanentScrapeFailure, recognizeOrThrow } from './post-import.errors.js';
import { announceImportOutcome } from './post-import.outcome.js';
import { POST_IMPORT_QUEUE, POST_IMPORT_RETRY_LIMIT, type PostImportJob } from './post-import.queue.js';
import { pendingRequesters, settleWaitingRequests } from './post-track-request.js';
import { upsertScrapedPost } from './post-upsert.js';
import { copyThumbnail } from './thumbnail-copy.js';

/** Imports wait on the network, not the CPU, so each process runs a few at once. */
const IMPORT_WORKERS_PER_PROCESS = 4;

export interface PostImportWorkerDeps {
  orm: MikroORM;
  http: OutboundHttp;
  logger: Logger;
  /** How long a tracking request waits for the answer itself before it is told "queued". */
  fastPathMs: number;
}

/**
 * Imports one post: scrape through the network's adapter, upsert, tell who is waiting.
 * Transient failures throw, so pg-boss retries with back-off; permanent ones (not found,
 * deleted, private) and the last retry end the import with the spec's message.
 */
export async function runPostImport(deps: PostImportWorkerDeps, job: Job<PostImportJob>): Promise<void> {
  const data = job.data;
  let scraped: ScrapedPost;
  try {
    scraped = await adapterFor(data.networkId).scrape(recognizeOrThrow(data.url), deps.http);
  } catch (error) {
    const lastTry = job.retryCount >= POST_IMPORT_RETRY_LIMIT;
    if (error instanceof ScrapeFailure && (isPermanentScrapeFailure(error) || lastTry)) {
      await finishFailed(deps, data, importFailureMessage(error), error.reason === 'deleted');
      return;
    }
    if (error instanceof OutboundRefused) {
      // A link (or a redirect) pointing at a private address: no retry will make it public.
      await finishFailed(deps, data, MESSAGES.invalidUrl, false);
      return;
    }
    if (lastTry) {
      deps.logger.error({ err: error, job: data }, 'post import failed on its last try');
      await finishFailed(deps, data, MESSAGES.failedToScrape, false);
      return;
    }
    throw error;
  }

  const em = deps.orm.em.fork();
  const postId = await em.transactional(async (tx) => {
    const id = await upsertScrapedPost(tx, scraped, `${networkName(data)}:public`);
    // Their webhooks hear of it with this commit (the jobs are written in this transaction).
    await emitWebhookEvent(tx, postImportedEvent(await pendingRequesters(tx, data), { databaseId: id, url: scraped.url, network: networkName(data), externalId: scraped.externalId, caption: scraped.caption }));
    const waiting = await settleWaitingRequests(tx, data, { status: 'imported', postId: id, message: null }, deps.fastPathMs);
    for (const userId of waiting) {
      await notifyUser(tx, userId, { kind: 'post_imported', message: `Your ${networkTitle(data)} post is ready.`, link: `/posts/${id}` });
    }
    await announceImportOutcome(tx, data, { status: 'imported', postId: id });
    return id;
  });

  if (scraped.thumbnailUrl) {
    // The post is usable without its picture; a failed copy falls back to the network's URL.
    await copyThumbnail(em, deps.http, postId, scraped.thumbnailUrl).catch((error: unknown) =>
      deps.logger.warn({ err: error, postId }, 'could not copy the thumbnail'),
    );
  }
}

async function finishFailed(deps: PostImportWorkerDeps, data: PostImportJob, message: string, deleted: boolean): Promise<void> {
  await deps.orm.em.fork().transactional(async (tx: EntityManager) => {
    // A post we already had that is gone now keeps its credits and says it was deleted.
    if (deleted) await tx.execute('update posts set is_deleted = true, updated_at = now() where network_id = ? and external_id = ?', [data.networkId, data.externalId]);
    const waiting = await settleWaitingRequests(tx, data, { status: 'failed', postId: null, message }, deps.fastPathMs);
    for (const userId of waiting) {
      await notifyUser(tx, userId, { kind: 'post_import_failed', message: `${message}: ${data.url}`, link: null });
    }
    await announceImportOutcome(tx, data, { status: 'failed', message });
  });
}

function networkTitle(data: PostImportJob): string {
  return networkById(data.networkId)?.title ?? 'social';
}

function networkName(data: PostImportJob): string {
  return networkById(data.networkId)?.name ?? 'unknown';
}

export async function startPostImportWorker(deps: PostImportWorkerDeps & { boss: import('pg-boss').PgBoss }): Promise<void> {
  await deps.boss.work<PostImportJob>(POST_IMPORT_QUEUE, { batchSize: 1, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, localConcurrency: IMPORT_WORKERS_PER_PROCESS, burstWhenBatchFull: true }, async ([job]) => {
    if (job) await runPostImport(deps, job);
  });
}
