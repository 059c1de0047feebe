import type { EntityManager } from '@mikro-orm/postgresql';
import type Stripe from 'stripe';
import * as MESSAGES from '../../../../domain/messages.js';
import { canSeeBilling } from '../../../../domain/permissions.js';
import type { AppConfig } from '../../config.js';
import { isUniqueViolation } from '../../db/database-errors.js';
import { Forbidden, InvalidInput } from '../../errors/app-errors.js';
import { sameSitePath } from '../../../../domain/return-to.js';
import type { Viewer } from '../users/index.js';
import { requireStripe } from './stripe-client.js';
import { loadTeamStanding } from '../teams/index.js';
import { LoginCredential, User, loadViewerEntity } from '../users/index.js';

/** docs/product.md §Shell, menu item 4: the billing check, one rule for the menu item and this call. */
async function requireBillingAccess(em: EntityManager, viewer: Viewer): Promise<void> {
  const { managesTeam } = await loadTeamStanding(em, viewer.user.id);
  if (!canSeeBilling({ roleFlags: viewer.user.roleFlags, managesTeam })) throw new Forbidden(MESSAGES.billingNotAvailable);
}

/**
 * Stripe customers are found by email only when that address is proven ours: a verified email
 * login or a Google login (Google's addresses are verified). Otherwise someone who typed
 * another person's address could open that person's billing.
 */
async function hasProvenEmail(em: EntityManager, user: User): Promise<boolean> {
  const proofs = await em.count(LoginCredential, {
    user: user.id,
    $or: [{ provider: 'email', emailVerifiedAt: { $ne: null } }, { provider: 'google' }],
  });
  return proofs > 0;
}

/** The Stripe customer paying for `user`: remembered, found by a proven email, or created. */
export async function customerFor(em: EntityManager, stripe: Stripe, user: User): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  let customerId: string | null = null;
  if (user.email && (await hasProvenEmail(em, user))) {
    const found = await stripe.customers.list({ email: user.email, limit: 1 });
    const candidate = found.data[0]?.id ?? null;
    // A customer already remembered for someone else stays theirs.
    if (candidate && (await em.count(User, { stripeCustomerId: candidate })) === 0) customerId = candidate;
  }
  if (!customerId) {
    const created = await stripe.customers.create(
      { ...(user.email ? { email: user.email } : {}), ...(user.name ? { name: user.name } : {}), metadata: { bylineUserId: String(user.id) } },
      // Two clicks at once create one customer, not two.
      { idempotencyKey: `byline-customer-${user.id}` },
    );
    customerId = created.id;
  }
  user.stripeCustomerId = customerId;
  try {
    await em.flush();
  } catch (error) {
    if (!isUniqueViolation(error, 'users_stripe_customer_id_unique')) throw error;
    // A parallel request remembered it first; use what it stored.
    user.stripeCustomerId = null;
    const stored = await em.fork().findOneOrFail(User, user.id);
    if (!stored.stripeCustomerId) throw error;
    return stored.stripeCustomerId;
  }
  return customerId;
}

/**
 * The original createStripePortal(currentPath) call: a Stripe billing-portal address for the
 * viewer, returning them to `currentPath` on this site afterwards.
 */
export async function createStripePortal(em: EntityManager, config: AppConfig, viewer: Viewer, currentPath: string): Promise<string> {
  await requireBillingAccess(em, viewer);
  const stripe = requireStripe(config);
  const path = sameSitePath(currentPath);
  if (!path) throw new InvalidInput(MESSAGES.returnPathInvalid, { field: 'returnPath' });
  const customer = await customerFor(em, stripe, await loadViewerEntity(em, viewer));
  const session = await stripe.billingPortal.sessions.create({ customer, return_url: new URL(path, config.publicUrl).toString() });
  return session.url;
}
