import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import { parseGlobalId } from '../../graphql/global-id.js';
import { requireAdminViewer } from '../admin/index.js';
import { Team } from '../teams/index.js';
import { User, type RequestContext } from '../users/index.js';
import { giveInvoicedPro, giveInvoicedTeamPlan } from './invoiced-plans.service.js';
import { GiveInvoicedProInput, GiveInvoicedTeamPlanInput } from './invoiced-plans.types.js';

/** Admins give plans invoiced outside Stripe (docs/product.md §Paid access); anyone else hears "not found". */
@Resolver()
export class InvoicedPlansResolver {
  @Mutation(() => User, { description: 'Admins only: gives a person PRO, invoiced outside Stripe, until an expiry (none: never expires).' })
  giveInvoicedPro(@Arg('input', () => GiveInvoicedProInput) input: GiveInvoicedProInput, @Ctx() context: RequestContext): Promise<User> {
    const admin = requireAdminViewer(context.viewer);
    return giveInvoicedPro(context.em, admin, parseGlobalId(input.userId, 'User'), input.expiresAt ?? null);
  }

  @Mutation(() => Team, { description: 'Admins only: gives a team a plan, invoiced outside Stripe, until an expiry (none: never expires).' })
  giveInvoicedTeamPlan(@Arg('input', () => GiveInvoicedTeamPlanInput) input: GiveInvoicedTeamPlanInput, @Ctx() context: RequestContext): Promise<Team> {
    const admin = requireAdminViewer(context.viewer);
    return giveInvoicedTeamPlan(context.em, admin, parseGlobalId(input.teamId, 'Team'), input.plan, input.expiresAt ?? null);
  }
}
