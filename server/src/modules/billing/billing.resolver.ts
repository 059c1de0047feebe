import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { requireViewer } from '../users/index.js';
import { viewerBillingStatus } from './billing-status.service.js';
import { createStripePortal } from './billing.service.js';
import {
  BillingStatus,
  CreateBillingPortalSessionInput,
  CreateBillingPortalSessionPayload,
  StartCheckoutInput,
  StartCheckoutPayload,
} from './billing.types.js';
import { startCheckout } from './checkout.service.js';
import { arePlansOpen } from '../../config.js';
import { isBillingConfigured } from './stripe-client.js';

@Resolver()
export class BillingResolver {
  @Mutation(() => CreateBillingPortalSessionPayload, {
    description: 'Opens the card-payment billing portal for the viewer (who must pass the billing check), returning to a page of this site afterwards.',
  })
  async createBillingPortalSession(
    @Arg('input', () => CreateBillingPortalSessionInput, { description: 'Where the portal returns to.' }) input: CreateBillingPortalSessionInput,
    @Ctx() context: RequestContext,
  ): Promise<CreateBillingPortalSessionPayload> {
    return { url: await createStripePortal(context.em, context.config, requireViewer(context), input.returnPath) };
  }

  @Mutation(() => StartCheckoutPayload, {
    description:
      'Starts paying for PRO (for the viewer) or a team plan (for a team the viewer manages) on a Checkout page, which returns to returnTo. The plan takes effect once the payment is confirmed.',
  })
  async startCheckout(@Arg('input', () => StartCheckoutInput, { description: 'The plan, the team and the return path.' }) input: StartCheckoutInput, @Ctx() context: RequestContext): Promise<StartCheckoutPayload> {
    const viewer = requireViewer(context);
    const teamId = input.teamId ? parseGlobalId(input.teamId, 'Team') : null;
    return { url: await startCheckout(context.em, context.config, viewer, { plan: input.plan, teamId, returnTo: input.returnTo }) };
  }

  @Query(() => Boolean, { description: 'Whether payments can be taken here (Checkout, seats, billing portal); false: the billing pages say billing is not configured.' })
  billingConfigured(@Ctx() context: RequestContext): boolean {
    return isBillingConfigured(context.config);
  }

  @Query(() => Boolean, { description: 'Every plan’s features are open to everyone here, since nobody can pay (no billing): nothing needs an upgrade.' })
  plansOpen(@Ctx() context: RequestContext): boolean {
    return arePlansOpen(context.config);
  }

  @Query(() => BillingStatus, { description: 'The viewer’s own plan: whether they have PRO and the subscription paying for it.' })
  billingStatus(@Ctx() context: RequestContext): Promise<BillingStatus> {
    return viewerBillingStatus(context.em, context.config, requireViewer(context));
  }
}
