import type { EntityManager } from '@mikro-orm/postgresql';
import type { NotificationStatus } from '../../../../domain/enums.js';
import { readRows } from '../../db/prepared-read.js';
import { timestampFromColumn } from '../../db/references.js';
import type { IdWindow } from '../../graphql/pagination.js';

/**
 * What the GraphQL `Notification` type reads of a notification: a `Notification` entity fits, and
 * so does a row read for the list only (`findNotificationViews`), which skips the ORM's hydration
 * and identity map (a page of notifications as entities was a tenth of its request's CPU).
 */
export interface NotificationView {
  id: number;
  kind: string;
  message: string;
  link: string | null;
  credit: { id: number } | null;
  status: NotificationStatus;
  createdAt: Date;
}

interface NotificationColumns {
  id: number;
  kind: string;
  message: string;
  link: string | null;
  credit_id: number | null;
  status: NotificationStatus;
  created_at: string | Date;
}

const SELECT = `select n."id", n."kind", n."message", n."link", n."credit_id", n."status", n."created_at" from "notifications" n where n."user_id" = ?`;
// One statement text per keyset window: newest or oldest first, from the start or past a cursor.
const statement = (order: 'asc' | 'desc', past: '<' | '>' | null) => `${SELECT}${past ? ` and n."id" ${past} ?` : ''} order by n."id" ${order} limit ?`;
const STATEMENTS = new Map(
  (['asc', 'desc'] as const).flatMap((order) => ([null, '<', '>'] as const).map((past) => [`${order}${past ?? ''}`, statement(order, past)] as const)),
);

function notificationViewFromColumns(row: NotificationColumns): NotificationView {
  return {
    id: Number(row.id),
    kind: row.kind,
    message: row.message,
    link: row.link,
    credit: row.credit_id === null ? null : { id: Number(row.credit_id) },
    status: row.status,
    createdAt: timestampFromColumn(row.created_at),
  };
}

/** One keyset window of a user's notifications, as plain rows. */
export async function findNotificationViews(em: EntityManager, userId: number, { idCondition, orderBy, limit }: IdWindow): Promise<NotificationView[]> {
  const past = idCondition === undefined ? null : '$lt' in idCondition ? { op: '<' as const, id: idCondition.$lt } : { op: '>' as const, id: idCondition.$gt };
  const sql = STATEMENTS.get(`${orderBy}${past?.op ?? ''}`) as string;
  const rows = await readRows<NotificationColumns>(em, sql, past ? [userId, past.id, limit] : [userId, limit]);
  return rows.map(notificationViewFromColumns);
}
