import type { EntityManager } from '@mikro-orm/postgresql';
import {
  DEFAULT_NOTIFICATION_DELIVERY,
  deliveryWithoutMail,
  effectiveNotificationDeliveries,
  NOTIFICATION_PREFERENCE_KINDS,
  notificationTypesOfKind,
  type NotificationDelivery,
  type NotificationPreferenceKind,
} from '../../../../domain/notification-preferences.js';

/** One kind with the delivery a person gets for it, and whether that is the default. */
export interface NotificationPreferenceRow {
  kind: NotificationPreferenceKind;
  delivery: NotificationDelivery;
  isDefault: boolean;
}

async function storedDeliveries(em: EntityManager, userId: number): Promise<Array<{ kind: string; delivery: string }>> {
  return em.execute<Array<{ kind: string; delivery: string }>>(`select "kind", "delivery" from "notification_preferences" where "user_id" = ?`, [userId]);
}

/** A person's delivery for every kind, in the settings page's order (docs/product.md §Notification preferences). */
export async function notificationPreferencesOf(em: EntityManager, userId: number): Promise<NotificationPreferenceRow[]> {
  const stored = await storedDeliveries(em, userId);
  const effective = effectiveNotificationDeliveries(stored);
  return NOTIFICATION_PREFERENCE_KINDS.map((kind) => ({ kind, delivery: effective[kind], isDefault: effective[kind] === DEFAULT_NOTIFICATION_DELIVERY[kind] }));
}

/** The delivery of one kind for one person: the stored choice, else the default. */
export async function notificationDeliveryOf(em: EntityManager, userId: number, kind: NotificationPreferenceKind): Promise<NotificationDelivery> {
  const rows = await em.execute<Array<{ delivery: string }>>(`select "delivery" from "notification_preferences" where "user_id" = ? and "kind" = ?`, [userId, kind]);
  return effectiveNotificationDeliveries(rows.map((row) => ({ kind, delivery: row.delivery })))[kind];
}

/**
 * Stores a person's choice for a kind; a choice equal to the default leaves no row, so a changed
 * default reaches everyone who never chose. Mails the kind still owed that the new choice no
 * longer sends are dropped (a digest item when the kind goes to "at once" is sent at once).
 */
export async function setNotificationDelivery(em: EntityManager, userId: number, kind: NotificationPreferenceKind, delivery: NotificationDelivery): Promise<NotificationPreferenceRow> {
  return em.transactional(async (tx) => {
    if (delivery === DEFAULT_NOTIFICATION_DELIVERY[kind]) {
      await tx.execute(`delete from "notification_preferences" where "user_id" = ? and "kind" = ?`, [userId, kind]);
    } else {
      await tx.execute(
        // Only for a person who still exists: an unsubscribe link outlives a deleted account.
        `insert into "notification_preferences" ("user_id", "kind", "delivery") select ?, ?, ? where exists (select 1 from "users" where "id" = ?)
          on conflict ("user_id", "kind") do update set "delivery" = excluded."delivery", "updated_at" = now()`,
        [userId, kind, delivery, userId],
      );
    }
    const types = notificationTypesOfKind(kind);
    if (types.length > 0) {
      const owed = delivery === 'mail_now' ? `'now'` : delivery === 'digest' ? `'digest'` : 'null';
      await tx.execute(`update "notifications" set "mail_delivery" = ${owed} where "user_id" = ? and "mail_delivery" is not null and "kind" in (?)`, [userId, types]);
    }
    return { kind, delivery, isDefault: delivery === DEFAULT_NOTIFICATION_DELIVERY[kind] };
  });
}

/**
 * Turns a kind's mail off and leaves it in the app (an unsubscribe link). Doing it twice changes
 * nothing more; answers the delivery now in force.
 */
export async function unsubscribeFromKindMail(em: EntityManager, userId: number, kind: NotificationPreferenceKind): Promise<NotificationDelivery> {
  const current = await notificationDeliveryOf(em, userId, kind);
  const next = deliveryWithoutMail(current);
  if (next !== current) await setNotificationDelivery(em, userId, kind, next);
  return next;
}

/** Turns the daily digest off: every kind it carried stays in the app only. Answers those kinds. */
export async function unsubscribeFromDigest(em: EntityManager, userId: number): Promise<NotificationPreferenceKind[]> {
  const rows = await notificationPreferencesOf(em, userId);
  const kinds = rows.filter((row) => row.delivery === 'digest').map((row) => row.kind);
  for (const kind of kinds) await setNotificationDelivery(em, userId, kind, 'in_app');
  return kinds;
}
