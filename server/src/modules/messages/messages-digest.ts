import type { EntityManager } from '@mikro-orm/postgresql';
import { DEFAULT_NOTIFICATION_DELIVERY } from '../../../../domain/notification-preferences.js';
import type { DigestItem, DigestSection } from '../notifications/index.js';
import { conversationPath } from './conversation.service.js';

/*
 * Unread messages in the daily digest (docs/product.md §Messages, "Mail"): for a person whose
 * Messages are set to "Daily digest", one line per conversation with messages they have not read
 * and no digest carried yet, received since they chose the digest: who wrote, how many, and the
 * link to the conversation, never the message nor anyone's address. The digest job's claim on
 * the (person, day) keeps it to one a day; the conversation's `digested_message_id`, moved in the
 * same transaction, keeps each message to one digest.
 */

/** The unread, not yet digested part of a person's side of a conversation. */
const WAITING = `"cp"."last_message_id" > greatest(coalesce("cp"."last_read_message_id", 0), coalesce("cp"."digested_message_id", 0))`;

/** A person's Messages delivery, stored or the default (only choices that differ are stored). */
const MESSAGES_DELIVERY = `coalesce("np"."delivery", '${DEFAULT_NOTIFICATION_DELIVERY.messages}')`;

async function peopleWaiting(em: EntityManager): Promise<number[]> {
  const rows = await em.execute<Array<{ user_id: number }>>(
    `select distinct "cp"."user_id" from "conversation_participants" "cp"
       left join "notification_preferences" "np" on "np"."user_id" = "cp"."user_id" and "np"."kind" = 'messages'
      where ${WAITING} and ${MESSAGES_DELIVERY} = 'digest'`,
  );
  return rows.map((row) => Number(row.user_id));
}

function writerName(row: { name: string | null; username: string | null }): string {
  return row.name?.trim() || (row.username ? `@${row.username}` : 'Someone');
}

async function take(tx: EntityManager, userId: number): Promise<DigestItem[]> {
  // Messages that came while they were mailed at once, or kept in the app, are not the digest's.
  const [preference] = await tx.execute<Array<{ delivery: string; since: Date | null }>>(
    `select ${MESSAGES_DELIVERY} as "delivery", "np"."updated_at" as "since" from (select 1) "one"
       left join "notification_preferences" "np" on "np"."user_id" = ? and "np"."kind" = 'messages'`,
    [userId],
  );
  if (preference?.delivery !== 'digest') return [];
  const rows = await tx.execute<Array<{ id: number; conversation_id: number; last_message_id: number; name: string | null; username: string | null; count: string | number }>>(
    `select "cp"."id", "cp"."conversation_id", "cp"."last_message_id", "u"."name", "u"."username", "n"."count"
       from "conversation_participants" "cp"
       join "conversations" "c" on "c"."id" = "cp"."conversation_id"
       join "users" "u" on "u"."id" = case when "c"."user_low_id" = "cp"."user_id" then "c"."user_high_id" else "c"."user_low_id" end
       cross join lateral (
         select count(*) as "count" from "messages" "m"
          where "m"."conversation_id" = "cp"."conversation_id" and "m"."sender_id" <> "cp"."user_id"
            and "m"."id" > greatest(coalesce("cp"."last_read_message_id", 0), coalesce("cp"."digested_message_id", 0)) and "m"."id" <= "cp"."last_message_id"
            and (?::timestamptz is null or "m"."created_at" >= ?::timestamptz)
       ) "n"
      where "cp"."user_id" = ? and ${WAITING}
      order by "cp"."last_message_id" desc
      for update of "cp"`,
    [preference.since, preference.since, userId],
  );
  const carried = rows.filter((row) => Number(row.count) > 0);
  if (carried.length === 0) return [];
  await tx.execute(`update "conversation_participants" set "digested_message_id" = "last_message_id" where "id" in (?)`, [carried.map((row) => Number(row.id))]);
  return carried.map((row) => {
    const count = Number(row.count);
    return { message: `${writerName(row)} sent you ${count === 1 ? 'a message' : `${count} messages`}`, link: conversationPath(Number(row.conversation_id)) };
  });
}

/** The digest's Messages section, handed to the notifications module's digest job at start. */
export const messagesDigestSection: DigestSection = {
  title: 'Messages',
  summary: (count) => `${count} unread ${count === 1 ? 'conversation' : 'conversations'}`,
  action: { label: 'Read your messages', link: '/messages' },
  peopleWaiting,
  take,
};
