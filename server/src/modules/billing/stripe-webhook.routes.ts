import express, { Router } from 'express';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { MikroORM } from '../../db/orm.js';
import { apiErrorHandler } from '../../http/rest.js';
import { validatedRoute } from '../../http/validated-route.js';
import type { Logger } from '../../logger.js';
import { returnDestination, settleCheckoutReturn } from './checkout-return.js';
import { handleStripeEvent, verifyStripeEvent } from './stripe-webhook.service.js';

/** Stripe's events are small; this leaves room and refuses anything else early. */
const EVENT_BODY_LIMIT = '512kb';

const webhookInput = {
  body: z.instanceof(Buffer, { message: 'Expected the Stripe event as the request body' }).refine((body) => body.length > 0, 'Expected the Stripe event as the request body'),
};

const checkoutReturnInput = {
  query: z.object({
    session_id: z.string().regex(/^cs_\w{1,200}$/, 'Expected a Checkout session id'),
    returnTo: z.string().max(2000).optional(),
  }),
};

/**
 * POST /api/stripe/webhook: Stripe's events. The signature covers the exact bytes sent, so this
 * route reads the raw body (mounted before the JSON parser) and is exempt from the same-site
 * check (Stripe is another site; the signature is what proves the sender).
 * GET /api/stripe/checkout/return: where Checkout sends the browser back after paying.
 */
export function stripeWebhookRoutes(deps: { config: AppConfig; orm: MikroORM; logger: Logger }): Router {
  const router = Router();
  router.post(
    '/stripe/webhook',
    express.raw({ type: () => true, limit: EVENT_BODY_LIMIT }),
    validatedRoute(webhookInput, async ({ body }, req, res) => {
      const event = verifyStripeEvent(deps.config, body, req.get('stripe-signature'));
      const outcome = await handleStripeEvent(deps.orm.em.fork(), deps.config, event);
      res.status(200).json({ received: true, duplicate: outcome === 'duplicate' });
    }),
  );
  // GET /api/stripe/checkout/return: Checkout's success address (see checkout-return.ts).
  router.get(
    '/stripe/checkout/return',
    validatedRoute(checkoutReturnInput, async ({ query }, _req, res) => {
      await settleCheckoutReturn(deps.orm.em.fork(), deps.config, deps.logger, query.session_id);
      res.redirect(303, returnDestination(query.returnTo));
    }),
  );
  router.use('/stripe', apiErrorHandler(deps.logger));
  return router;
}
