/**
 * Waits until the cluster has nothing left to do: every link imported and no import job left,
 * the burst over, every credit mail delivered, and both subscribers told the final numbers. Each
 * wait has a deadline generous enough for a busy machine and for a dead process's jobs to be
 * noticed and retried; one that passes is reported, not thrown, so the report says what is stuck.
 */
import type pg from 'pg';
import type { SmtpCapture } from '../../server/src/test-support/smtp-capture.js';
import type { Progress } from './cluster-check.js';
import type { LiveSubscription, LiveValue } from './live-subscription.js';
import type { Person } from './people.js';
import { waitUntil, withinDeadline } from './wait-until.js';

export interface Settling {
  /** When the last link was imported and no import job was left; null if that never happened. */
  importSettledAt: number | null;
  burstEnded: boolean;
  mailsDelivered: boolean;
  /** The subscriber's value saying the bulk import is done, if it came. */
  progressDone: LiveValue<Progress> | null;
  /** The count subscriber's holder's count of new notifications in the database, and whether the subscriber reached it. */
  countInDatabase: number;
  countReached: LiveValue<{ new: number }> | null;
}

/** Before the kill's jobs are retried: the queue's heartbeat or expiry, its supervision pass, back-off. */
const IMPORT_DEADLINE_MS = 240_000;
/**
 * For what follows the imports. A mail job the killed process held is retried only after its
 * heartbeat lapses, the queue's supervision notices, and a 30 s retry delay: over a minute on a
 * busy machine. A deadline, not a wait: each step returns as soon as it is met.
 */
const LATER_DEADLINE_MS = 150_000;

export async function settleCluster(options: {
  db: pg.Pool;
  links: number;
  now: () => number;
  importedCount: () => Promise<number>;
  progress: LiveSubscription<Progress>;
  counts: LiveSubscription<{ new: number }>;
  countsHolder: Person;
  mail: SmtpCapture;
  burst: Promise<void>;
  onImported: () => void;
}): Promise<Settling> {
  const { db } = options;
  const imported = await waitUntil(async () => (await options.importedCount()) === options.links && (await unfinishedJobs(db, 'post-import')) === 0, {
    deadlineMs: IMPORT_DEADLINE_MS,
    intervalMs: 200,
  });
  const importSettledAt = imported ? options.now() : null;
  options.onImported();
  const burstEnded = (await withinDeadline(options.burst.then(() => true), LATER_DEADLINE_MS)) ?? false;

  const mailsDelivered = await waitUntil(
    async () => (await unfinishedJobs(db, 'credit-mail')) === 0 && creditMails(options.mail).length >= (await creditCount(db)),
    { deadlineMs: LATER_DEADLINE_MS, intervalMs: 200 },
  );
  const progressDone = await withinDeadline(
    options.progress.waitFor((value) => value.done && value.finished === options.links),
    LATER_DEADLINE_MS,
  );
  const countInDatabase = Number((await db.query<{ n: string }>(`select count(*) as n from notifications where user_id = $1 and status = 'new'`, [options.countsHolder.userId])).rows[0]!.n);
  const countReached = await withinDeadline(
    options.counts.waitFor((value) => value.new === countInDatabase),
    LATER_DEADLINE_MS,
  );
  return { importSettledAt, burstEnded, mailsDelivered, progressDone, countInDatabase, countReached };
}

/** Jobs of a queue still to run or running (a dead process's claimed jobs stay `active` until noticed). */
export async function unfinishedJobs(db: pg.Pool, queue: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')`, [queue]);
  return Number(rows[0]!.n);
}

/** Credits given to members (each one notifies and mails its person). */
export async function creditCount(db: pg.Pool): Promise<number> {
  const { rows } = await db.query<{ n: string }>('select count(*) as n from credits where user_id is not null');
  return Number(rows[0]!.n);
}

export function creditMails(mail: SmtpCapture): SmtpCapture['messages'] {
  return mail.messages.filter((message) => / credited you as /.test(message.subject));
}
