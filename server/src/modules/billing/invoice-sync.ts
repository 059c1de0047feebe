import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import type { StripePrices } from '../../config.js';
import { Invoice } from './invoice.entity.js';
import { isInvoiceStatus } from './billing.enums.js';
import { applyTeamPlan, syncSubscription } from './subscription-sync.js';

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const subscription = invoice.parent?.subscription_details?.subscription ?? null;
  if (!subscription) return null;
  return typeof subscription === 'string' ? subscription : subscription.id;
}

/**
 * Reads an invoice from Stripe and stores it with its subscription (synced first, so an invoice
 * event arriving before the subscription's own events still finds it). A paid invoice of a team
 * billed by invoice (not by card) moves the team's invoice expiry to the end of the period paid
 * for. Must run inside a transaction.
 */
export async function syncInvoice(em: EntityManager, stripe: Stripe, prices: StripePrices, invoiceId: string, now: Date = new Date()): Promise<Invoice | null> {
  const remote = await stripe.invoices.retrieve(invoiceId);
  const subscriptionId = subscriptionIdOf(remote);
  if (!remote.id || !subscriptionId || !remote.status || !isInvoiceStatus(remote.status)) return null;
  const subscription = await syncSubscription(em, stripe, prices, subscriptionId, now);
  if (!subscription) return null;

  const invoice =
    (await em.findOne(Invoice, { stripeInvoiceId: remote.id })) ??
    em.create(Invoice, { stripeInvoiceId: remote.id, subscription, team: subscription.team, status: remote.status, currency: remote.currency });
  invoice.number = remote.number;
  invoice.status = remote.status;
  invoice.amountDue = remote.amount_due;
  invoice.amountPaid = remote.amount_paid;
  invoice.currency = remote.currency;
  invoice.hostedInvoiceUrl = remote.hosted_invoice_url ?? null;
  invoice.periodEnd = new Date(remote.period_end * 1000);
  invoice.createdAt = new Date(remote.created * 1000);
  await em.flush();

  const team = subscription.team ? await subscription.team.load() : null;
  if (team && remote.status === 'paid' && subscription.collectionMethod === 'send_invoice' && subscription.currentPeriodEnd) {
    const paidUntil = subscription.currentPeriodEnd;
    // Only ever later: an older invoice paid late must not shorten what a newer one paid for.
    if (!team.externalInvoiceExpiration || team.externalInvoiceExpiration.getTime() < paidUntil.getTime()) team.externalInvoiceExpiration = paidUntil;
    await applyTeamPlan(em, team, now);
  }
  return invoice;
}
