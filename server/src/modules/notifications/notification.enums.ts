import type { NotificationStatus } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const NotificationStatusEnum = closedSetEnum<NotificationStatus>('NotificationStatus', { NEW: 'new', SEEN: 'seen' }, 'Whether the viewer has seen a notification.');

/**
 * What a notification is about. Kinds are stored as text and new ones come with new features:
 * a kind this list does not name yet reaches clients as OTHER (its message still says what
 * happened), so adding a kind never breaks an older client.
 */
export const NOTIFICATION_KINDS = ['post_imported', 'post_import_failed', 'stats_refreshed', 'password_changed', 'other'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationKindEnum = closedSetEnum<NotificationKind>(
  'NotificationKind',
  { POST_IMPORTED: 'post_imported', POST_IMPORT_FAILED: 'post_import_failed', STATS_REFRESHED: 'stats_refreshed', PASSWORD_CHANGED: 'password_changed', OTHER: 'other' },
  'What a notification is about. Clients should expect values added later and treat them as OTHER.',
  {
    POST_IMPORTED: 'A post the viewer tracked has been imported; the link leads to it.',
    POST_IMPORT_FAILED: 'A post the viewer tracked could not be imported; the message says why.',
    STATS_REFRESHED: 'The numbers of the viewer’s posts were refreshed.',
    PASSWORD_CHANGED: 'The viewer’s password was changed.',
    OTHER: 'Anything else; the message says what happened.',
  },
);

export function publicNotificationKind(stored: string): NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(stored) ? (stored as NotificationKind) : 'other';
}
