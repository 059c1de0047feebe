/**
 * What the billing module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { BillingSubscription } from './billing-subscription.entity.js';
export { BillingResolver } from './billing.resolver.js';
export { InvoicedPlansResolver } from './invoiced-plans.resolver.js';
export { Invoice } from './invoice.entity.js';
export { invoiceNode } from './invoice.node.js';
export { StripeEvent } from './stripe-event.entity.js';
export { stripeWebhookRoutes } from './stripe-webhook.routes.js';
export { TeamBillingFieldResolver, TeamBillingResolver } from './team-billing.resolver.js';
