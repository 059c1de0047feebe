import { EXPIRY_SENTINEL } from '@domain/constants';
import type { InvoiceStatus, SubscriptionStatus, TeamPlan } from '@gql/graphql';

export const PLAN_NAMES: Record<TeamPlan, string> = { TEAMS: 'Teams Plan', STARTER: 'Starter Plan' };

export const SUBSCRIPTION_STATUS_LABELS: Record<SubscriptionStatus, string> = {
  ACTIVE: 'Active',
  TRIALING: 'Trial',
  PAST_DUE: 'Payment failed, retrying',
  INCOMPLETE: 'Waiting for the first payment',
  INCOMPLETE_EXPIRED: 'First payment never completed',
  CANCELED: 'Cancelled',
  UNPAID: 'Unpaid',
  PAUSED: 'Paused',
};

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = { DRAFT: 'Draft', OPEN: 'Due', PAID: 'Paid', UNCOLLECTIBLE: 'Uncollectible', VOID: 'Void' };

/** An amount in the currency's smallest unit (cents), as people read it. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat(undefined, { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}

/** The sentinel of docs/product.md §Teams: an invoice expiry on or after 2500-12-31 means it never expires. */
export function isNoExpiry(iso: string): boolean {
  return new Date(iso).getTime() >= new Date(`${EXPIRY_SENTINEL}T00:00:00Z`).getTime();
}
