import { Arg, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { RoleFlag, badgeLabels } from '../../../../domain/enums.js';
import type { RequestContext } from '../../graphql/context.js';
import { User } from './user.entity.js';
import { canSeePrivateUserFields } from './user.policy.js';
import { findUserByUsername } from './user.service.js';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null when signed out.' })
  viewer(@Ctx() { viewer }: RequestContext): User | null {
    return viewer?.user ?? null;
  }

  @Query(() => User, { nullable: true })
  user(@Arg('username', () => String) username: string, @Ctx() { em }: RequestContext): Promise<User | null> {
    return findUserByUsername(em, username);
  }

  @FieldResolver(() => Boolean)
  isPro(@Root() user: User): boolean {
    return user.roleFlags.includes(RoleFlag.pro);
  }

  @FieldResolver(() => Boolean)
  isAdmin(@Root() user: User): boolean {
    return user.roleFlags.includes(RoleFlag.admin);
  }

  @FieldResolver(() => [String], { description: 'Badge labels for the role flags (O.G., Admin, PRO, Beta, Free PRO, Team PRO).' })
  badges(@Root() user: User): string[] {
    return badgeLabels(user.roleFlags);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the terms were acknowledged; visible to the user and admins.' })
  termsAcknowledged(@Root() user: User, @Ctx() { viewer }: RequestContext): boolean {
    return canSeePrivateUserFields(viewer, user) && user.termsAcknowledgedAt !== null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Visible to the user and admins only.' })
  email(@Root() user: User, @Ctx() { viewer }: RequestContext): string | null {
    return canSeePrivateUserFields(viewer, user) ? user.email : null;
  }
}
