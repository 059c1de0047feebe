import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { parseGlobalId } from '../../graphql/global-id.js';
import { requireAdminViewer } from '../admin/index.js';
import type { RequestContext } from '../users/index.js';
import { giveInvoicedPro, giveInvoicedTeamPlan } from './invoiced-plans.service.js';
import { GiveInvoicedProInput, GiveInvoicedProPayload, GiveInvoicedTeamPlanInput, GiveInvoicedTeamPlanPayload } from './invoiced-plans.types.js';

/** Admins give plans invoiced outside Stripe (docs/product.md §Paid access); anyone else hears "not found". */
@Resolver()
export class InvoicedPlansResolver {
  @Mutation(() => GiveInvoicedProPayload, { description: 'Admins only: gives a person PRO, invoiced outside Stripe, until an expiry (none: never expires).' })
  async giveInvoicedPro(@Arg('input', () => GiveInvoicedProInput, { description: 'The person and the expiry.' }) input: GiveInvoicedProInput, @Ctx() context: RequestContext): Promise<GiveInvoicedProPayload> {
    const admin = requireAdminViewer(context.viewer);
    return { user: await giveInvoicedPro(context.em, admin, parseGlobalId(input.userId, 'User'), input.expiresAt ?? null) };
  }

  @Mutation(() => GiveInvoicedTeamPlanPayload, { description: 'Admins only: gives a team a plan, invoiced outside Stripe, until an expiry (none: never expires).' })
  async giveInvoicedTeamPlan(@Arg('input', () => GiveInvoicedTeamPlanInput, { description: 'The team, the plan and the expiry.' }) input: GiveInvoicedTeamPlanInput, @Ctx() context: RequestContext): Promise<GiveInvoicedTeamPlanPayload> {
    const admin = requireAdminViewer(context.viewer);
    return { team: await giveInvoicedTeamPlan(context.em, admin, parseGlobalId(input.teamId, 'Team'), input.plan, input.expiresAt ?? null) };
  }
}
