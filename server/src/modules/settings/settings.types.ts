import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { UserType } from '../../../../domain/enums.js';
import { User, UserTypeEnum } from '../users/index.js';

@InputType('LocationInput', { description: 'A place: the name shown on the profile and the point it stands for.' })
export class LocationInput {
  @Field(() => String, { description: 'How the place reads, e.g. "Lisbon, Portugal": 1 to 200 characters.' }) name!: string;
  @Field(() => String, { description: 'Geohash of the point, 1 to 9 characters (5 or 6 is a city district).' }) geohash!: string;
}

@InputType('UpdateSettingsInput', {
  description: 'Everything /settings saves at once; omitted fields stay as they are. Finishes sign-up when the username is chosen and the terms acknowledged.',
})
export class UpdateSettingsInput {
  @Field(() => String, { nullable: true, description: 'Under 30 characters: letters, numbers, . and _; unique whatever the case.' }) username?: string | null;
  @Field(() => String, { nullable: true, description: '1 to 120 characters, trimmed.' }) name?: string | null;
  @Field(() => UserTypeEnum, { nullable: true, description: 'COMPANY (a brand) or CREATOR.' }) userType?: UserType | null;
  @Field(() => Boolean, { nullable: true, description: 'true acknowledges the current version of the terms (it cannot be withdrawn).' }) acknowledgeTerms?: boolean | null;
  @Field(() => String, { nullable: true, description: 'Up to 1000 characters; line breaks are kept. An empty string removes it.' }) bio?: string | null;
  @Field(() => String, { nullable: true, description: 'An http or https address. An empty string removes it.' }) website?: string | null;
  @Field(() => LocationInput, { nullable: true, description: 'Where the viewer is based; null removes it.' }) location?: LocationInput | null;
}

@ObjectType('UpdateSettingsPayload', { description: 'The viewer with the settings saved.' })
export class UpdateSettingsPayload {
  @Field(() => User, { description: 'The viewer, as saved.' }) user!: User;
}

@InputType('SignOutOtherSessionsInput', { description: 'Whether signing out elsewhere also revokes personal access tokens.' })
export class SignOutOtherSessionsInput {
  @Field(() => Boolean, { defaultValue: false, description: 'Also revoke every personal access token.' }) includePersonalAccessTokens!: boolean;
}

@ObjectType('SignOutOtherSessionsPayload', { description: 'How many sessions and tokens stopped working.' })
export class SignOutOtherSessionsPayload {
  @Field(() => Int, { description: 'How many other sessions (browsers, apps) were signed out.' }) signedOutSessionCount!: number;
  @Field(() => Int, { description: 'How many personal access tokens were revoked.' }) revokedTokenCount!: number;
}

@InputType('DeleteAccountInput', { description: 'The confirmation that the viewer’s account is to be deleted.' })
export class DeleteAccountInput {
  @Field(() => Boolean, { description: 'Must be true: deleting an account cannot be undone.' }) confirm!: boolean;
}

@ObjectType('DeleteAccountPayload', { description: 'Which account was deleted; the session that asked no longer works.' })
export class DeleteAccountPayload {
  @Field(() => ID, { description: 'The global id the deleted user had.' }) deletedUserId!: string;
}
