import type { EntityManager } from '@mikro-orm/postgresql';
import type { PgBoss } from 'pg-boss';
import type { PostgresPubSub } from '../../../../pubsub/postgres-pubsub.js';
import type { Viewer } from '../../../users/index.js';
import { Post } from '../../post.entity.js';
import { importFailureError, MISSING_POST_MESSAGE, recognizeOrThrow } from './post-import.errors.js';
import { waitForImportOutcome } from './post-import.outcome.js';
import { enqueuePostImport, type PostImportJob } from './post-import.queue.js';
import { recordTrackRequest } from './post-track-request.js';
import { findVisiblePost } from '../../post.service.js';
import { visiblePostsFilter } from '../../post.policy.js';

export type TrackOutcome = 'EXISTING' | 'IMPORTED' | 'QUEUED';

export interface TrackPostResult {
  outcome: TrackOutcome;
  post: Post | null;
  /** The normalised link, as recognised. */
  url: string;
}

export interface PostImportServices {
  em: EntityManager;
  pubsub: PostgresPubSub;
  boss: PgBoss;
  fastPathMs: number;
}

/**
 * The post behind a link in any of its forms (share links, query strings, mobile
 * hosts, short links), or null. Never reaches the network.
 */
export async function findPostByUrl(em: EntityManager, viewer: Viewer | null, url: string): Promise<Post | null> {
  const recognized = recognizeOrThrow(url);
  return em.findOne(Post, { $and: [{ network: recognized.networkId, externalId: recognized.externalId, importStatus: 'imported' }, visiblePostsFilter(viewer)] });
}

/**
 * Tracks a link for the viewer. An existing post answers at once; otherwise one
 * import job per post (however many people paste it) runs, and we wait briefly for it: the
 * answer is the post when the network is quick, "queued" otherwise (a notification follows).
 */
export async function trackPostByUrl(services: PostImportServices, viewer: Viewer, url: string): Promise<TrackPostResult> {
  const recognized = recognizeOrThrow(url);
  const job: PostImportJob = { url: recognized.normalizedUrl, networkId: recognized.networkId, externalId: recognized.externalId };
  const request = { networkId: job.networkId, externalId: job.externalId, userId: viewer.user.id, url: job.url };
  const { em } = services;

  const waiting = waitForImportOutcome(services.pubsub, job, services.fastPathMs);
  const existing = await em.findOne(Post, { network: job.networkId, externalId: job.externalId, importStatus: 'imported' });
  if (existing) {
    waiting.cancel();
    const visible = await findVisiblePost(em, viewer, existing.id);
    if (!visible) return answerAsMissingLink(em, request);
    await recordTrackRequest(em, { ...request, postId: existing.id, status: 'answered' });
    return { outcome: 'EXISTING', post: visible, url: job.url };
  }

  await recordTrackRequest(em, { ...request, postId: null, status: 'pending' });
  await enqueuePostImport(services.boss, job);
  const outcome = await waiting.outcome;
  if (outcome === null) return { outcome: 'QUEUED', post: null, url: job.url };

  if (outcome.status === 'failed') {
    await recordTrackRequest(em, { ...request, postId: null, status: 'failed' });
    throw importFailureError(outcome.message, job.url);
  }
  await recordTrackRequest(em, { ...request, postId: outcome.postId, status: 'answered' });
  return { outcome: 'IMPORTED', post: await findVisiblePost(em, viewer, outcome.postId), url: job.url };
}

/**
 * Someone else's private post or story must not show that it exists (docs/product.md §Privacy):
 * the viewer gets what a link the network does not know gets, in the same steps. Its import
 * fails as "not found", which leaves a failed request in their Content Manager and no
 * notification (the failure was answered directly), and so does this, without reaching the
 * network. The request stays unlinked to the post, so nothing can later point them at it.
 */
async function answerAsMissingLink(em: EntityManager, request: { networkId: PostImportJob['networkId']; externalId: string; userId: number; url: string }): Promise<never> {
  await recordTrackRequest(em, { ...request, postId: null, status: 'failed' });
  throw importFailureError(MISSING_POST_MESSAGE, request.url);
}
