import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { RoleFlag, badgeLabels } from '../../../../domain/enums.js';
import * as MESSAGES from '../../../../domain/messages.js';
import { CURRENT_TERMS, TERMS_VERSIONS, termsAcknowledgementNeeded } from '../../../../domain/terms.js';
import type { RequestContext } from './request-context.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { requireOwnSession, requireViewer } from './guards.js';
import { removeLoginMethod } from './login-method.service.js';
import { acknowledgeTerms } from './terms-acknowledgement.js';
import { User } from './user.entity.js';
import type { UserView } from './user.view.js';
import { loadViewerEntity } from './viewer-user.js';
import { canSeePrivateUserFields } from './user.policy.js';
import { checkUsernameAvailability, chooseUsername, findUserByUsername, updateProfile } from './user.service.js';
import {
  AcknowledgeTermsInput,
  AcknowledgeTermsPayload,
  ChooseUsernameInput,
  ChooseUsernamePayload,
  RemoveLoginMethodInput,
  RemoveLoginMethodPayload,
  TermsVersionType,
  UpdateProfileInput,
  UpdateProfilePayload,
  UsernameCheck,
} from './user.types.js';

@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { nullable: true, description: 'The signed-in user, or null when signed out.' })
  viewer(@Ctx() { viewer }: RequestContext): UserView | null {
    return viewer?.user ?? null;
  }

  @Query(() => User, { nullable: true, description: 'A user by username (any case), or null when nobody has it.' })
  user(@Arg('username', () => String, { description: 'The username, in any case.' }) username: string, @Ctx() { em }: RequestContext): Promise<User | null> {
    return findUserByUsername(em, username);
  }

  @Query(() => UsernameCheck, { description: "Whether a username may be chosen (the viewer's own counts as free), with the reason when not." })
  usernameAvailable(@Arg('username', () => String, { description: 'The username to check.' }) username: string, @Ctx() { em, viewer }: RequestContext): Promise<UsernameCheck> {
    return checkUsernameAvailability(em, username, viewer?.user.id ?? null);
  }

  @Mutation(() => ChooseUsernamePayload, { description: 'Chooses (or changes) the viewer’s username.' })
  async chooseUsername(@Arg('input', () => ChooseUsernameInput, { description: 'The username wanted.' }) input: ChooseUsernameInput, @Ctx() context: RequestContext): Promise<ChooseUsernamePayload> {
    return { user: await chooseUsername(context.em, requireViewer(context), input.username) };
  }

  @Mutation(() => UpdateProfilePayload, { description: 'Finishes sign-up or edits the profile: name, user type, acknowledging the terms.' })
  async updateProfile(@Arg('input', () => UpdateProfileInput, { description: 'What changes.' }) input: UpdateProfileInput, @Ctx() context: RequestContext): Promise<UpdateProfilePayload> {
    return { user: await updateProfile(context.em, requireViewer(context), input) };
  }

  @Query(() => TermsVersionType, { description: 'The terms of service in force (shown at /terms).' })
  currentTerms(): TermsVersionType {
    return { version: CURRENT_TERMS.id, effective: CURRENT_TERMS.effective, material: CURRENT_TERMS.material, summary: CURRENT_TERMS.summary };
  }

  @Mutation(() => AcknowledgeTermsPayload, { description: 'Records that the viewer read and accepts a version of the terms; an older version than the one recorded changes nothing.' })
  async acknowledgeTerms(@Arg('input', () => AcknowledgeTermsInput, { description: 'The terms version accepted.' }) input: AcknowledgeTermsInput, @Ctx() context: RequestContext): Promise<AcknowledgeTermsPayload> {
    return { user: await acknowledgeTerms(context.em, requireViewer(context), input.version) };
  }

  @Mutation(() => RemoveLoginMethodPayload, { description: 'Removes one of the viewer’s login methods; the last one cannot be removed.' })
  async removeLoginMethod(@Arg('input', () => RemoveLoginMethodInput, { description: 'The login method to remove.' }) input: RemoveLoginMethodInput, @Ctx() context: RequestContext): Promise<RemoveLoginMethodPayload> {
    const viewer = requireOwnSession(requireViewer(context), MESSAGES.loginMethodsNeedSession);
    const credentialId = parseGlobalId(input.loginMethodId, 'LoginMethod');
    await removeLoginMethod(context.em, viewer, credentialId);
    return { removedLoginMethodId: toGlobalId('LoginMethod', credentialId), viewer: await loadViewerEntity(context.em, viewer) };
  }

  @FieldResolver(() => Boolean, { description: 'Holds the pro flag (badge "PRO"): PRO bought by the person.' })
  isPro(@Root() user: UserView): boolean {
    return user.roleFlags.includes(RoleFlag.pro);
  }

  @FieldResolver(() => Boolean, { description: 'Holds the admin flag (badge "Admin"): opens the admin pages.' })
  isAdmin(@Root() user: UserView): boolean {
    return user.roleFlags.includes(RoleFlag.admin);
  }

  @FieldResolver(() => [String], { description: 'Badge labels for the role flags (O.G., Admin, PRO, Beta, Free PRO, Team PRO).' })
  badges(@Root() user: UserView): string[] {
    return badgeLabels(user.roleFlags);
  }

  @FieldResolver(() => Boolean, { description: 'Whether the terms were acknowledged; visible to the user and admins.' })
  termsAcknowledged(@Root() user: UserView, @Ctx() { viewer }: RequestContext): boolean {
    return canSeePrivateUserFields(viewer, user) && user.termsAcknowledgedAt !== null;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The id of the terms version last acknowledged; visible to the user and admins.' })
  termsVersion(@Root() user: UserView, @Ctx() { viewer }: RequestContext): string | null {
    return canSeePrivateUserFields(viewer, user) && user.termsAcknowledgedAt !== null ? (user.termsVersion ?? TERMS_VERSIONS[0]!.id) : null;
  }

  @FieldResolver(() => Boolean, {
    description:
      'Whether a material version of the terms came after the one last acknowledged, so the app asks again (acknowledgeTerms) before going on; false for others than the user themself. The API keeps answering meanwhile.',
  })
  termsAcknowledgementNeeded(@Root() user: UserView, @Ctx() { viewer }: RequestContext): boolean {
    return viewer?.user.id === user.id && termsAcknowledgementNeeded({ at: user.termsAcknowledgedAt, version: user.termsVersion });
  }

  @FieldResolver(() => String, { nullable: true, description: 'Visible to the user and admins only.' })
  email(@Root() user: UserView, @Ctx() { viewer }: RequestContext): string | null {
    return canSeePrivateUserFields(viewer, user) ? user.email : null;
  }
}
