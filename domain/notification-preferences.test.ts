import { describe, expect, it } from 'vitest';
import {
  DEFAULT_NOTIFICATION_DELIVERY,
  deliveryWithoutMail,
  effectiveNotificationDeliveries,
  NOTIFICATION_PREFERENCE_KINDS,
  notificationPreferenceKindOf,
  notificationTypesOfKind,
} from './notification-preferences.js';

describe('notification preferences', () => {
  it('puts each notification type in its kind, and leaves answers to the person’s own doing outside', () => {
    expect(notificationPreferenceKindOf('credit_added')).toBe('credits');
    expect(notificationPreferenceKindOf('project_invitation')).toBe('projects');
    expect(notificationPreferenceKindOf('job_closed')).toBe('jobs');
    expect(notificationPreferenceKindOf('milestone')).toBe('milestones');
    expect(notificationPreferenceKindOf('message_received')).toBe('messages');
    for (const type of ['post_imported', 'post_import_failed', 'stats_refreshed', 'password_changed', 'invite_accepted', 'toString', 'constructor']) expect(notificationPreferenceKindOf(type)).toBeNull();
    for (const kind of NOTIFICATION_PREFERENCE_KINDS) for (const type of notificationTypesOfKind(kind)) expect(notificationPreferenceKindOf(type)).toBe(kind);
  });

  it('lays stored choices over the defaults, ignoring what it does not know', () => {
    expect(effectiveNotificationDeliveries([])).toEqual(DEFAULT_NOTIFICATION_DELIVERY);
    expect(effectiveNotificationDeliveries([{ kind: 'credits', delivery: 'off' }, { kind: 'gone', delivery: 'off' }, { kind: 'jobs', delivery: 'shout' }])).toEqual({ ...DEFAULT_NOTIFICATION_DELIVERY, credits: 'off' });
  });

  it('unsubscribing keeps a kind in the app and leaves In the app and Off as they are', () => {
    expect(deliveryWithoutMail('mail_now')).toBe('in_app');
    expect(deliveryWithoutMail('digest')).toBe('in_app');
    expect(deliveryWithoutMail('in_app')).toBe('in_app');
    expect(deliveryWithoutMail('off')).toBe('off');
  });
});
