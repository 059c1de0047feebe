import type { PgBoss } from 'pg-boss';
import type { NetworkId } from '../../../../../../domain/networks.js';
import { WORKER_HEARTBEAT_SECONDS } from '../../../../queue/job-queue.js';

export const POST_IMPORT_QUEUE = 'post-import';
export const POST_IMPORT_RETRY_LIMIT = 3;

export interface PostImportJob {
  url: string;
  networkId: NetworkId;
  externalId: string;
}

/** The identity of an import: one job and one post per (network, external id), whatever the link's form. */
export function importKey(job: Pick<PostImportJob, 'networkId' | 'externalId'>): string {
  return `${job.networkId}:${job.externalId}`;
}

/**
 * `exclusive`: at most one job per key is queued or running, so fifty people pasting the same
 * link at once make one job. Transient failures retry with back-off; a job whose worker died
 * (server killed mid-import) is retried once its heartbeat stops, seconds later, by another
 * process; the expiry bounds a job whose worker lives but hangs.
 */
export async function createPostImportQueue(boss: PgBoss, expireInSeconds: number): Promise<void> {
  const options = { retryLimit: POST_IMPORT_RETRY_LIMIT, retryDelay: 2, retryBackoff: true, retryDelayMax: 60, expireInSeconds, heartbeatSeconds: WORKER_HEARTBEAT_SECONDS };
  await boss.createQueue(POST_IMPORT_QUEUE, { ...options, policy: 'exclusive', notify: true });
  // createQueue leaves an existing queue as it was: a changed setting is applied here.
  await boss.updateQueue(POST_IMPORT_QUEUE, options);
}

/** Null when a job for this key is already queued or running. */
export function enqueuePostImport(boss: PgBoss, job: PostImportJob): Promise<string | null> {
  return boss.send(POST_IMPORT_QUEUE, { ...job }, { singletonKey: importKey(job) });
}

/**
 * Many imports in one statement (a bulk import's links): one round trip instead of one per link,
 * and workers find them all queued at once. A key already queued or running is skipped, as
 * `enqueuePostImport` skips it.
 */
export async function enqueuePostImports(boss: PgBoss, jobs: readonly PostImportJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await boss.insert(POST_IMPORT_QUEUE, jobs.map((job) => ({ data: { ...job }, singletonKey: importKey(job) })));
}
