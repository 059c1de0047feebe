import type { EntityManager } from '@mikro-orm/postgresql';
import * as MESSAGES from '../../../../domain/messages.js';
import { BASE_SEATS, PLAN_TITLES } from '../../../../domain/plans.js';
import type { AppConfig } from '../../config.js';
import { InvalidInput, Unprocessable } from '../../errors/app-errors.js';
import type { Viewer } from '../users/index.js';
import { TeamMember } from '../teams/index.js';
import type { BillingSubscription } from './billing-subscription.entity.js';
import { requireManagedTeam } from './billing.policy.js';
import { GRANTING_STATUSES } from '../../../../domain/plans.js';
import { requireStripe } from './stripe-client.js';
import { currentTeamSubscription, seatItemOf, syncSubscription } from './subscription-sync.js';

/** A ceiling against typos (10000 instead of 100); larger teams talk to sales. */
export const MAX_SEATS = 1_000;
export const NO_TEAM_SUBSCRIPTION = 'This team has no subscription yet: start one first.';

/**
 * Sets how many seats a team pays for: the plan's base seats plus extra seats, billed as the
 * quantity of the seat price (Stripe prorates the change). Never below the base seats or the
 * people already on the team (active and invited).
 */
export async function changeTeamSeats(em: EntityManager, config: AppConfig, viewer: Viewer, teamId: number, seats: number): Promise<BillingSubscription> {
  const stripe = requireStripe(config);
  const team = await requireManagedTeam(em, viewer, teamId);
  const current = await currentTeamSubscription(em, team.id);
  if (!current || current.plan === 'pro' || !GRANTING_STATUSES.has(current.status)) throw new Unprocessable(NO_TEAM_SUBSCRIPTION);
  const base = BASE_SEATS[current.plan];
  if (!Number.isInteger(seats) || seats < base) throw new InvalidInput(`The ${PLAN_TITLES[current.plan]} includes ${base} seats: choose ${base} or more.`, { field: 'seats' });
  if (seats > MAX_SEATS) throw new InvalidInput(`At most ${MAX_SEATS} seats can be bought here; contact us for more.`, { field: 'seats' });
  const people = await em.count(TeamMember, { team: team.id, status: { $in: ['active', 'invited'] } });
  if (seats < people) throw new InvalidInput(`The team has ${people} members and invitations: remove some before going below ${people} seats.`, { field: 'seats' });

  const remote = await stripe.subscriptions.retrieve(current.stripeSubscriptionId);
  const seatItem = seatItemOf(remote, config.stripePrices);
  const extra = seats - base;
  if (seatItem) {
    await stripe.subscriptions.update(remote.id, { items: [extra > 0 ? { id: seatItem.id, quantity: extra } : { id: seatItem.id, deleted: true }] });
  } else if (extra > 0) {
    if (!config.stripePrices.seat) throw new Unprocessable(MESSAGES.billingNotConfigured);
    await stripe.subscriptions.update(remote.id, { items: [{ price: config.stripePrices.seat, quantity: extra }] });
  }
  // Stored now, not only when the webhook comes, so the page shows the new seats at once.
  const synced = await em.transactional((tx) => syncSubscription(tx, stripe, config.stripePrices, current.stripeSubscriptionId));
  return synced ?? current;
}
