import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RoleFlag, badgeLabels } from '../../../../domain/enums.js';
import { MESSAGES } from '../../../../domain/messages.js';
import type { RequestContext } from '../../graphql/context.js';
import { parseId } from '../../graphql/ids.js';
import { requireOwnSession, requireViewer } from '../auth/sessions/guards.js';
import { removeLoginMethod } from './login-method.service.js';
import { User } from './user.entity.js';
import { canSeePrivateUserFields } from './user.policy.js';
import { checkUsernameAvailability, chooseUsername, findUserByUsername, updateProfile } from './user.service.js';
import { UpdateProfileInput, UsernameCheck } from './user.types.js';

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

  @Query(() => UsernameCheck, { description: "Whether a username may be chosen (the viewer's own counts as free), with the reason when not." })
  usernameAvailable(@Arg('username', () => String) username: string, @Ctx() { em, viewer }: RequestContext): Promise<UsernameCheck> {
    return checkUsernameAvailability(em, username, viewer?.user.id ?? null);
  }

  @Mutation(() => User, { description: 'Chooses (or changes) the viewer’s username (spec 5.3).' })
  chooseUsername(@Arg('username', () => String) username: string, @Ctx() context: RequestContext): Promise<User> {
    return chooseUsername(context.em, requireViewer(context), username);
  }

  @Mutation(() => User, { description: 'Finishes sign-up or edits the profile: name, user type, acknowledging the terms.' })
  updateProfile(@Arg('input', () => UpdateProfileInput) input: UpdateProfileInput, @Ctx() context: RequestContext): Promise<User> {
    return updateProfile(context.em, requireViewer(context), input);
  }

  @Mutation(() => Boolean, { description: 'Removes one of the viewer’s login methods; the last one cannot be removed.' })
  async removeLoginMethod(@Arg('id', () => ID) id: string, @Ctx() context: RequestContext): Promise<boolean> {
    const viewer = requireOwnSession(requireViewer(context), MESSAGES.loginMethodsNeedSession);
    await removeLoginMethod(context.em, viewer, parseId(id));
    return true;
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
