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
  projectCollaboratorId: number | null;
  projectDeliverableId: number | null;
  announcementId: number | null;
  status: NotificationStatus;
  createdAt: Date;
}

interface NotificationColumns {
  id: number;
  kind: string;
  message: string;
  link: string | null;
  credit_id: number | null;
  project_collaborator_id: number | null;
  project_deliverable_id: number | null;
  announcement_id: number | null;
  status: NotificationStatus;
  created_at: string | Date;
}

const COLUMNS = `n."id", n."kind", n."message", n."link", n."credit_id", n."project_collaborator_id", n."project_deliverable_id", n."announcement_id", n."status", n."created_at"`;

/** Columns another module reads into each notification's row, by a join after `from "notifications" n`. */
export interface JoinedToNotifications {
  columns: string;
  sql: string;
  params: unknown[];
}

function notificationViewFromColumns(row: NotificationColumns): NotificationView {
  return {
    id: Number(row.id),
    kind: row.kind,
    message: row.message,
    link: row.link,
    credit: row.credit_id === null ? null : { id: Number(row.credit_id) },
    projectCollaboratorId: row.project_collaborator_id === null ? null : Number(row.project_collaborator_id),
    projectDeliverableId: row.project_deliverable_id === null ? null : Number(row.project_deliverable_id),
    announcementId: row.announcement_id === null ? null : Number(row.announcement_id),
    status: row.status,
    createdAt: timestampFromColumn(row.created_at),
  };
}

/**
 * One keyset window of a user's notifications, as plain rows, with `joined` read in the same
 * statement (each notification's credit); `onRow` sees every row as it comes.
 */
export async function findNotificationViews(
  em: EntityManager,
  userId: number,
  { idCondition, orderBy, limit }: IdWindow,
  joined: JoinedToNotifications,
  onRow: (row: Record<string, unknown>, notification: NotificationView) => void,
): Promise<NotificationView[]> {
  const past = idCondition === undefined ? null : '$lt' in idCondition ? { op: '<' as const, id: idCondition.$lt } : { op: '>' as const, id: idCondition.$gt };
  const rows = await readRows<NotificationColumns & Record<string, unknown>>(
    em,
    `select ${COLUMNS}, ${joined.columns} from "notifications" n ${joined.sql}
      where n."user_id" = ? ${past ? `and n."id" ${past.op} ?` : ''}
      order by n."id" ${orderBy} limit ?`,
    [...joined.params, userId, ...(past ? [past.id] : []), limit],
  );
  return rows.map((row) => {
    const notification = notificationViewFromColumns(row);
    onRow(row, notification);
    return notification;
  });
}
