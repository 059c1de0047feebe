import type { EntityManager } from '@mikro-orm/postgresql';
import type { AccessSubject, BillingSubject } from '../../../../domain/permissions.js';
import { isInvoicedPlanCurrent } from '../../../../domain/plans.js';
import type { Viewer } from '../users/index.js';
import { loadTeamStanding } from './team-standing.loader.js';

/**
 * What every paid-access gate reads of the viewer (docs/product.md §Paid access): role flags, PRO
 * invoiced by an admin, team standing (batched per request) and whether plans are open here.
 * The gates themselves are the rules of domain/permissions.ts.
 */
export async function loadViewerAccess(em: EntityManager, viewer: Viewer, now: Date = new Date()): Promise<AccessSubject & BillingSubject> {
  const standing = await loadTeamStanding(em, viewer.user.id);
  return {
    roleFlags: viewer.user.roleFlags,
    hasPaidTeam: standing.hasPaidTeam,
    managesTeam: standing.managesTeam,
    hasInvoicedPro: isInvoicedPlanCurrent(viewer.user.externalInvoiceExpiration, now),
    plansOpen: viewer.plansOpen,
  };
}
