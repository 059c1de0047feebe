import type { EntityManager } from '@mikro-orm/postgresql';
import { hasPaidAccess } from '../../../../domain/permissions.js';
import { GRANTING_STATUSES, isTrialOnlyUser } from '../../../../domain/plans.js';
import type { AppConfig } from '../../config.js';
import type { Viewer } from '../users/index.js';
import { loadViewerAccess } from '../teams/index.js';
import { BillingSubscription } from './billing-subscription.entity.js';
import type { BillingStatus } from './billing.types.js';
import { isBillingConfigured } from './stripe-client.js';

/** The viewer's own plan: PRO (by the menu's rule), their PRO subscription, and the trial-only rule of docs/product.md §Teams. */
export async function viewerBillingStatus(em: EntityManager, config: AppConfig, viewer: Viewer, now: Date = new Date()): Promise<BillingStatus> {
  // Everything the viewer started (PRO and team plans they bought), newest first.
  const started = await em.find(BillingSubscription, { user: viewer.user.id }, { orderBy: { createdAt: 'desc', id: 'desc' } });
  const pro = started.filter((subscription) => subscription.plan === 'pro' && subscription.team === null);
  const access = await loadViewerAccess(em, viewer, now);
  return {
    configured: isBillingConfigured(config),
    plansOpen: access.plansOpen,
    // The same rule that hides the menu's Upgrade to PRO item (docs/product.md §Paid access).
    hasPro: hasPaidAccess(access),
    invoicedProUntil: access.hasInvoicedPro ? viewer.user.externalInvoiceExpiration : null,
    proSubscription: pro.find((subscription) => GRANTING_STATUSES.has(subscription.status)) ?? pro[0] ?? null,
    isTrialOnly: isTrialOnlyUser(started, now),
  };
}
