import type { EntityManager } from '@mikro-orm/postgresql';
import { sameSitePath } from '../../../../domain/return-to.js';
import type { AppConfig } from '../../config.js';
import type { Logger } from '../../logger.js';
import { isBillingConfigured, requireStripe } from './stripe-client.js';
import { syncSubscription } from './subscription-sync.js';

/** Where Checkout sends the browser after paying; Stripe fills in the session id. */
export const CHECKOUT_RETURN_PATH = '/api/stripe/checkout/return';

/** Checkout's success address: our return route, which then goes on to `returnTo` (a path of this site). */
export function checkoutSuccessUrl(config: AppConfig, returnTo: string): string {
  // {CHECKOUT_SESSION_ID} stays literal: Stripe replaces it, so it must not be percent-encoded.
  return `${new URL(CHECKOUT_RETURN_PATH, config.publicUrl).toString()}?session_id={CHECKOUT_SESSION_ID}&returnTo=${encodeURIComponent(returnTo)}`;
}

/**
 * Back from Checkout: reads the session and its subscription from Stripe and stores what was
 * bought, so the page the person returns to already shows it even if Stripe's webhook is still
 * on its way (it arrives later and changes nothing). Safe for anyone to call: it only copies
 * Stripe's own state. A failure here is logged and left to the webhook; the person is always
 * sent on to their page.
 */
export async function settleCheckoutReturn(em: EntityManager, config: AppConfig, logger: Logger, sessionId: string): Promise<void> {
  if (!isBillingConfigured(config)) return;
  const stripe = requireStripe(config);
  try {
    const session = await stripe.checkout.sessions.retrieve(sessionId);
    const subscription = session.subscription;
    if (!subscription) return;
    const subscriptionId = typeof subscription === 'string' ? subscription : subscription.id;
    await em.transactional((tx) => syncSubscription(tx, stripe, config.stripePrices, subscriptionId));
  } catch (error) {
    logger.warn({ err: error, sessionId }, 'could not settle a Checkout return; the webhook will');
  }
}

/** The page to go on to: `returnTo` when it is a page of this site, else the home page. */
export function returnDestination(returnTo: string | undefined): string {
  return sameSitePath(returnTo) ?? '/';
}
