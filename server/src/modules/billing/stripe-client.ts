import Stripe from 'stripe';
import * as MESSAGES from '../../../../domain/messages.js';
import type { AppConfig } from '../../config.js';
import { Unprocessable } from '../../errors/app-errors.js';

/** One client per key and API origin: it keeps its own connection pool. */
const clients = new Map<string, Stripe>();

export function stripeClient(secretKey: string, apiBase: string | null): Stripe {
  const cacheKey = `${apiBase ?? ''} ${secretKey}`;
  let client = clients.get(cacheKey);
  if (!client) {
    const origin = apiBase ? new URL(apiBase) : null;
    client = new Stripe(secretKey, {
      timeout: 20_000,
      maxNetworkRetries: 1,
      telemetry: false,
      // STRIPE_API_BASE points the client at another origin (tests run a local stand-in).
      ...(origin
        ? {
            host: origin.hostname,
            port: origin.port || (origin.protocol === 'https:' ? 443 : 80),
            protocol: origin.protocol === 'https:' ? ('https' as const) : ('http' as const),
          }
        : {}),
    });
    clients.set(cacheKey, client);
  }
  return client;
}

/** Billing works once a secret key is set; without one every billing call says so. */
export function isBillingConfigured(config: AppConfig): boolean {
  return config.stripeSecretKey !== null;
}

/** The Stripe client, or the clear "Billing is not configured." error. */
export function requireStripe(config: AppConfig): Stripe {
  if (!config.stripeSecretKey) throw new Unprocessable(MESSAGES.billingNotConfigured);
  return stripeClient(config.stripeSecretKey, config.stripeApiBase);
}
