import { useMutation, useQuery } from '@apollo/client/react';
import { useState } from 'react';
import * as MESSAGES from '@domain/messages';
import {
  NOTIFICATION_DELIVERIES,
  NOTIFICATION_DELIVERY_LABELS,
  NOTIFICATION_PREFERENCE_KIND_DESCRIPTIONS,
  NOTIFICATION_PREFERENCE_KIND_LABELS,
  type NotificationDelivery as DomainDelivery,
  type NotificationPreferenceKind as DomainKind,
} from '@domain/notification-preferences';
import { NotificationPreferencesDocument, type NotificationDelivery, type NotificationPreferenceKind, UpdateNotificationPreferenceDocument } from '@gql/graphql';
import { PageFrame } from '@ui/PageFrame';
import { Skeleton } from '@ui/Skeleton';
import { serverRefusal } from '@shell/serverError';
import './notification-settings.css';

const TO_API_DELIVERY: Record<DomainDelivery, NotificationDelivery> = { in_app: 'IN_APP', mail_now: 'MAIL_NOW', digest: 'DIGEST', off: 'OFF' };

function domainKind(kind: NotificationPreferenceKind): DomainKind {
  return kind.toLowerCase() as DomainKind;
}

function domainDelivery(delivery: NotificationDelivery): DomainDelivery {
  return delivery.toLowerCase() as DomainDelivery;
}

/**
 * /settings/notifications: for each kind of notification, how it reaches the viewer (in the app,
 * by mail at once, in the daily digest, or not at all), saved as soon as it is chosen
 * (docs/product.md §Notification preferences).
 */
export default function NotificationSettingsPage() {
  const { data, loading, error } = useQuery(NotificationPreferencesDocument, { fetchPolicy: 'cache-and-network' });
  const [update] = useMutation(UpdateNotificationPreferenceDocument);
  const [status, setStatus] = useState<{ ok: boolean; text: string } | null>(null);
  const preferences = data?.viewer?.notificationPreferences ?? null;

  async function choose(kind: NotificationPreferenceKind, delivery: NotificationDelivery) {
    const label = NOTIFICATION_PREFERENCE_KIND_LABELS[domainKind(kind)];
    setStatus(null);
    try {
      await update({
        variables: { input: { kind, delivery } },
        optimisticResponse: { __typename: 'Mutation', updateNotificationPreference: { __typename: 'UpdateNotificationPreferencePayload', notificationPreference: { __typename: 'NotificationPreference', kind, delivery, isDefault: false } } },
        // A preference has no id of its own: the viewer's list is updated here.
        update(cache, { data: answer }) {
          const saved = answer?.updateNotificationPreference.notificationPreference;
          if (!saved) return;
          cache.updateQuery({ query: NotificationPreferencesDocument }, (previous) => {
            const viewer = previous?.viewer;
            if (!previous || !viewer?.notificationPreferences) return previous;
            return { ...previous, viewer: { ...viewer, notificationPreferences: viewer.notificationPreferences.map((row) => (row.kind === saved.kind ? { ...row, ...saved } : row)) } };
          });
        },
      });
      setStatus({ ok: true, text: `${label}: ${NOTIFICATION_DELIVERY_LABELS[domainDelivery(delivery)]}. Saved.` });
    } catch (failure) {
      setStatus({ ok: false, text: serverRefusal(failure)?.message ?? MESSAGES.somethingWentWrong });
    }
  }

  return (
    <PageFrame heading="Notification settings" purpose="Choose how each kind of notification reaches you. Sign-in links, password and security mails and receipts always come.">
      {loading && !preferences ? (
        <Skeleton shape="card" lines={4} label="Loading…" />
      ) : error && !preferences ? (
        <p className="notification-settings__problem" role="alert">
          Your notification settings could not be loaded. Reload the page to try again.
        </p>
      ) : (
        <div className="notification-settings">
          <div className="notification-settings__head" aria-hidden="true">
            <span>Kind</span>
            {NOTIFICATION_DELIVERIES.map((delivery) => (
              <span key={delivery}>{NOTIFICATION_DELIVERY_LABELS[delivery]}</span>
            ))}
          </div>
          {(preferences ?? []).map((preference) => {
            const kind = domainKind(preference.kind);
            return (
              <div key={preference.kind} role="radiogroup" aria-labelledby={`delivery-${kind}-name`} aria-describedby={`delivery-${kind}-description`} className="notification-settings__row">
                <div className="notification-settings__kind">
                  <span id={`delivery-${kind}-name`} className="notification-settings__kind-name">
                    {NOTIFICATION_PREFERENCE_KIND_LABELS[kind]}
                  </span>
                  <span id={`delivery-${kind}-description`} className="notification-settings__kind-description">
                    {NOTIFICATION_PREFERENCE_KIND_DESCRIPTIONS[kind]}
                  </span>
                </div>
                {NOTIFICATION_DELIVERIES.map((delivery) => (
                  <label key={delivery} className="notification-settings__choice">
                    <input
                      type="radio"
                      name={`delivery-${kind}`}
                      value={delivery}
                      checked={domainDelivery(preference.delivery) === delivery}
                      onChange={() => void choose(preference.kind, TO_API_DELIVERY[delivery])}
                    />
                    <span>{NOTIFICATION_DELIVERY_LABELS[delivery]}</span>
                  </label>
                ))}
              </div>
            );
          })}
        </div>
      )}
      <p className={status && !status.ok ? 'notification-settings__problem' : 'notification-settings__saved'} role="status">
        {status?.text ?? ''}
      </p>
    </PageFrame>
  );
}
