import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { requireViewer } from '../auth/sessions/guards.js';
import { createStripePortal } from './billing.service.js';

@Resolver()
export class BillingResolver {
  @Mutation(() => String, {
    description: 'createStripePortal(currentPath): the card-payment billing portal address, returning to currentPath (a path on this site). Needs the billing check.',
  })
  createStripePortal(@Arg('currentPath', () => String) currentPath: string, @Ctx() context: RequestContext): Promise<string> {
    return createStripePortal(context.em, context.config, requireViewer(context), currentPath);
  }
}
