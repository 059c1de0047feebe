import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type KyselyTransactionLike, type PgBoss } from 'pg-boss';
import { NOTIFICATION_DELIVERY_LABELS, NOTIFICATION_PREFERENCE_KIND_LABELS, notificationMailActionLabel, notificationPreferenceKindOf } from '../../../../domain/notification-preferences.js';
import { MAIL_QUEUE, notificationDigestMail, notificationMail, publicLink, type MailMessage, type PreferenceMailFooter } from '../mail/index.js';
import { unsubscribeToken, type UnsubscribeScope } from './unsubscribe-token.js';

/** What a notification mail needs of the configuration. */
export interface NotificationMailConfig {
  publicUrl: string;
  jwtSecret: string;
  /** An address that unsubscribes whoever writes to it, named in `List-Unsubscribe` when set. */
  unsubscribeMailto: string | null;
}

export const NOTIFICATION_SETTINGS_PATH = '/settings/notifications';
/** At most this many mails leave per sweep transaction; the sweep loops until none is owed. */
const SWEEP_BATCH = 50;

export function unsubscribePath(token: string): string {
  return `/unsubscribe/${token}`;
}

/**
 * The one-click unsubscribe headers of RFC 8058: a mail client POSTs
 * `List-Unsubscribe=One-Click` to the https link, which needs no sign-in; the mailto (when an
 * operator configured one) is for clients that only know that form.
 */
export function unsubscribeHeaders(config: NotificationMailConfig, userId: number, scope: UnsubscribeScope): Record<string, string> {
  const url = publicLink(config.publicUrl, unsubscribePath(unsubscribeToken(config.jwtSecret, userId, scope)));
  const mailto = config.unsubscribeMailto ? `, <mailto:${config.unsubscribeMailto}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken(config.jwtSecret, userId, scope)}`)}>` : '';
  return { 'List-Unsubscribe': `<${url}>${mailto}`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function footerFor(config: NotificationMailConfig, userId: number, scope: UnsubscribeScope): PreferenceMailFooter {
  const reason =
    scope === 'digest'
      ? `You get this digest because some of your notifications are set to “${NOTIFICATION_DELIVERY_LABELS.digest}”.`
      : `You get this mail because your ${NOTIFICATION_PREFERENCE_KIND_LABELS[scope]} notifications are set to “${NOTIFICATION_DELIVERY_LABELS.mail_now}”.`;
  return { reason, settingsUrl: publicLink(config.publicUrl, NOTIFICATION_SETTINGS_PATH), unsubscribeUrl: publicLink(config.publicUrl, unsubscribePath(unsubscribeToken(config.jwtSecret, userId, scope))) };
}

/** A notification's link in a mail: a path in the app on the public address; product news may lead elsewhere (an https address). */
function mailLink(config: NotificationMailConfig, link: string | null): string {
  if (link?.startsWith('https://')) return link;
  return publicLink(config.publicUrl, link ?? '/notifications');
}

interface OwedMailRow {
  id: number;
  user_id: number;
  kind: string;
  message: string;
  link: string | null;
  email: string | null;
}

async function insertMails(boss: PgBoss, tx: EntityManager, mails: MailMessage[]): Promise<void> {
  if (mails.length === 0) return;
  const context = tx.getTransactionContext<KyselyTransactionLike>();
  if (!context) throw new Error('notification mails must be written inside a transaction');
  await boss.insert(MAIL_QUEUE, mails.map((mail) => ({ data: { ...mail } })), { db: fromKysely(context) });
}

/**
 * Sends the mails owed at once: each notification's mail job is written to the mail queue in the
 * transaction that marks it mailed (outbox), rows locked with SKIP LOCKED, so two sweeps on two
 * processes never mail one notification twice, and a crash loses none. Answers how many went.
 */
export async function sendOwedNotificationMails(em: EntityManager, boss: PgBoss, config: NotificationMailConfig): Promise<number> {
  let sent = 0;
  for (;;) {
    const batch = await em.transactional(async (tx) => {
      const rows = await tx.execute<OwedMailRow[]>(
        `select n."id", n."user_id", n."kind", n."message", n."link", u."email" from "notifications" n join "users" u on u."id" = n."user_id"
          where n."mail_delivery" = 'now' order by n."id" limit ? for update of n skip locked`,
        [SWEEP_BATCH],
      );
      if (rows.length === 0) return 0;
      const mails: MailMessage[] = [];
      for (const row of rows) {
        const kind = notificationPreferenceKindOf(row.kind);
        if (!row.email || !kind) continue;
        const url = mailLink(config, row.link);
        mails.push({ to: row.email, ...notificationMail({ message: row.message, actionLabel: notificationMailActionLabel(row.kind), url }, footerFor(config, Number(row.user_id), kind)), headers: unsubscribeHeaders(config, Number(row.user_id), kind) });
      }
      await insertMails(boss, tx, mails);
      await tx.execute(`update "notifications" set "mail_delivery" = null where "id" in (?)`, [rows.map((row) => row.id)]);
      return mails.length;
    });
    if (batch === 0) return sent;
    sent += batch;
  }
}

/** One line of the digest: what happened, and where in Byline (a path). */
export interface DigestItem {
  message: string;
  link: string;
}

/**
 * A part of the daily digest that another module fills, under the digest's once-a-day claim
 * (the messages module's unread conversations). The notifications module knows nothing of what
 * is in it: the module hands one in when the digest job starts.
 */
export interface DigestSection {
  /** Its heading in the mail, e.g. "Messages". */
  title: string;
  /** Its part of the subject for `count` items, e.g. "2 unread conversations". */
  summary(count: number): string;
  /** Where the mail's button leads when the digest holds only this section. */
  action: { label: string; link: string };
  /** Everyone who may have something for it: a person with nothing after all gets no mail. */
  peopleWaiting(em: EntityManager): Promise<number[]>;
  /**
   * A person's items, taken inside the digest's transaction: the section locks them and marks
   * them carried, so no later digest (nor a second worker) repeats them.
   */
  take(tx: EntityManager, userId: number): Promise<DigestItem[]>;
}

/**
 * Sends each person with notifications (or another section's items) waiting for the digest one
 * mail with all of them, at most once per UTC day: the (person, day) row is inserted first and a
 * second run, or a second worker at the same time, finds it there (the insert waits for the
 * first transaction) and sends nothing. Answers how many digests went.
 */
export async function sendDailyDigests(em: EntityManager, boss: PgBoss, config: NotificationMailConfig, sections: readonly DigestSection[] = []): Promise<number> {
  const notified = await em.execute<Array<{ user_id: number }>>(`select distinct "user_id" from "notifications" where "mail_delivery" = 'digest'`);
  const people = new Set(notified.map((row) => Number(row.user_id)));
  for (const section of sections) for (const userId of await section.peopleWaiting(em)) people.add(userId);
  let sent = 0;
  for (const userId of [...people].sort((a, b) => a - b)) {
    const went = await em.transactional(async (tx) => {
      const claimed = await tx.execute<Array<{ user_id: number }>>(
        `insert into "notification_digests" ("user_id", "sent_on", "items") values (?, (now() at time zone 'utc')::date, 0) on conflict do nothing returning "user_id"`,
        [userId],
      );
      if (claimed.length === 0) return false;
      const rows = await tx.execute<OwedMailRow[]>(
        `select n."id", n."user_id", n."kind", n."message", n."link", u."email" from "notifications" n join "users" u on u."id" = n."user_id"
          where n."user_id" = ? and n."mail_delivery" = 'digest' order by n."id" for update of n`,
        [userId],
      );
      const taken: Array<{ section: DigestSection; items: DigestItem[] }> = [];
      for (const section of sections) {
        const items = await section.take(tx, userId);
        if (items.length > 0) taken.push({ section, items });
      }
      const itemCount = rows.length + taken.reduce((sum, part) => sum + part.items.length, 0);
      if (itemCount === 0) {
        // Someone turned the digest off (or read everything) since the list was read: no mail, and no day used up.
        await tx.execute(`delete from "notification_digests" where "user_id" = ? and "sent_on" = (now() at time zone 'utc')::date`, [userId]);
        return false;
      }
      const [person] = await tx.execute<Array<{ email: string | null }>>(`select "email" from "users" where "id" = ?`, [userId]);
      const email = person?.email ?? null;
      if (email) {
        const items = rows.map((row) => ({ message: row.message, url: mailLink(config, row.link) }));
        const parts = taken.map(({ section, items: sectionItems }) => ({
          title: section.title,
          summary: section.summary(sectionItems.length),
          items: sectionItems.map((item) => ({ message: item.message, url: publicLink(config.publicUrl, item.link) })),
        }));
        const only = rows.length === 0 && taken.length === 1 ? taken[0]!.section.action : null;
        const action = only ? { label: only.label, url: publicLink(config.publicUrl, only.link) } : { label: 'See all notifications', url: publicLink(config.publicUrl, '/notifications') };
        await insertMails(boss, tx, [{ to: email, ...notificationDigestMail(items, action, footerFor(config, userId, 'digest'), parts), headers: unsubscribeHeaders(config, userId, 'digest') }]);
      }
      if (rows.length > 0) await tx.execute(`update "notifications" set "mail_delivery" = null where "id" in (?)`, [rows.map((row) => row.id)]);
      await tx.execute(`update "notification_digests" set "items" = ?, "sent_at" = now() where "user_id" = ? and "sent_on" = (now() at time zone 'utc')::date`, [itemCount, userId]);
      return email !== null;
    });
    if (went) sent += 1;
  }
  return sent;
}
