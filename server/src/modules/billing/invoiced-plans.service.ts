import type { EntityManager } from '@mikro-orm/postgresql';
import type { TeamPlan } from '../../../../domain/enums.js';
import { GRANTING_STATUSES, NEVER_EXPIRES, isInvoicedPlanCurrent } from '../../../../domain/plans.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { NotFound } from '../../errors/app-errors.js';
import { auditViewer, recordAudit } from '../audit/index.js';
import { Team, TEAM_MESSAGES } from '../teams/index.js';
import { User, type Viewer } from '../users/index.js';

/**
 * Plans an admin gives and invoices outside Stripe (docs/product.md §Paid access): PRO for a
 * person, a team plan for a team, each lasting until an expiry (none given: the never-expires
 * sentinel, 2500-12-31). An expiry now or in the past ends what was given. The caller has checked
 * the viewer is an admin.
 */
export async function giveInvoicedPro(em: EntityManager, admin: Viewer, userId: number, expiresAt: Date | null): Promise<User> {
  return em.transactional(async (tx) => {
    const user = await tx.findOne(User, userId);
    if (!user) throw new NotFound(MESSAGES.userNotFound);
    user.externalInvoiceExpiration = expiresAt ?? NEVER_EXPIRES;
    recordAudit(tx, auditViewer(admin), { action: 'update', target: 'users', targetId: user.id, fields: { externalInvoiceExpiration: user.externalInvoiceExpiration.toISOString() } });
    await tx.flush();
    return user;
  });
}

export async function giveInvoicedTeamPlan(em: EntityManager, admin: Viewer, teamId: number, plan: TeamPlan, expiresAt: Date | null, now: Date = new Date()): Promise<Team> {
  return em.transactional(async (tx) => {
    const team = await tx.findOne(Team, teamId);
    if (!team) throw new NotFound(TEAM_MESSAGES.teamNotFound);
    team.plan = plan;
    team.externalInvoiceExpiration = expiresAt ?? NEVER_EXPIRES;
    // Active while the given plan lasts or a card subscription still grants access, as Stripe's own sync decides.
    team.status = isInvoicedPlanCurrent(team.externalInvoiceExpiration, now) || GRANTING_STATUSES.has(team.subscriptionStatus ?? '') ? 'active' : 'inactive';
    recordAudit(tx, auditViewer(admin), { action: 'update', target: 'teams', targetId: team.id, fields: { plan, externalInvoiceExpiration: team.externalInvoiceExpiration.toISOString() } });
    await tx.flush();
    return team;
  });
}
