import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import { RoleFlag } from '../../../../domain/enums.js';
import { BASE_SEATS } from '../../../../domain/plans.js';
import type { StripePrices } from '../../config.js';
import { Team } from '../teams/index.js';
import { User } from '../users/index.js';
import { BillingSubscription } from './billing-subscription.entity.js';
import { BILLING_PLANS, isSubscriptionStatus, type BillingPlan } from './billing.enums.js';
import { GRANTING_STATUSES, isInvoicedPlanCurrent } from '../../../../domain/plans.js';

/** What Checkout writes on every subscription it starts, so a webhook knows whose it is. */
export interface SubscriptionMetadata {
  bylinePlan: BillingPlan;
  bylineUserId: string;
  bylineTeamId?: string;
}

function isBillingPlan(value: unknown): value is BillingPlan {
  return typeof value === 'string' && (BILLING_PLANS as readonly string[]).includes(value);
}

/** The plan a subscription pays for: by its price ids, else by what Checkout wrote on it. */
function planOf(subscription: Stripe.Subscription, prices: StripePrices): BillingPlan | null {
  for (const item of subscription.items.data) {
    const priceId = item.price.id;
    if (prices.pro && priceId === prices.pro) return 'pro';
    if (prices.teams && priceId === prices.teams) return 'teams';
    if (prices.starter && priceId === prices.starter) return 'starter';
  }
  const written = subscription.metadata['bylinePlan'];
  return isBillingPlan(written) ? written : null;
}

/** The extra-seat item of a team subscription, if seats were added. */
export function seatItemOf(subscription: Stripe.Subscription, prices: StripePrices): Stripe.SubscriptionItem | null {
  return subscription.items.data.find((item) => prices.seat !== null && item.price.id === prices.seat) ?? null;
}

function seatsOf(subscription: Stripe.Subscription, plan: BillingPlan, prices: StripePrices): number {
  if (plan === 'pro') return 1;
  return BASE_SEATS[plan] + (seatItemOf(subscription, prices)?.quantity ?? 0);
}

function idOf(value: string | { id: string }): string {
  return typeof value === 'string' ? value : value.id;
}

/** Stripe keeps the period on each item (API 2025-03-31 on); the subscription's is the latest. */
function periodEndOf(subscription: Stripe.Subscription): Date | null {
  const ends = subscription.items.data.map((item) => item.current_period_end).filter((end): end is number => typeof end === 'number');
  return ends.length > 0 ? new Date(Math.max(...ends) * 1000) : null;
}

function positiveId(text: string | undefined): number | null {
  if (!text || !/^\d{1,15}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

/** Whose subscription it is: a team's or a user's as Checkout wrote, else the user paying with that customer. */
async function ownerOf(em: EntityManager, subscription: Stripe.Subscription, plan: BillingPlan): Promise<{ user: User | null; team: Team | null }> {
  const customerId = idOf(subscription.customer);
  const userId = positiveId(subscription.metadata['bylineUserId']);
  const teamId = positiveId(subscription.metadata['bylineTeamId']);
  const user = userId ? await em.findOne(User, userId) : await em.findOne(User, { stripeCustomerId: customerId });
  const team = plan !== 'pro' && teamId ? await em.findOne(Team, teamId) : null;
  return { user, team };
}

/**
 * Reads a subscription from Stripe (its current state, whatever event brought us here and in
 * whatever order events came) and makes ours match: the stored row, then the PRO flag of its
 * user or the plan, status and seats of its team. A transaction-scoped lock per subscription
 * keeps two events of the same subscription from writing an older read over a newer one.
 * Must run inside a transaction. Null for a subscription that is not for one of our plans.
 */
export async function syncSubscription(em: EntityManager, stripe: Stripe, prices: StripePrices, subscriptionId: string, now: Date = new Date()): Promise<BillingSubscription | null> {
  await em.execute('select pg_advisory_xact_lock(hashtext(?))', [`stripe-subscription:${subscriptionId}`]);
  const remote = await stripe.subscriptions.retrieve(subscriptionId);
  const plan = planOf(remote, prices);
  if (!plan || !isSubscriptionStatus(remote.status)) return null;

  let row = await em.findOne(BillingSubscription, { stripeSubscriptionId: remote.id });
  const owner = row ? { user: row.user ? await row.user.load() : null, team: row.team ? await row.team.load() : null } : await ownerOf(em, remote, plan);
  if (!owner.user && !owner.team) return null;
  row ??= em.create(BillingSubscription, {
    stripeSubscriptionId: remote.id,
    stripeCustomerId: idOf(remote.customer),
    user: owner.user,
    team: owner.team,
    plan,
    status: remote.status,
  });
  row.stripeCustomerId = idOf(remote.customer);
  row.plan = plan;
  row.status = remote.status;
  row.seats = seatsOf(remote, plan, prices);
  row.collectionMethod = remote.collection_method;
  row.cancelAtPeriodEnd = remote.cancel_at_period_end || remote.cancel_at !== null;
  row.currentPeriodEnd = periodEndOf(remote);
  row.trialEnd = remote.trial_end ? new Date(remote.trial_end * 1000) : null;
  row.createdAt = new Date(remote.created * 1000);
  await em.flush();

  if (owner.team) await applyTeamPlan(em, owner.team, now);
  else if (owner.user) await applyProFlag(em, owner.user);
  return row;
}

/** Role flag 3 (pro) while any of the user's PRO subscriptions grants it; cleared when none does. */
export async function applyProFlag(em: EntityManager, user: User): Promise<void> {
  const subscriptions = await em.find(BillingSubscription, { user: user.id, plan: 'pro', team: null });
  const paying = subscriptions.some((subscription) => GRANTING_STATUSES.has(subscription.status));
  const hasFlag = user.roleFlags.includes(RoleFlag.pro);
  if (paying && !hasFlag) user.roleFlags = [...user.roleFlags, RoleFlag.pro];
  if (!paying && hasFlag) user.roleFlags = user.roleFlags.filter((flag) => flag !== RoleFlag.pro);
  await em.flush();
}

/** The subscription that speaks for a team: one that grants access, else the newest. */
export async function currentTeamSubscription(em: EntityManager, teamId: number): Promise<BillingSubscription | null> {
  const subscriptions = await em.find(BillingSubscription, { team: teamId }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  return subscriptions.find((subscription) => GRANTING_STATUSES.has(subscription.status)) ?? subscriptions[0] ?? null;
}

/**
 * The team's plan fields follow its subscription: plan, subscription status, and status
 * active while the subscription grants access or a paid invoice has not expired yet.
 */
export async function applyTeamPlan(em: EntityManager, team: Team, now: Date): Promise<void> {
  const subscription = await currentTeamSubscription(em, team.id);
  if (!subscription || subscription.plan === 'pro') return;
  team.plan = subscription.plan;
  team.subscriptionStatus = subscription.status;
  team.status = GRANTING_STATUSES.has(subscription.status) || isInvoicedPlanCurrent(team.externalInvoiceExpiration, now) ? 'active' : 'inactive';
  await em.flush();
}
