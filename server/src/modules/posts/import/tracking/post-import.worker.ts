import type { Job, JobResult } from 'pg-boss';
import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../../../domain/messages.js';
import { networkById } from '../../../../../../domain/networks.js';
import type { Logger } from '../../../../logger.js';
import { settleBulkImportLinks } from '../bulk/bulk-import-settlement.js';
import { notifyUser } from '../../../notifications/index.js';
import { emitWebhookEvent, postImportedEvent } from '../../../webhooks/index.js';
import { adapterFor } from '../adapters/index.js';
import { OutboundRefused } from '../outbound-http.js';
import { ScrapeFailure, type OutboundHttp, type ScrapedPost } from '../scraped-post.js';
import { importFailureMessage, isPermanentScrapeFailure, recognizeOrThrow } from './post-import.errors.js';
import { announceImportOutcome } from './post-import.outcome.js';
import { POST_IMPORT_QUEUE, POST_IMPORT_RETRY_LIMIT, type PostImportJob } from './post-import.queue.js';
import { settleWaitingRequests } from './post-track-request.js';
import { upsertScrapedPost } from './post-upsert.js';
import { fetchPicture, storePicture } from './thumbnail-copy.js';

/**
 * How the import queue is drained, per server process. Imports wait on the network and the
 * database more than on the CPU, so several run at once: IMPORT_FETCHERS loops each claim up to
 * IMPORT_BATCH_SIZE jobs in one statement, run them side by side and settle them in one more.
 * A loop whose claim came back full claims again at once (burstWhenBatchFull); one that found
 * less waits for a NOTIFY (a new job) or the poll. With batches of one, pg-boss waited out the
 * poll interval after every job that took less than it, which capped a process at
 * loops / interval (8 imports/s).
 * Several loops, so one slow network holding its batch leaves the others running.
 */
const IMPORT_FETCHERS = 3;
const IMPORT_BATCH_SIZE = 4;

export interface PostImportWorkerDeps {
  orm: MikroORM;
  http: OutboundHttp;
  logger: Logger;
  /** How long a tracking request waits for the answer itself before it is told "queued". */
  fastPathMs: number;
}

/**
 * Imports one post: scrape through the network's adapter, copy its picture, store both in one
 * transaction, tell who is waiting (track requests, bulk imports) in that same transaction, so
 * nothing depends on the process that took the request still being alive.
 * Transient failures throw, so pg-boss retries with back-off; permanent ones (not found,
 * deleted, private) and the last retry end the import with the spec's message.
 */
export async function runPostImport(deps: PostImportWorkerDeps, job: Job<PostImportJob>): Promise<void> {
  const data = job.data;
  if (await answeredByFreshImport(deps, data)) return;
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

  // The picture first, so the post lands with it in one transaction (one commit per import). The
  // post is usable without its picture: a failed copy leaves the network's URL in the row, but
  // clients are given no address for it and show the network's tile (thumbnail-store.ts).
  const picture = scraped.thumbnailUrl
    ? await fetchPicture(deps.http, scraped.thumbnailUrl).catch((error: unknown) => {
        deps.logger.warn({ err: error, job: data }, 'could not copy the thumbnail');
        return null;
      })
    : null;

  await deps.orm.em.fork().transactional(async (tx) => {
    const id = await upsertScrapedPost(tx, scraped, `${networkName(data)}:public`, { pictureStored: picture !== null });
    if (picture) await storePicture(tx, id, picture);
    const requests = await settleWaitingRequests(tx, data, { status: 'imported', postId: id, message: null }, deps.fastPathMs);
    // Their webhooks hear of it with this commit (the jobs are written in this transaction).
    await emitWebhookEvent(tx, postImportedEvent(requests.pending, { databaseId: id, url: scraped.url, network: networkName(data), externalId: scraped.externalId, caption: scraped.caption }));
    for (const userId of requests.toldQueued) {
      await notifyUser(tx, userId, { kind: 'post_imported', message: `Your ${networkTitle(data)} post is ready.`, link: `/posts/${id}` });
    }
    await announceImportOutcome(tx, data, { status: 'imported', postId: id });
    await settleBulkImportLinks(tx, data, { status: 'imported', postId: id });
  });
}

/**
 * A paste can miss a job that has just finished (it looked for the post before that commit and
 * queued after it), so a second job for the same post can follow the first within moments. It
 * need not reach the network again: a post imported less than FRESH_IMPORT_SECONDS ago answers
 * whoever is waiting, as the first import would have.
 */
const FRESH_IMPORT_SECONDS = 60;

async function answeredByFreshImport(deps: PostImportWorkerDeps, data: PostImportJob): Promise<boolean> {
  return deps.orm.em.fork().transactional(async (tx) => {
    const [fresh] = await tx.execute<Array<{ id: number }>>(
      `select id from posts where network_id = ? and external_id = ? and import_status = 'imported'
         and stats_refreshed_at > now() - make_interval(secs => ?)`,
      [data.networkId, data.externalId, FRESH_IMPORT_SECONDS],
    );
    if (!fresh) return false;
    const requests = await settleWaitingRequests(tx, data, { status: 'imported', postId: fresh.id, message: null }, deps.fastPathMs);
    for (const userId of requests.toldQueued) {
      await notifyUser(tx, userId, { kind: 'post_imported', message: `Your ${networkTitle(data)} post is ready.`, link: `/posts/${fresh.id}` });
    }
    await announceImportOutcome(tx, data, { status: 'imported', postId: fresh.id });
    await settleBulkImportLinks(tx, data, { status: 'imported', postId: fresh.id });
    return true;
  });
}

async function finishFailed(deps: PostImportWorkerDeps, data: PostImportJob, message: string, deleted: boolean): Promise<void> {
  await deps.orm.em.fork().transactional(async (tx: EntityManager) => {
    // A post we already had that is gone now keeps its credits and says it was deleted.
    if (deleted) await tx.execute('update posts set is_deleted = true, updated_at = now() where network_id = ? and external_id = ?', [data.networkId, data.externalId]);
    const requests = await settleWaitingRequests(tx, data, { status: 'failed', postId: null, message }, deps.fastPathMs);
    for (const userId of requests.toldQueued) {
      await notifyUser(tx, userId, { kind: 'post_import_failed', message: `${message}: ${data.url}`, link: null });
    }
    await announceImportOutcome(tx, data, { status: 'failed', message });
    await settleBulkImportLinks(tx, data, { status: 'failed', message });
  });
}

function networkTitle(data: PostImportJob): string {
  return networkById(data.networkId)?.title ?? 'social';
}

function networkName(data: PostImportJob): string {
  return networkById(data.networkId)?.name ?? 'unknown';
}

export async function startPostImportWorker(deps: PostImportWorkerDeps & { boss: import('pg-boss').PgBoss }): Promise<void> {
  await deps.boss.work<PostImportJob>(
    POST_IMPORT_QUEUE,
    { batchSize: IMPORT_BATCH_SIZE, localConcurrency: IMPORT_FETCHERS, pollingIntervalSeconds: 0.5, notifyPollingIntervalSeconds: 0.5, burstWhenBatchFull: true, perJobResults: true },
    // Each job settles on its own: a transient failure retries that job only, with its back-off.
    (jobs) =>
      Promise.all(
        jobs.map((job) =>
          runPostImport(deps, job).then(
            (): JobResult => ({ id: job.id, status: 'completed' }),
            (error: unknown): JobResult => ({ id: job.id, status: 'failed', output: error }),
          ),
        ),
      ),
  );
}
