import { Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../graphql/context.js';
import { User } from '../users/user.entity.js';
import { CreditRole } from './credit-role.entity.js';
import { Credit } from './credit.entity.js';
import { listCreditRoles } from './credit-role.service.js';

@Resolver(() => Credit)
export class CreditResolver {
  @Query(() => [CreditRole], { description: 'Roles a person can be credited for, in display order: a fixed set (at most 100), not paged.' })
  creditRoles(@Ctx() { em }: RequestContext): Promise<CreditRole[]> {
    return listCreditRoles(em);
  }

  @FieldResolver(() => CreditRole)
  role(@Root() credit: Credit): Promise<CreditRole> {
    return credit.role.loadOrFail();
  }

  @FieldResolver(() => User, { nullable: true, description: 'The credited person; null while they are not on Byline yet.' })
  user(@Root() credit: Credit): Promise<User> | null {
    return credit.user ? credit.user.loadOrFail() : null;
  }
}
