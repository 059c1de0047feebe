import type { EntityManager } from '@mikro-orm/postgresql';
import { RoleFlag } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { sameSitePath } from '../../../../domain/return-to.js';
import type { AppConfig, StripePrices } from '../../config.js';
import { Conflict, InvalidInput, Unprocessable } from '../../errors/app-errors.js';
import { loadViewerEntity, type Viewer } from '../users/index.js';
import { customerFor } from './billing.service.js';
import { checkoutSuccessUrl } from './checkout-return.js';
import { requireManagedTeam } from './billing.policy.js';
import type { BillingPlan } from './billing.enums.js';
import { GRANTING_STATUSES } from '../../../../domain/plans.js';
import { requireStripe } from './stripe-client.js';
import { currentTeamSubscription, type SubscriptionMetadata } from './subscription-sync.js';

export const ALREADY_PRO = 'You already have PRO.';
export const TEAM_ALREADY_SUBSCRIBED = 'This team already has a subscription: change its seats or open the billing portal.';
export const TEAM_REQUIRED = 'Choose the team this plan is for.';
export const PRO_IS_PERSONAL = 'PRO is for one person: leave the team out.';

export interface CheckoutRequest {
  plan: BillingPlan;
  teamId: number | null;
  returnTo: string;
}

function priceOf(prices: StripePrices, plan: BillingPlan): string | null {
  return plan === 'pro' ? prices.pro : plan === 'teams' ? prices.teams : prices.starter;
}

/**
 * Starts a Stripe Checkout session for PRO (for the viewer) or a team plan (for a team the
 * viewer manages) and answers its address. Checkout comes back to `returnTo` whether the
 * person pays or cancels; what was bought takes effect when Stripe's webhook says so.
 */
export async function startCheckout(em: EntityManager, config: AppConfig, viewer: Viewer, request: CheckoutRequest): Promise<string> {
  const returnTo = sameSitePath(request.returnTo);
  if (!returnTo) throw new InvalidInput(MESSAGES.returnPathInvalid, { field: 'returnTo' });
  const stripe = requireStripe(config);
  const price = priceOf(config.stripePrices, request.plan);
  if (!price) throw new Unprocessable(MESSAGES.billingNotConfigured);

  const metadata: SubscriptionMetadata = { bylinePlan: request.plan, bylineUserId: String(viewer.user.id) };
  if (request.plan === 'pro') {
    if (request.teamId !== null) throw new InvalidInput(PRO_IS_PERSONAL, { field: 'teamId' });
    if (viewer.user.roleFlags.includes(RoleFlag.pro)) throw new Conflict(ALREADY_PRO);
  } else {
    if (request.teamId === null) throw new InvalidInput(TEAM_REQUIRED, { field: 'teamId' });
    const team = await requireManagedTeam(em, viewer, request.teamId);
    const current = await currentTeamSubscription(em, team.id);
    if (current && GRANTING_STATUSES.has(current.status)) throw new Conflict(TEAM_ALREADY_SUBSCRIBED);
    metadata.bylineTeamId = String(team.id);
  }

  // The person buying pays: a team plan is billed to the manager who starts it (as on GitHub,
  // where an organisation's plan is paid with its owner's card until changed in the portal).
  const customer = await customerFor(em, stripe, await loadViewerEntity(em, viewer));
  const back = new URL(returnTo, config.publicUrl).toString();
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer,
    client_reference_id: String(viewer.user.id),
    line_items: [{ price, quantity: 1 }],
    success_url: checkoutSuccessUrl(config, returnTo),
    cancel_url: back,
    metadata: { ...metadata },
    subscription_data: { metadata: { ...metadata } },
  });
  if (!session.url) throw new Unprocessable('Checkout could not be started. Please try again later.');
  return session.url;
}
