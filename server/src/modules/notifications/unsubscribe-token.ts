import { createHmac, timingSafeEqual } from 'node:crypto';
import { isNotificationPreferenceKind, type NotificationPreferenceKind } from '../../../../domain/notification-preferences.js';

/**
 * The token of a mail's unsubscribe link: the person and the kind, signed with the server secret
 * (HMAC-SHA256), so it needs no row, never expires, and a changed or made-up one fails. It only
 * ever turns one kind of mail off, which is why it may outlive sessions.
 */
/** What a link turns off: one kind's mail, or the daily digest (every kind sent in it). */
export type UnsubscribeScope = NotificationPreferenceKind | 'digest';

function isUnsubscribeScope(value: string): value is UnsubscribeScope {
  return value === 'digest' || isNotificationPreferenceKind(value);
}

function signature(secret: string, userId: number, kind: UnsubscribeScope): string {
  return createHmac('sha256', secret).update(`byline-unsubscribe:${userId}:${kind}`).digest('base64url');
}

export function unsubscribeToken(secret: string, userId: number, kind: UnsubscribeScope): string {
  return `${userId}.${kind}.${signature(secret, userId, kind)}`;
}

/** The person and kind a token names, or null when it was not signed by this server. */
export function readUnsubscribeToken(secret: string, token: string): { userId: number; kind: UnsubscribeScope } | null {
  const match = /^([1-9][0-9]{0,9})\.([a-z_]{1,32})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const userId = Number(match[1]);
  const kind = match[2]!;
  if (!Number.isSafeInteger(userId) || userId > 2_147_483_647 || !isUnsubscribeScope(kind)) return null;
  const expected = Buffer.from(signature(secret, userId, kind));
  const given = Buffer.from(match[3]!);
  return expected.length === given.length && timingSafeEqual(expected, given) ? { userId, kind } : null;
}
