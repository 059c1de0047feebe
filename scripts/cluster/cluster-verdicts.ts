/**
 * The four things the cluster check asserts, each worked out from what an outsider can see: the
 * database, the mail that arrived, what the subscribers received, and both ends' records of
 * every request.
 */
import type pg from 'pg';
import type { SmtpCapture } from '../../server/src/test-support/smtp-capture.js';
import type { BurstResult } from './burst.js';
import type { Progress } from './cluster-check.js';
import type { ClusterClient } from './cluster-client.js';
import { creditMails, type Settling } from './cluster-settling.js';
import type { LiveSubscription } from './live-subscription.js';
import type { Person } from './people.js';
import type { RoundRobinProxy } from './round-robin-proxy.js';

export interface CheckResult {
  name: string;
  ok: boolean;
  detail: string;
}

export interface ClusterEvidence {
  db: pg.Pool;
  links: string[];
  bulkImportId: string;
  client: ClusterClient;
  proxy: RoundRobinProxy;
  importer: Person;
  mail: SmtpCapture;
  progress: LiveSubscription<Progress>;
  counts: LiveSubscription<{ new: number }>;
  burst: BurstResult;
  /** Null when nobody was killed. */
  victim: string | null;
  killedAt: number | null;
  /** When the killed process was gone: a request on it until then was in flight at the kill. */
  exitedAt: number | null;
  settling: Settling;
}

export const CHECK_NAMES = {
  links: 'every link imported exactly once',
  notifications: 'every notification and mail exactly once',
  live: 'every live count still live',
  requests: 'no request lost but those in flight on the killed process',
} as const;

export async function judgeCluster(evidence: ClusterEvidence): Promise<CheckResult[]> {
  return [await judgeLinks(evidence), await judgeNotifications(evidence), judgeLiveCounts(evidence), judgeRequests(evidence)];
}

const BULK_IMPORT = 'query($id: ID!) { bulkImport(id: $id) { total finished done counts { queued imported failed } } }';

async function judgeLinks({ db, links, bulkImportId, client, importer, settling }: ClusterEvidence): Promise<CheckResult> {
  const { rows } = await db.query<{ posts: string; identities: string; imported: string }>(
    `select count(*) as posts, count(distinct (network_id, external_id)) as identities, count(*) filter (where import_status = 'imported') as imported
       from posts where network_id = 5 and external_id like '77%'`,
  );
  const posts = Number(rows[0]!.posts);
  const identities = Number(rows[0]!.identities);
  const { rows: retried } = await db.query<{ n: string }>(`select count(*) as n from pgboss.job where name = 'post-import' and retry_count > 0`);
  const answer = await client.graphql<{ bulkImport: { done: boolean; counts: { queued: number; imported: number; failed: number } } | null }>('bulkImport', BULK_IMPORT, { id: bulkImportId }, importer.token);
  const bulk = answer.body?.data?.bulkImport ?? null;
  const ok = settling.importSettledAt !== null && posts === links.length && identities === links.length && bulk?.done === true && bulk.counts.imported === links.length;
  const bulkSays = bulk ? `bulk import ${bulk.done ? 'done' : 'not done'}: ${bulk.counts.imported} imported, ${bulk.counts.failed} failed, ${bulk.counts.queued} queued` : `bulk import unreadable (${answer.request.detail})`;
  return {
    name: CHECK_NAMES.links,
    ok,
    detail: `${links.length} links → ${posts} post rows (${identities} distinct); ${bulkSays}; ${retried[0]!.n} import jobs retried${settling.importSettledAt === null ? '; the import never settled' : ''}`,
  };
}

async function judgeNotifications({ db, burst, mail, settling }: ClusterEvidence): Promise<CheckResult> {
  const { rows: repeats } = await db.query<{ n: string }>(
    `select count(*) as n from (select 1 from notifications group by user_id, kind, link, credit_id having count(*) > 1) repeated`,
  );
  const { rows: perCredit } = await db.query<{ credits: string; notifications: string; unmatched: string }>(
    `select count(*) as credits,
            (select count(*) from notifications where kind = 'credit_added') as notifications,
            count(*) filter (where (select count(*) from notifications n where n.credit_id = c.id and n.kind = 'credit_added') <> 1) as unmatched
       from credits c where c.user_id is not null`,
  );
  const credits = Number(perCredit[0]!.credits);
  const creditNotifications = Number(perCredit[0]!.notifications);
  const unmatched = Number(perCredit[0]!.unmatched);
  const { rows: imports } = await db.query<{ n: string }>(`select count(*) as n from notifications where kind = 'post_imported'`);
  const mails = creditMails(mail);
  const distinctMails = new Set(mails.map((message) => `${message.to.join(',')}\n${message.subject}\n${message.text}`)).size;
  const { rows: answered } = await db.query<{ n: string }>(
    `select count(*) as n from credits c join json_to_recordset($1::json) as a(post_id int, user_id int) on a.post_id = c.post_id and a.user_id = c.user_id`,
    [JSON.stringify(burst.creditsAdded.map((credit) => ({ post_id: credit.postId, user_id: credit.userId })))],
  );
  const answeredStored = Number(answered[0]!.n);
  const ok =
    Number(repeats[0]!.n) === 0 &&
    unmatched === 0 &&
    creditNotifications === credits &&
    answeredStored === burst.creditsAdded.length &&
    settling.mailsDelivered &&
    mails.length === credits &&
    distinctMails === mails.length;
  return {
    name: CHECK_NAMES.notifications,
    ok,
    detail:
      `${credits} credits (${burst.creditsAdded.length} answered, ${answeredStored} of them stored) → ${creditNotifications} credit notifications, ${unmatched} credits without exactly one; ` +
      `${imports[0]!.n} "post ready" notifications; ${Number(repeats[0]!.n)} repeated notifications; ${mails.length} credit mails (${distinctMails} distinct)`,
  };
}

function judgeLiveCounts({ proxy, progress, counts, victim, killedAt, exitedAt, settling }: ClusterEvidence): CheckResult {
  const afterKill = exitedAt ?? -Infinity;
  const describe = (subscription: LiveSubscription<unknown>, reached: boolean, what: string) => {
    const sockets = proxy.sockets.filter((socket) => socket.id === subscription.socketId);
    const first = sockets[0];
    const replacement = killedAt === null ? null : sockets.find((socket) => socket.openedAt >= killedAt && socket.backend !== null);
    const valuesAfter = subscription.values.filter((entry) => entry.at > afterKill).length;
    const moved = victim === null || (first?.backend === victim && replacement !== undefined && replacement !== null && replacement.backend !== victim);
    const ok = reached && moved && valuesAfter > 0 && subscription.errors.length === 0;
    const path = victim === null ? `on ${first?.backend ?? '?'}` : `${first?.backend ?? '?'} → ${replacement?.backend ?? 'no new socket'}`;
    return { ok, text: `${what} ${path}, ${valuesAfter} values${victim === null ? '' : ' after the kill'}${subscription.errors.length ? `, errors: ${subscription.errors.join('; ')}` : ''}` };
  };
  const lastProgress = progress.values.at(-1)?.value;
  const progressText = describe(progress, settling.progressDone !== null, `bulk import progress (last ${lastProgress ? `${lastProgress.finished}/${lastProgress.total}${lastProgress.done ? ' done' : ''}` : 'none'})`);
  const lastCount = counts.values.at(-1)?.value.new;
  const countsText = describe(counts, settling.countReached !== null, `notification count (last ${lastCount ?? 'none'}, database ${settling.countInDatabase})`);
  return { name: CHECK_NAMES.live, ok: progressText.ok && countsText.ok, detail: `${progressText.text}; ${countsText.text}` };
}

function judgeRequests({ client, proxy, victim, killedAt, exitedAt }: ClusterEvidence): CheckResult {
  const sent = client.requests.length;
  const ok = client.requests.filter((request) => request.outcome === 'ok').length;
  const refused = client.requests.filter((request) => request.outcome === 'refused');
  const lost = client.requests.filter((request) => request.outcome === 'lost');
  const unanswered = client.requests.filter((request) => request.outcome === null);
  const byId = new Map(proxy.requests.map((record) => [record.id, record]));
  // In flight at the kill: it went to the killed process, before that process was gone, and was not answered before the kill.
  const unexplained = lost.filter((request) => {
    const record = byId.get(request.id);
    if (!record || victim === null || killedAt === null || exitedAt === null) return true;
    return record.backend !== victim || record.startedAt > exitedAt || (record.endedAt !== null && record.endedAt < killedAt);
  });
  const afterExit = exitedAt === null ? 0 : client.requests.filter((request) => request.sentAt > exitedAt).length;
  const refusedBy = proxy.requests.filter((record) => record.refusedBy.length > 0).length;
  const detail =
    `${sent} sent, ${ok} answered, ${lost.length} lost (${lost.length - unexplained.length} in flight on ${victim ?? 'nobody'} at the kill), ${refused.length} refused by the app, ${unanswered.length} never answered; ` +
    `${afterExit} sent after the kill, ${refusedBy} rerouted past the dead process` +
    (refused.length ? `; refused: ${refused.slice(0, 3).map((request) => `${request.label}: ${request.detail}`).join(' | ')}` : '') +
    (unexplained.length ? `; unexplained: ${unexplained.slice(0, 3).map((request) => `${request.label} ${request.id}: ${request.detail}`).join(' | ')}` : '');
  return { name: CHECK_NAMES.requests, ok: refused.length === 0 && unexplained.length === 0 && unanswered.length === 0, detail };
}
