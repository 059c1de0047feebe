import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from 'type-graphql';
import type { RequestContext, UserView } from '../users/index.js';
import { toGlobalId } from '../../graphql/global-id.js';
import { User } from '../users/index.js';
import { requireAccountDeleter, requireSessionOwner, requireSettingsViewer } from './settings.policy.js';
import { deleteAccount, signOutOtherSessions, updateSettings } from './settings.service.js';
import {
  DeleteAccountInput,
  DeleteAccountPayload,
  SignOutOtherSessionsInput,
  SignOutOtherSessionsPayload,
  UpdateSettingsInput,
  UpdateSettingsPayload,
} from './settings.types.js';

/** /settings: the viewer's own profile, sessions and account. Profile fields are public, like the profile page. */
@Resolver(() => User)
export class SettingsResolver {
  @Mutation(() => UpdateSettingsPayload, { description: 'Saves the viewer’s settings (username, name, type, terms, bio, website, place); also finishes sign-up.' })
  async updateSettings(@Arg('input', () => UpdateSettingsInput, { description: 'The settings to change; omitted ones stay.' }) input: UpdateSettingsInput, @Ctx() context: RequestContext): Promise<UpdateSettingsPayload> {
    return { user: await updateSettings(context.em, requireSettingsViewer(context), input) };
  }

  @Mutation(() => SignOutOtherSessionsPayload, {
    description: 'Signs the viewer out everywhere else (other browsers and apps), optionally revoking personal access tokens too. Needs your own signed-in session.',
  })
  async signOutOtherSessions(
    @Arg('input', () => SignOutOtherSessionsInput, { description: 'Whether to revoke personal access tokens too.' }) input: SignOutOtherSessionsInput,
    @Ctx() context: RequestContext,
  ): Promise<SignOutOtherSessionsPayload> {
    const { sessions, tokens } = await signOutOtherSessions(context.em, requireSessionOwner(context), input.includePersonalAccessTokens);
    return { signedOutSessionCount: sessions, revokedTokenCount: tokens };
  }

  @Mutation(() => DeleteAccountPayload, {
    description:
      'Deletes the viewer’s account for good: their own credits, logins and sessions go; credits they gave others stay, shown as added by a former member. Needs a signed-in session.',
  })
  async deleteAccount(@Arg('input', () => DeleteAccountInput, { description: 'The confirmation.' }) input: DeleteAccountInput, @Ctx() context: RequestContext): Promise<DeleteAccountPayload> {
    const userId = await deleteAccount(context.em, requireAccountDeleter(context), input.confirm);
    return { deletedUserId: toGlobalId('User', userId) };
  }

  @FieldResolver(() => String, { nullable: true, description: 'A few lines about the user, with line breaks.' })
  bio(@Root() user: UserView): string | null {
    return user.bio;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The user’s website (http or https).' })
  website(@Root() user: UserView): string | null {
    return user.website;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where the user is based, as it reads ("Lisbon, Portugal"); the point is locationGeohash.' })
  locationName(@Root() user: UserView): string | null {
    return user.locationName;
  }
}
