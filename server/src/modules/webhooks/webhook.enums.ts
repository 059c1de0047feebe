import { closedSetEnum } from '../../graphql/enums.js';
import { WEBHOOK_EVENTS, WEBHOOK_EVENT_DESCRIPTIONS, type WebhookEventType } from './webhook-events.js';

export const WebhookEventEnum = closedSetEnum<WebhookEventType>(
  'WebhookEvent',
  Object.fromEntries(WEBHOOK_EVENTS.map((event) => [event, event])),
  'What a webhook can be told about.',
  WEBHOOK_EVENT_DESCRIPTIONS,
);

export const WEBHOOK_DELIVERY_OUTCOMES = ['SUCCEEDED', 'RETRYING', 'FAILED'] as const;
export type WebhookDeliveryOutcome = (typeof WEBHOOK_DELIVERY_OUTCOMES)[number];

export const WebhookDeliveryOutcomeEnum = closedSetEnum<WebhookDeliveryOutcome>(
  'WebhookDeliveryOutcome',
  Object.fromEntries(WEBHOOK_DELIVERY_OUTCOMES.map((outcome) => [outcome, outcome])),
  'How one delivery attempt ended.',
  {
    SUCCEEDED: 'The receiver answered 2xx.',
    RETRYING: 'A 5xx, 408, 429, timeout or connection failure: the event is sent again later.',
    FAILED: 'Given up: another 4xx or redirect, a refused address, or the last retry failed.',
  },
);
