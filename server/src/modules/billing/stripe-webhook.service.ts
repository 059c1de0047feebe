import type { EntityManager } from '@mikro-orm/postgresql';
import Stripe from 'stripe';
import type { AppConfig } from '../../config.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { syncInvoice } from './invoice-sync.js';
import { requireStripe } from './stripe-client.js';
import { syncSubscription } from './subscription-sync.js';

export const INVALID_SIGNATURE = 'The Stripe signature is missing, invalid or too old.';
export const WEBHOOK_NOT_CONFIGURED = 'Stripe webhooks are not configured.';

/**
 * Checks the Stripe-Signature header against the raw body with the endpoint's secret and
 * Stripe's own default tolerance (300 s), so forged and replayed events are refused.
 */
export function verifyStripeEvent(config: AppConfig, rawBody: Buffer, signature: string | undefined): Stripe.Event {
  if (!config.stripeWebhookSecret || !config.stripeSecretKey) throw new InvalidInput(WEBHOOK_NOT_CONFIGURED);
  if (!signature) throw new InvalidInput(INVALID_SIGNATURE, { field: 'stripe-signature' });
  const stripe = requireStripe(config);
  try {
    return stripe.webhooks.constructEvent(rawBody, signature, config.stripeWebhookSecret);
  } catch (error) {
    if (error instanceof Stripe.errors.StripeSignatureVerificationError) throw new InvalidInput(INVALID_SIGNATURE, { field: 'stripe-signature' });
    throw error;
  }
}

export type EventOutcome = 'processed' | 'duplicate';

/** The Stripe object an event is about, read again from Stripe when handled. */
function objectIdOf(event: Stripe.Event): string | null {
  const object = event.data.object as { id?: unknown };
  return typeof object.id === 'string' ? object.id : null;
}

/** Stripe no longer has the object (deleted in the Dashboard, or another account's): nothing to do, and retrying cannot help. */
function isMissingObject(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.code === 'resource_missing';
}

async function dispatch(em: EntityManager, stripe: Stripe, config: AppConfig, event: Stripe.Event): Promise<void> {
  try {
    await dispatchOrThrow(em, stripe, config, event);
  } catch (error) {
    if (!isMissingObject(error)) throw error;
  }
}

async function dispatchOrThrow(em: EntityManager, stripe: Stripe, config: AppConfig, event: Stripe.Event): Promise<void> {
  const prices = config.stripePrices;
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    const subscription = event.data.object.subscription;
    if (subscription) await syncSubscription(em, stripe, prices, typeof subscription === 'string' ? subscription : subscription.id);
    return;
  }
  const id = objectIdOf(event);
  if (!id) return;
  if (event.type.startsWith('customer.subscription.')) await syncSubscription(em, stripe, prices, id);
  else if (event.type.startsWith('invoice.') && event.data.object.object === 'invoice') await syncInvoice(em, stripe, prices, id);
  // Other events are stored (so a repeat is recognised) and need nothing else.
}

/**
 * Handles a verified event once: it is stored by id in the same transaction as its effects, so
 * a repeat (Stripe retries, or sends twice) finds it and is skipped, and an event whose handling
 * failed leaves nothing behind and runs again on Stripe's retry. Handling reads the current
 * state from Stripe rather than trusting the event's copy, so events may come in any order.
 */
export async function handleStripeEvent(em: EntityManager, config: AppConfig, event: Stripe.Event): Promise<EventOutcome> {
  const stripe = requireStripe(config);
  return em.transactional(async (tx) => {
    await tx.execute('insert into stripe_events (id, type) values (?, ?) on conflict (id) do nothing', [event.id, event.type]);
    const [stored] = await tx.execute<Array<{ processed_at: Date | null }>>('select processed_at from stripe_events where id = ? for update', [event.id]);
    if (stored?.processed_at) return 'duplicate';
    await dispatch(tx, stripe, config, event);
    await tx.execute('update stripe_events set processed_at = now() where id = ?', [event.id]);
    return 'processed';
  });
}
