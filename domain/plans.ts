/** Team plans and subscription state (docs/product.md §Teams). */
import { EXPIRY_SENTINEL, TRIAL_WINDOW_DAYS } from './constants.js';
import type { TeamPlan } from './enums.js';

export const BASE_SEATS = { teams: 10, starter: 3 } as const satisfies Record<TeamPlan, number>;

export const PLAN_TITLES = { teams: 'Teams Plan', starter: 'Starter Plan' } as const satisfies Record<TeamPlan, string>;

const DAY_MS = 24 * 60 * 60 * 1000;
export const TRIAL_WINDOW_MS = TRIAL_WINDOW_DAYS * DAY_MS;

export interface TeamSubscriptionState {
  /** The team's own status; a team starts 'inactive'. */
  readonly status: string;
  /** Paid-by-invoice teams: access lasts until this moment. */
  readonly externalInvoiceExpiration: Date | null;
  /** Status of the card subscription, e.g. 'active', 'past_due', 'canceled'. */
  readonly subscriptionStatus: string | null;
}

/**
 * docs/product.md §Teams: active when the team is active and either its external invoice has not
 * expired or its subscription is active. An invoice expiring exactly now has expired.
 * Only the literal 'active' subscription status counts, as the rule words it.
 */
export function isTeamSubscriptionActive(team: TeamSubscriptionState, now: Date): boolean {
  if (team.status !== 'active') return false;
  return isInvoicedPlanCurrent(team.externalInvoiceExpiration, now) || team.subscriptionStatus === 'active';
}

/** The expiry an admin gives a plan that never ends (docs/product.md §Paid access). */
export const NEVER_EXPIRES = new Date(`${EXPIRY_SENTINEL}T00:00:00.000Z`);

/**
 * A plan invoiced outside Stripe (given by an admin, to a person or a team) lasts until its
 * expiry; one expiring exactly now has expired. The sentinel 2500-12-31 is simply far enough away.
 */
export function isInvoicedPlanCurrent(expiration: Date | null, now: Date): boolean {
  return expiration !== null && expiration.getTime() > now.getTime();
}

/** Whether an expiry is the never-expires sentinel (shown as "never expires", not as a date). */
export function isNeverExpiring(expiration: Date | null): boolean {
  return expiration !== null && expiration.getTime() >= NEVER_EXPIRES.getTime();
}

export interface UserSubscription {
  readonly status: string;
  /** A Date on the server; an ISO string when it arrives on the client as JSON. */
  readonly createdAt: Date | string;
}

/**
 * docs/product.md §Teams: a trial-only user's subscriptions are all trialing and created within the
 * 14-day trial window (inclusive). A user with no subscriptions is not trial-only: they
 * never started a trial, and "all of none" would otherwise make every free user count.
 * An unreadable createdAt is treated as outside the window.
 */
export function isTrialOnlyUser(subscriptions: readonly UserSubscription[], now: Date): boolean {
  if (subscriptions.length === 0) return false;
  return subscriptions.every(
    (subscription) => subscription.status === 'trialing' && isWithinTrialWindow(subscription.createdAt, now),
  );
}

function isWithinTrialWindow(createdAt: Date | string, now: Date): boolean {
  const created = new Date(createdAt).getTime();
  if (Number.isNaN(created)) return false;
  return now.getTime() - created <= TRIAL_WINDOW_MS;
}

/**
 * The subscription statuses that keep what a subscription pays for. A failed payment being retried
 * (past_due) keeps access meanwhile, as GitHub and most SaaS do; it ends when Stripe gives up
 * (canceled or unpaid).
 */
export const GRANTING_STATUSES: ReadonlySet<string> = new Set(['active', 'trialing', 'past_due']);
