import type { EntityManager } from '@mikro-orm/postgresql';
import type { Connection } from '../../graphql/connection.js';
import { findConnection, type KeysetPage } from '../../graphql/pagination.js';
import { notifyStatement } from '../../pubsub/postgres-pubsub.js';
import { User } from '../users/index.js';
import { Credit, visibleCreditJoin } from '../credits/index.js';
import type { Viewer } from '../users/index.js';
import { Notification } from './notification.entity.js';
import { findNotificationViews, type NotificationView } from './notification.view.js';
import { notificationPreferenceKindOf } from '../../../../domain/notification-preferences.js';
import { notificationDeliveryOf } from './notification-preferences.service.js';

/** Topic on which a notification owing a mail at once wakes the mail sweep, on whichever process. */
export const NOTIFICATION_MAIL_TOPIC = 'notification-mail';

/** Pub/sub topic on which a user's notification count changes are announced. */
export function notificationTopic(userId: number): string {
  return `notifications:${userId}`;
}

export function countNewNotifications(em: EntityManager, userId: number): Promise<number> {
  return em.count(Notification, { user: userId, status: 'new' });
}

export interface NewNotification {
  kind: string;
  message: string;
  link?: string | null;
  /** The credit it is about, for credit notifications. */
  creditId?: number | null;
  /** The project invitation it is about (a ProjectCollaborator's id). */
  projectCollaboratorId?: number | null;
  /** The project deliverable whose post it offers a credit on. */
  projectDeliverableId?: number | null;
}

/**
 * Stores a notification and announces the change in the same transaction: subscribers hear of
 * it only once it is committed, from whichever server process they are connected to. The person's
 * preference for its kind decides (docs/product.md §Notification preferences): Off stores nothing
 * (null), a mail at once wakes the mail sweep on commit, a digest waits for the daily one.
 */
export async function notifyUser(em: EntityManager, userId: number, input: NewNotification): Promise<Notification | null> {
  return em.transactional(async (tx) => {
    const preferenceKind = notificationPreferenceKindOf(input.kind);
    const delivery = preferenceKind ? await notificationDeliveryOf(tx, userId, preferenceKind) : 'in_app';
    if (delivery === 'off') return null;
    const notification = tx.create(Notification, {
      mailDelivery: delivery === 'mail_now' ? 'now' : delivery === 'digest' ? 'digest' : null,
      user: tx.getReference(User, userId),
      kind: input.kind,
      message: input.message,
      link: input.link ?? null,
      credit: input.creditId ? tx.getReference(Credit, input.creditId) : null,
      projectCollaboratorId: input.projectCollaboratorId ?? null,
      projectDeliverableId: input.projectDeliverableId ?? null,
    });
    await tx.flush();
    await announceCountChange(tx, userId);
    if (notification.mailDelivery === 'now') {
      const { sql, params } = notifyStatement(NOTIFICATION_MAIL_TOPIC, {});
      await tx.execute(sql, params);
    }
    return notification;
  });
}

/** Marks the given notifications (or all) as seen; returns how many changed. */
export async function markNotificationsSeen(em: EntityManager, userId: number, ids: number[] | null): Promise<number> {
  return em.transactional(async (tx) => {
    const changed = await tx.nativeUpdate(
      Notification,
      { user: userId, status: 'new', ...(ids ? { id: { $in: ids } } : {}) },
      { status: 'seen' },
    );
    if (changed > 0) await announceCountChange(tx, userId);
    return changed;
  });
}

/**
 * Marks as seen a user's notifications of one kind about one project row, once what they offered
 * is answered (an invitation accepted, a credit offer taken); the count is announced as usual.
 */
export async function markProjectNotificationsSeen(em: EntityManager, userId: number, kind: string, about: { projectCollaboratorId: number } | { projectDeliverableId: number }): Promise<number> {
  return em.transactional(async (tx) => {
    const changed = await tx.nativeUpdate(Notification, { user: userId, status: 'new', kind, ...about }, { status: 'seen' });
    if (changed > 0) await announceCountChange(tx, userId);
    return changed;
  });
}

/**
 * The viewer's notifications, newest first, as plain rows (a page only shows them), each with its
 * credit as the viewer may see it read in the same statement (the credits module's rule and
 * loader: `Notification.credit` then sends nothing). totalCount is one indexed count of the rows.
 */
export function listNotifications(em: EntityManager, viewer: Viewer, page: KeysetPage): Promise<Connection<NotificationView>> {
  const credits = visibleCreditJoin(em, viewer, 'n."credit_id"');
  return findConnection(
    page,
    'desc',
    (window) =>
      findNotificationViews(em, viewer.user.id, window, credits, (row, notification) => {
        if (notification.credit) credits.prime(row, notification.credit.id);
      }),
    () => em.count(Notification, { user: viewer.user.id }),
  );
}

/**
 * Tells the user's count subscribers to count again, after the writing transaction commits. Other
 * modules whose counts ride on the same subscription (unread conversations) call it too.
 */
export async function announceCountChange(tx: EntityManager, userId: number): Promise<void> {
  const { sql, params } = notifyStatement(notificationTopic(userId), { userId });
  await tx.execute(sql, params);
}
