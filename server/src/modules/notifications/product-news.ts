import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_NOTIFICATION_DELIVERY } from '../../../../domain/notification-preferences.js';
import { notifyStatement } from '../../pubsub/postgres-pubsub.js';
import { announceCountChange, NOTIFICATION_MAIL_TOPIC } from './notification.service.js';

/** What each person is told of an announcement: its title, and where its link leads. */
export interface ProductNews {
  announcementId: number;
  message: string;
  link: string | null;
}

/**
 * Product news for a batch of people, in one statement, each as their Product news preference says
 * (docs/product.md §Notification preferences): Off keeps nothing, a mail at once wakes the mail
 * sweep on commit, the digest takes the rest. Someone who already has this announcement is left
 * alone (one per person and announcement, by a unique index), so a batch run twice tells no one
 * twice. Runs in the caller's transaction; answers how many were told.
 */
export async function notifyProductNews(tx: EntityManager, userIds: readonly number[], news: ProductNews): Promise<number> {
  if (userIds.length === 0) return 0;
  const told = await tx.execute<Array<{ user_id: number; mail_delivery: string | null }>>(
    `insert into "notifications" ("user_id", "kind", "message", "link", "announcement_id", "mail_delivery", "status", "created_at")
      select u."id", 'product_news', ?, ?, ?,
        case coalesce(p."delivery", ?) when 'mail_now' then 'now' when 'digest' then 'digest' else null end, 'new', now()
      from "users" u left join "notification_preferences" p on p."user_id" = u."id" and p."kind" = 'product_news'
      where u."id" in (?) and coalesce(p."delivery", ?) <> 'off'
      on conflict ("user_id", "announcement_id") where "announcement_id" is not null do nothing
      returning "user_id", "mail_delivery"`,
    [news.message, news.link, news.announcementId, DEFAULT_NOTIFICATION_DELIVERY.product_news, [...userIds], DEFAULT_NOTIFICATION_DELIVERY.product_news],
  );
  for (const row of told) await announceCountChange(tx, Number(row.user_id));
  if (told.some((row) => row.mail_delivery === 'now')) {
    const { sql, params } = notifyStatement(NOTIFICATION_MAIL_TOPIC, {});
    await tx.execute(sql, params);
  }
  return told.length;
}
