import type { EntityManager } from '@mikro-orm/postgresql';
import { BULK_IMPORT_MAX_LINKS } from '../../../../../../domain/constants.js';
import * as MESSAGES from '../../../../../../domain/messages.js';
import { recognizePostUrl } from '../../../../../../domain/url-recognition.js';
import { InvalidInput } from '../../../../errors/app-errors.js';
import { notifyStatement, type PostgresPubSub } from '../../../../pubsub/postgres-pubsub.js';
import type { Viewer } from '../../../users/index.js';
import { MISSING_POST_MESSAGE } from '../tracking/post-import.errors.js';
import { enqueuePostImports, importKey, type PostImportJob } from '../tracking/post-import.queue.js';
import type { PostImportServices } from '../tracking/post-import.service.js';
import { recordTrackRequest } from '../tracking/post-track-request.js';
import { visiblePostSql } from '../../post.policy.js';
import { bulkImportTopic, type BulkImportChange } from './bulk-import-settlement.js';
import { BulkImport, type BulkImportItem, type BulkImportOutcome } from './bulk-import.types.js';

const MAX_URL_LENGTH = 2_048;

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
 * posts Byline has become the viewer's at once; new ones are queued. The worker stores each
 * outcome on its links and announces it on the owner's topic, which bulkImportProgress follows.
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

  const answer = await em.transactional(async (tx) => {
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
    // The answer as written: every link not already a post is queued, hidden ones included.
    const written = (await loadBulkImport(tx, viewer, created.id))!;
    const hidden = candidates.filter((item) => item.outcome === 'queued' && existing.has(importKey(item.job!))).map((item) => item.job!);
    if (hidden.length) await settleHiddenLinks(tx, viewer, created.id, hidden);
    return written;
  });

  // Whichever process runs each import settles its links and announces the progress
  // (bulk-import-settlement.ts): nothing here waits for the outcomes.
  await enqueuePostImports(
    services.boss,
    items.filter((item) => item.outcome === 'queued' && !existing.has(importKey(item.job!))).map((item) => item.job!),
  );
  return answer;
}

/**
 * Someone else's private post or story goes the way of a link the network does not know
 * (docs/product.md §Privacy): queued in the answer, then failed as "not found" with its request,
 * and announced, as the import worker settles a missing link; without reaching the network. In
 * the transaction that wrote the bulk import, so no process can die between the two.
 */
async function settleHiddenLinks(tx: EntityManager, viewer: Viewer, bulkImportId: number, jobs: readonly PostImportJob[]): Promise<void> {
  for (const job of jobs) {
    await recordTrackRequest(tx, { networkId: job.networkId, externalId: job.externalId, userId: viewer.user.id, url: job.url, postId: null, status: 'failed' });
    await tx.execute('update post_track_requests set message = ? where user_id = ? and network_id = ? and external_id = ?', [MISSING_POST_MESSAGE, viewer.user.id, job.networkId, job.externalId]);
    await tx.execute(
      `update bulk_import_items set outcome = 'failed', message = ?, updated_at = now()
        where bulk_import_id = ? and network_id = ? and external_id = ? and outcome = 'queued'`,
      [MISSING_POST_MESSAGE, bulkImportId, job.networkId, job.externalId],
    );
  }
  const { sql, params } = notifyStatement(bulkImportTopic(viewer.user.id), { bulkImportId } satisfies BulkImportChange);
  await tx.execute(sql, params);
}

/** A bulk import of the viewer's (null for anyone else's), in one statement: see loadBulkImports. */
export async function loadBulkImport(em: EntityManager, viewer: Viewer, bulkImportId: number): Promise<BulkImport | null> {
  return (await loadBulkImports(em, viewer, [bulkImportId])).get(bulkImportId) ?? null;
}

type BulkImportRow = {
  bulk_import_id: number;
  total: number;
  created_at: Date | string;
  position: number | null;
  url: string | null;
  outcome: BulkImportOutcome | null;
  message: string | null;
  post_id: number | null;
};

/**
 * The viewer's bulk imports among `bulkImportIds`, by id, in one statement however many are asked
 * for (`nodes(ids:)`); anyone else's are left out. A link still marked queued whose post has since
 * landed counts as imported (its import may have finished while this bulk import's rows were being
 * written, before they could be settled), if the viewer may see that post.
 */
export async function loadBulkImports(em: EntityManager, viewer: Viewer, bulkImportIds: readonly number[]): Promise<Map<number, BulkImport>> {
  const found = new Map<number, BulkImport>();
  if (bulkImportIds.length === 0) return found;
  const visible = visiblePostSql(viewer);
  const rows = await em.execute<BulkImportRow[]>(
    `select b.id as bulk_import_id, b.total, b.created_at, i.position, i.url,
            case when i.outcome = 'queued' and p.id is not null then 'imported' else i.outcome end as outcome,
            i.message, coalesce(i.post_id, p.id) as post_id
       from bulk_imports b
       left join bulk_import_items i on i.bulk_import_id = b.id
       left join posts p on i.outcome = 'queued' and p.network_id = i.network_id and p.external_id = i.external_id and p.import_status = 'imported'
                        and ${visible.sql}
      where b.id in (?) and b.user_id = ?
      order by b.id, i.position`,
    [...visible.params, [...bulkImportIds], viewer.user.id],
  );
  const rowsByImport = new Map<number, BulkImportRow[]>();
  for (const row of rows) {
    const id = Number(row.bulk_import_id);
    const importRows = rowsByImport.get(id);
    if (importRows) importRows.push(row);
    else rowsByImport.set(id, [row]);
  }
  for (const [id, importRows] of rowsByImport) found.set(id, bulkImportOf(id, importRows));
  return found;
}

/**
 * One bulk import from its rows (one per link, ordered by position). An instance of its GraphQL
 * class, not a plain object: `node(id:)` tells which type implements Node by its class.
 */
function bulkImportOf(id: number, rows: readonly BulkImportRow[]): BulkImport {
  const first = rows[0]!;
  const items: BulkImportItem[] = rows
    .filter((row) => row.position !== null)
    .map((row) => ({ position: row.position!, url: row.url!, outcome: row.outcome!, message: row.message, postDatabaseId: row.post_id }));
  const counts = { queued: 0, existing: 0, imported: 0, failed: 0, duplicate: 0, invalid: 0 };
  for (const item of items) counts[item.outcome] += 1;
  const finished = items.length - counts.queued;
  return Object.assign(new BulkImport(), { id, total: first.total, finished, done: counts.queued === 0, counts, items, createdAt: new Date(first.created_at) });
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
