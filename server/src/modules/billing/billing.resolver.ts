import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { requireViewer } from '../auth/sessions/guards.js';
import { createStripePortal } from './billing.service.js';
import { CreateBillingPortalSessionInput, CreateBillingPortalSessionPayload } from './billing.types.js';

@Resolver()
export class BillingResolver {
  @Mutation(() => CreateBillingPortalSessionPayload, {
    description: 'Opens the card-payment billing portal for the viewer (who must pass the billing check), returning to a page of this site afterwards.',
  })
  async createBillingPortalSession(
    @Arg('input', () => CreateBillingPortalSessionInput) input: CreateBillingPortalSessionInput,
    @Ctx() context: RequestContext,
  ): Promise<CreateBillingPortalSessionPayload> {
    return { url: await createStripePortal(context.em, context.config, requireViewer(context), input.returnPath) };
  }
}
