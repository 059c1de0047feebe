import type { TeamPlan } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';

/** What a Stripe subscription pays for: PRO for one person, or one of the two team plans. */
export type BillingPlan = 'pro' | TeamPlan;
export const BILLING_PLANS: readonly BillingPlan[] = ['pro', 'teams', 'starter'];

export const BillingPlanEnum = closedSetEnum<BillingPlan>('BillingPlan', { PRO: 'pro', TEAMS: 'teams', STARTER: 'starter' }, 'A plan sold through Checkout.', {
  PRO: 'PRO for one person, billed monthly.',
  TEAMS: 'Teams Plan for a team: 10 base seats, more can be added.',
  STARTER: 'Starter Plan for a team: 3 base seats, more can be added.',
});

/** Stripe's subscription statuses, as Stripe names them. */
export const SUBSCRIPTION_STATUSES = ['incomplete', 'incomplete_expired', 'trialing', 'active', 'past_due', 'canceled', 'unpaid', 'paused'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const SubscriptionStatusEnum = closedSetEnum<SubscriptionStatus>(
  'SubscriptionStatus',
  {
    INCOMPLETE: 'incomplete',
    INCOMPLETE_EXPIRED: 'incomplete_expired',
    TRIALING: 'trialing',
    ACTIVE: 'active',
    PAST_DUE: 'past_due',
    CANCELED: 'canceled',
    UNPAID: 'unpaid',
    PAUSED: 'paused',
  },
  'Where a paid subscription stands, as the card processor reports it.',
  {
    INCOMPLETE: 'The first payment has not gone through yet.',
    INCOMPLETE_EXPIRED: 'The first payment never went through; the subscription was dropped and gives nothing.',
    TRIALING: 'In its free trial: PRO is open meanwhile.',
    ACTIVE: 'Paid and current.',
    PAST_DUE: 'A payment failed and is being retried; access continues meanwhile.',
    CANCELED: 'Ended; gives nothing.',
    UNPAID: 'Payments failed and retries are over; gives nothing until paid.',
    PAUSED: 'Paused at the end of a trial without a card; gives nothing until resumed.',
  },
);

export const INVOICE_STATUSES = ['draft', 'open', 'paid', 'uncollectible', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const InvoiceStatusEnum = closedSetEnum<InvoiceStatus>(
  'InvoiceStatus',
  { DRAFT: 'draft', OPEN: 'open', PAID: 'paid', UNCOLLECTIBLE: 'uncollectible', VOID: 'void' },
  'Where an invoice stands.',
  {
    DRAFT: 'Being prepared; not sent yet.',
    OPEN: 'Sent and waiting for payment.',
    PAID: 'Paid.',
    UNCOLLECTIBLE: 'Payment is not expected any more.',
    VOID: 'Cancelled; nothing is owed.',
  },
);


export function isSubscriptionStatus(value: string): value is SubscriptionStatus {
  return (SUBSCRIPTION_STATUSES as readonly string[]).includes(value);
}

export function isInvoiceStatus(value: string): value is InvoiceStatus {
  return (INVOICE_STATUSES as readonly string[]).includes(value);
}
