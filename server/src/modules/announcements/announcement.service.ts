import type { EntityManager } from '@mikro-orm/postgresql';
import { fromKysely, type KyselyTransactionLike, type PgBoss } from 'pg-boss';
import { ANNOUNCEMENT_BATCH_SIZE, announcementProblems, normalizedAnnouncement, type AnnouncementDraft } from '../../../../domain/announcements.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { renderMarkdown } from '../content/index.js';
import { notifyProductNews } from '../notifications/index.js';
import { User, type Viewer } from '../users/index.js';
import { Announcement } from './announcement.entity.js';

/** The pg-boss queue whose jobs deliver one announcement each. */
export const ANNOUNCEMENT_QUEUE = 'announcement-delivery';

/** An announcement as it will read: the body rendered as the blog renders Markdown (raw HTML escaped). */
export interface AnnouncementPreviewView {
  title: string;
  bodyHtml: string;
  link: string | null;
}

/** The draft trimmed and checked; the first problem is refused with the field it is about. */
function checkedDraft(draft: AnnouncementDraft): AnnouncementDraft {
  const problems = announcementProblems(draft);
  const field = (['title', 'body', 'link'] as const).find((name) => problems[name]);
  if (field) throw new InvalidInput(problems[field]!, { field });
  return normalizedAnnouncement(draft);
}

export function previewAnnouncement(draft: AnnouncementDraft): AnnouncementPreviewView {
  const { title, body, link } = checkedDraft(draft);
  return { title, bodyHtml: renderMarkdown(body), link: link === '' ? null : link };
}

/**
 * Stores the announcement and writes its delivery job in the same transaction (outbox): the
 * request does no per-account work, and a crash leaves either both or neither.
 */
export async function sendAnnouncement(em: EntityManager, boss: PgBoss, viewer: Viewer, draft: AnnouncementDraft): Promise<Announcement> {
  const { title, body, link } = checkedDraft(draft);
  return em.transactional(async (tx) => {
    const announcement = tx.create(Announcement, { title, body, link: link === '' ? null : link, createdBy: tx.getReference(User, viewer.user.id, { wrapped: true }) });
    await tx.flush();
    recordAudit(tx, auditViewer(viewer), { action: 'create', target: 'announcements', targetId: announcement.id, fields: { title } });
    const context = tx.getTransactionContext<KyselyTransactionLike>();
    if (!context) throw new Error('announcement jobs must be written inside a transaction');
    await boss.insert(ANNOUNCEMENT_QUEUE, [{ data: { announcementId: announcement.id }, singletonKey: String(announcement.id) }], { db: fromKysely(context) });
    await tx.flush();
    return announcement;
  });
}

interface LockedAnnouncement {
  title: string;
  link: string | null;
  status: string;
  delivered_through: number;
}

/**
 * Tells the next batch of accounts (by id, after the last one done) in one transaction, under the
 * announcement's row lock: a second worker on the same announcement waits, then reads where the
 * first stopped, so nobody is told twice (and the notifications' unique index would refuse it).
 * Answers whether accounts may remain.
 */
export async function deliverAnnouncementBatch(em: EntityManager, announcementId: number, batchSize = ANNOUNCEMENT_BATCH_SIZE): Promise<boolean> {
  return em.transactional(async (tx) => {
    const [announcement] = await tx.execute<LockedAnnouncement[]>(`select "title", "link", "status", "delivered_through" from "announcements" where "id" = ? for update`, [announcementId]);
    if (!announcement || announcement.status === 'sent') return false;
    const after = Number(announcement.delivered_through);
    const people = await tx.execute<Array<{ id: number }>>(`select "id" from "users" where "id" > ? order by "id" limit ?`, [after, batchSize]);
    if (people.length === 0) {
      await tx.execute(`update "announcements" set "status" = 'sent', "sent_at" = now() where "id" = ?`, [announcementId]);
      return false;
    }
    const ids = people.map((person) => Number(person.id));
    const told = await notifyProductNews(tx, ids, { announcementId, message: announcement.title, link: announcement.link });
    await tx.execute(`update "announcements" set "delivered_through" = ?, "reached_count" = "reached_count" + ? where "id" = ?`, [ids[ids.length - 1], told, announcementId]);
    return true;
  });
}

/** Delivers an announcement to every account, batch after batch, until none is left. */
export async function deliverAnnouncement(em: EntityManager, announcementId: number, batchSize = ANNOUNCEMENT_BATCH_SIZE): Promise<void> {
  while (await deliverAnnouncementBatch(em.fork(), announcementId, batchSize));
}

/** Sent announcements, newest first (the admin page's list). */
export function listAnnouncements(em: EntityManager, page: KeysetPage): Promise<Connection<Announcement>> {
  return findConnection(
    page,
    'desc',
    (window) => em.find(Announcement, window.idCondition ? { id: window.idCondition } : {}, { orderBy: { id: window.orderBy }, limit: window.limit }),
    () => em.count(Announcement, {}),
  );
}

export function renderAnnouncementBody(announcement: { body: string }): string {
  return renderMarkdown(announcement.body);
}
