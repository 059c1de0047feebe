import { PRODUCT_NAME } from './constants.js';

/**
 * Notification preferences (docs/product.md §Notification preferences): each notification
 * belongs to a kind of news, and each person chooses per kind how it reaches them. Defaults live
 * here; a person's stored choices are only the ones that differ.
 */

/** The kinds of news a person chooses a delivery for, in the order the settings page lists them. */
export const NOTIFICATION_PREFERENCE_KINDS = ['credits', 'teams', 'projects', 'jobs', 'messages', 'milestones', 'product_news'] as const;
export type NotificationPreferenceKind = (typeof NOTIFICATION_PREFERENCE_KINDS)[number];

/**
 * How a kind reaches a person: in the app only, in the app and by mail at once, in the app and
 * in the daily digest, or not at all (no notification and no mail).
 */
export const NOTIFICATION_DELIVERIES = ['in_app', 'mail_now', 'digest', 'off'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

/** The words the settings page and the unsubscribe page use for each kind. */
export const NOTIFICATION_PREFERENCE_KIND_LABELS: Record<NotificationPreferenceKind, string> = {
  credits: 'Credits',
  teams: 'Teams',
  projects: 'Projects',
  jobs: 'Jobs',
  messages: 'Messages',
  milestones: 'Milestones',
  product_news: 'Product news',
};

export const NOTIFICATION_PREFERENCE_KIND_DESCRIPTIONS: Record<NotificationPreferenceKind, string> = {
  credits: 'Someone credits you, answers a credit you gave, or a credit is removed.',
  teams: 'News from the teams you are in.',
  projects: 'Project invitations, credit offers and deliverables assigned to you.',
  jobs: 'Decisions on your job applications and jobs that close.',
  messages: 'New messages sent to you.',
  milestones: 'Your posts and profile reach a milestone.',
  product_news: `What is new in the product, now and then.`,
};

export const NOTIFICATION_DELIVERY_LABELS: Record<NotificationDelivery, string> = {
  in_app: 'In the app',
  mail_now: 'By mail at once',
  digest: 'Daily digest',
  off: 'Off',
};

/**
 * What a person gets before choosing: things others ask of them (a credit, a project invitation,
 * a message, a job decision) come by mail at once, as credit mails always did; the rest waits in
 * the daily digest, and product news stays in the app.
 */
export const DEFAULT_NOTIFICATION_DELIVERY: Record<NotificationPreferenceKind, NotificationDelivery> = {
  credits: 'mail_now',
  teams: 'digest',
  projects: 'mail_now',
  jobs: 'mail_now',
  messages: 'mail_now',
  milestones: 'digest',
  product_news: 'in_app',
};

/**
 * The kind each stored notification type belongs to. A type not listed here (an import done,
 * a password changed, an invitation accepted) answers something the person did or guards their
 * account: it always shows in the app and is never mailed through preferences.
 */
const KIND_OF_NOTIFICATION_TYPE: Readonly<Record<string, NotificationPreferenceKind>> = {
  credit_added: 'credits',
  credit_accepted: 'credits',
  credit_declined: 'credits',
  credit_removed: 'credits',
  credit_report_closed: 'credits',
  team_invitation: 'teams',
  team_invitation_accepted: 'teams',
  team_role_changed: 'teams',
  team_member_removed: 'teams',
  project_invitation: 'projects',
  project_credit_offer: 'projects',
  project_deliverable_assigned: 'projects',
  job_application_hired: 'jobs',
  job_application_declined: 'jobs',
  job_closed: 'jobs',
  message_received: 'messages',
  milestone: 'milestones',
  product_news: 'product_news',
};

/** The preference kind of a stored notification type, or null when preferences do not apply. */
export function notificationPreferenceKindOf(notificationType: string): NotificationPreferenceKind | null {
  return Object.hasOwn(KIND_OF_NOTIFICATION_TYPE, notificationType) ? (KIND_OF_NOTIFICATION_TYPE[notificationType] ?? null) : null;
}

export function isNotificationPreferenceKind(value: string): value is NotificationPreferenceKind {
  return (NOTIFICATION_PREFERENCE_KINDS as readonly string[]).includes(value);
}

export function isNotificationDelivery(value: string): value is NotificationDelivery {
  return (NOTIFICATION_DELIVERIES as readonly string[]).includes(value);
}

/** A person's delivery for every kind: their stored choices over the defaults. */
export function effectiveNotificationDeliveries(stored: ReadonlyArray<{ kind: string; delivery: string }>): Record<NotificationPreferenceKind, NotificationDelivery> {
  const result = { ...DEFAULT_NOTIFICATION_DELIVERY };
  for (const row of stored) if (isNotificationPreferenceKind(row.kind) && isNotificationDelivery(row.delivery)) result[row.kind] = row.delivery;
  return result;
}

/** Whether a delivery shows the notification in the app (every choice but Off does). */
export function deliveryShowsInApp(delivery: NotificationDelivery): boolean {
  return delivery !== 'off';
}

/** The delivery left when a person unsubscribes from a kind's mail: it stays in the app. */
export function deliveryWithoutMail(delivery: NotificationDelivery): NotificationDelivery {
  return delivery === 'mail_now' || delivery === 'digest' ? 'in_app' : delivery;
}

/** The label of a notification mail's button, by notification type. */
export function notificationMailActionLabel(notificationType: string): string {
  if (notificationType === 'credit_added') return 'Accept or decline';
  if (notificationType === 'project_invitation' || notificationType === 'team_invitation') return 'See the invitation';
  return `Open in ${PRODUCT_NAME}`;
}

/** The stored notification types of a kind (to drop the mails a kind still owes once its mail is turned off). */
export function notificationTypesOfKind(kind: NotificationPreferenceKind): string[] {
  return Object.entries(KIND_OF_NOTIFICATION_TYPE)
    .filter(([, of]) => of === kind)
    .map(([type]) => type);
}
