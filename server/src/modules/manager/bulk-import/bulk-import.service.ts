import type { EntityManager } from '@mikro-orm/postgresql';
import { BULK_IMPORT_MAX_LINKS } from '../../../../../domain/constants.js';
import { MESSAGES } from '../../../../../domain/messages.js';
import { recognizePostUrl } from '../../../../../domain/url-recognition.js';
import { InvalidInput } from '../../../errors/app-errors.js';
import type { PostgresPubSub } from '../../../pubsub/postgres-pubsub.js';
import type { Viewer } from '../../users/viewer.js';
import { importTopic, type ImportOutcome } from '../../posts/import/tracking/post-import.outcome.js';
import { MISSING_POST_MESSAGE } from '../../posts/import/tracking/post-import.errors.js';
import { enqueuePostImport, importKey, type PostImportJob } from '../../posts/import/tracking/post-import.queue.js';
import type { PostImportServices } from '../../posts/import/tracking/post-import.service.js';
import { recordTrackRequest } from '../../posts/import/tracking/post-track-request.js';
import { visiblePostSql } from '../posts/my-posts.sql.js';
import type { BulkImport, BulkImportItem, BulkImportOutcome } from './bulk-import.types.js';

const MAX_URL_LENGTH = 2_048;
/** How long the process that took the import listens for its outcomes (imports retry for a few minutes at most). */
const LISTEN_FOR_MS = 15 * 60 * 1000;

/** Per person: a subscription takes no arguments (the fuzz test cannot reach WebSocket ones), so it follows all of theirs. */
export function bulkImportTopic(userId: number): string {
  return `bulk-imports:${userId}`;
}

interface BulkImportChange {
  bulkImportId: number;
}

interface PlannedItem {
  position: number;
  url: string;
  job: PostImportJob | null;
  outcome: BulkImportOutcome;
  message: string | null;
  postId: number | null;
}

/** Recognises every link; repeats of a post (in any form of its link) are duplicates of the first. */
function planItems(urls: readonly string[]): PlannedItem[] {
  const seen = new Set<string>();
  return urls.map((raw, index) => {
    const url = raw.trim();
    const base = { position: index + 1, url, job: null, postId: null };
    const recognized = recognizePostUrl(url);
    if (!recognized.ok) {
      const message = recognized.error.reason === 'platform_not_supported' ? MESSAGES.platformNotSupported : MESSAGES.invalidUrl;
      return { ...base, outcome: 'invalid', message };
    }
    const job: PostImportJob = { url: recognized.value.normalizedUrl, networkId: recognized.value.networkId, externalId: recognized.value.externalId };
    if (seen.has(importKey(job))) return { ...base, job, outcome: 'duplicate', message: null };
    seen.add(importKey(job));
    return { ...base, job, outcome: 'queued', message: null };
  });
}

function checkLinks(urls: readonly string[]): string[] {
  const links = urls.map((url) => url.trim()).filter((url) => url.length > 0);
  if (links.length === 0) throw new InvalidInput('Paste at least one link');
  if (links.length > BULK_IMPORT_MAX_LINKS) throw new InvalidInput(`A bulk import takes at most ${BULK_IMPORT_MAX_LINKS} links`);
  if (links.some((url) => url.length > MAX_URL_LENGTH)) throw new InvalidInput(MESSAGES.invalidUrl);
  return links;
}

/**
 * Imports many links through the same queue as the track box (one job per post, whoever asks):
 * posts Byline has become the viewer's at once; new ones are queued. Their outcomes are stored
 * per link and announced on the bulk import's topic, which bulkImportProgress follows.
 */
export async function startBulkImport(services: PostImportServices, viewer: Viewer, urls: readonly string[]): Promise<BulkImport> {
  const { em } = services;
  const items = planItems(checkLinks(urls));
  const userId = viewer.user.id;
  const candidates = items.filter((item) => item.outcome === 'queued');

  // The posts Byline already has, in one statement, with the post page's visibility rule.
  const existing = new Map<string, { id: number; visible: boolean }>();
  if (candidates.length) {
    const visible = visiblePostSql(viewer);
    const identities = JSON.stringify(candidates.map((item) => ({ network_id: item.job!.networkId, external_id: item.job!.externalId })));
    // Matched on (network_id, external_id): the posts' unique index answers each link.
    const rows = await em.execute<Array<{ id: number; network_id: number; external_id: string; visible: boolean }>>(
      `select p.id, p.network_id, p.external_id, ${visible.sql} as visible
         from json_to_recordset(?::json) as t(network_id smallint, external_id varchar)
         join posts p on p.network_id = t.network_id and p.external_id = t.external_id
        where p.import_status = 'imported'`,
      [...visible.params, identities],
    );
    for (const row of rows) existing.set(`${row.network_id}:${row.external_id}`, { id: row.id, visible: row.visible });
  }

  const bulkImportId = await em.transactional(async (tx) => {
    const [created] = (await tx.execute<Array<{ id: number }>>('insert into bulk_imports (user_id, total) values (?, ?) returning id', [userId, items.length])) as [{ id: number }];
    for (const item of candidates) {
      const job = item.job!;
      const found = existing.get(importKey(job));
      const request = { networkId: job.networkId, externalId: job.externalId, userId, url: job.url };
      if (found?.visible) {
        item.outcome = 'existing';
        item.postId = found.id;
        await recordTrackRequest(tx, { ...request, postId: found.id, status: 'answered' });
      } else {
        // New to Byline, or someone else's private post (settled below as "not found").
        await recordTrackRequest(tx, { ...request, postId: null, status: 'pending' });
      }
    }
    await tx.execute(
      `insert into bulk_import_items (bulk_import_id, position, url, network_id, external_id, outcome, message, post_id)
       select ?, * from json_to_recordset(?::json) as t(position int, url text, network_id smallint, external_id varchar, outcome varchar, message text, post_id int)`,
      [
        created.id,
        JSON.stringify(
          items.map((item) => ({ position: item.position, url: item.url, network_id: item.job?.networkId ?? null, external_id: item.job?.externalId ?? null, outcome: item.outcome, message: item.message, post_id: item.postId })),
        ),
      ],
    );
    return created.id;
  });

  const queued = items.filter((item) => item.outcome === 'queued');
  const hidden = queued.filter((item) => existing.has(importKey(item.job!)));
  const toImport = queued.filter((item) => !existing.has(importKey(item.job!)));
  const record = outcomeRecorder(services.em.fork(), services.pubsub, viewer, bulkImportId);
  // Subscribe before enqueueing, so an import finishing at once is not missed.
  if (toImport.length) listenForOutcomes(services.pubsub, record, toImport.map((item) => item.job!));
  for (const item of toImport) await enqueuePostImport(services.boss, item.job!);
  const answer = (await loadBulkImport(em, viewer, bulkImportId))!;
  // Someone else's private post or story goes the way of a link the network does not know
  // (docs/product.md §Privacy): queued in the answer, then failed as "not found", announced like
  // any outcome. Without reaching the network, and after the answer is read, so it says "queued".
  for (const item of hidden) void record(item.job!, { status: 'failed', message: MISSING_POST_MESSAGE });
  return answer;
}

type OutcomeRecorder = (job: PostImportJob, outcome: ImportOutcome) => Promise<void>;

/**
 * Stores each outcome on its links (and on the viewer's track request, as the track box's fast
 * path does), then announces the progress; one at a time, in the order they came.
 */
function outcomeRecorder(em: EntityManager, pubsub: PostgresPubSub, viewer: Viewer, bulkImportId: number): OutcomeRecorder {
  let chain: Promise<void> = Promise.resolve();
  return (job, outcome) =>
    (chain = chain
      .then(() => settleItem(em, viewer, bulkImportId, job, outcome))
      .then(() => pubsub.publish(bulkImportTopic(viewer.user.id), { bulkImportId } satisfies BulkImportChange))
      .catch(() => undefined));
}

/** Hands each import's outcome, as it is announced, to `record`. */
function listenForOutcomes(pubsub: PostgresPubSub, record: OutcomeRecorder, jobs: PostImportJob[]): void {
  let remaining = jobs.length;
  const streams = jobs.map((job) => ({ job, events: pubsub.subscribe<ImportOutcome>(importTopic(job)) }));
  const stopAll = () => {
    for (const stream of streams) void stream.events.return?.();
  };
  const timer = setTimeout(stopAll, LISTEN_FOR_MS);
  timer.unref();
  for (const { job, events } of streams) {
    void events.next().then((result) => {
      void events.return?.();
      if (result.done) return;
      void record(job, result.value).finally(() => {
        remaining -= 1;
        if (remaining === 0) clearTimeout(timer);
      });
    });
  }
}

async function settleItem(em: EntityManager, viewer: Viewer, bulkImportId: number, job: PostImportJob, outcome: ImportOutcome): Promise<void> {
  const request = { networkId: job.networkId, externalId: job.externalId, userId: viewer.user.id, url: job.url };
  await em.transactional(async (tx) => {
    if (outcome.status === 'imported') {
      await recordTrackRequest(tx, { ...request, postId: outcome.postId, status: 'answered' });
    } else {
      await recordTrackRequest(tx, { ...request, postId: null, status: 'failed' });
      // The Content Manager shows why: keep the reason on the request too.
      await tx.execute('update post_track_requests set message = ? where user_id = ? and network_id = ? and external_id = ?', [outcome.message, viewer.user.id, job.networkId, job.externalId]);
    }
    await tx.execute(
      `update bulk_import_items set outcome = ?, message = ?, post_id = ?, updated_at = now()
        where bulk_import_id = ? and network_id = ? and external_id = ? and outcome = 'queued'`,
      [outcome.status, outcome.status === 'failed' ? outcome.message : null, outcome.status === 'imported' ? outcome.postId : null, bulkImportId, job.networkId, job.externalId],
    );
  });
}

/**
 * A bulk import of the viewer's (null for anyone else's), in one statement. A link still marked
 * queued whose post has since landed counts as imported (its outcome may have been announced
 * while no process of ours listened), if the viewer may see that post.
 */
export async function loadBulkImport(em: EntityManager, viewer: Viewer, bulkImportId: number): Promise<BulkImport | null> {
  const visible = visiblePostSql(viewer);
  const rows = await em.execute<Array<{ total: number; created_at: Date | string; position: number | null; url: string | null; outcome: BulkImportOutcome | null; message: string | null; post_id: number | null }>>(
    `select b.total, b.created_at, i.position, i.url,
            case when i.outcome = 'queued' and p.id is not null then 'imported' else i.outcome end as outcome,
            i.message, coalesce(i.post_id, p.id) as post_id
       from bulk_imports b
       left join bulk_import_items i on i.bulk_import_id = b.id
       left join posts p on i.outcome = 'queued' and p.network_id = i.network_id and p.external_id = i.external_id and p.import_status = 'imported'
                        and ${visible.sql}
      where b.id = ? and b.user_id = ?
      order by i.position`,
    [...visible.params, bulkImportId, viewer.user.id],
  );
  const first = rows[0];
  if (!first) return null;
  const items: BulkImportItem[] = rows
    .filter((row) => row.position !== null)
    .map((row) => ({ position: row.position!, url: row.url!, outcome: row.outcome!, message: row.message, postDatabaseId: row.post_id }));
  const counts = { queued: 0, existing: 0, imported: 0, failed: 0, duplicate: 0, invalid: 0 };
  for (const item of items) counts[item.outcome] += 1;
  const finished = items.length - counts.queued;
  return { id: bulkImportId, total: first.total, finished, done: counts.queued === 0, counts, items, createdAt: new Date(first.created_at) };
}

/**
 * The viewer's latest bulk import now, then a bulk import of theirs again each time one of its
 * links settles (a client follows the one it started by its id).
 */
export async function* viewerBulkImportProgress(em: EntityManager, pubsub: PostgresPubSub, viewer: Viewer): AsyncGenerator<BulkImport> {
  // Subscribe before reading so an outcome in between is not missed.
  const changes = pubsub.subscribe<BulkImportChange>(bulkImportTopic(viewer.user.id));
  try {
    const [latest] = await em.execute<Array<{ id: number }>>('select id from bulk_imports where user_id = ? order by id desc limit 1', [viewer.user.id]);
    const current = latest ? await loadBulkImport(em, viewer, latest.id) : null;
    if (current) yield current;
    for await (const change of changes) {
      const progress = await loadBulkImport(em.fork(), viewer, change.bulkImportId);
      if (progress) yield progress;
    }
  } finally {
    await changes.return?.();
  }
}
