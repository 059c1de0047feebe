import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { UserType } from '../../../../domain/enums.js';
import { connectionType } from '../../graphql/connection.js';
import { Node } from '../../graphql/node.js';
import type { LoginProvider } from './login-credential.entity.js';
import { User } from './user.entity.js';
import { LoginProviderEnum, UserTypeEnum } from './user.enums.js';

@ObjectType('UsernameCheck', { description: 'Live feedback while choosing a username.' })
export class UsernameCheck {
  @Field(() => Boolean) available!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it cannot be chosen, in the words to show.' }) message!: string | null;
}

@InputType('UpdateProfileInput', { description: 'Finishing sign-up and editing the profile; omitted fields stay as they are.' })
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: '1 to 120 characters, trimmed.' }) name?: string | null;
  @Field(() => UserTypeEnum, { nullable: true }) userType?: UserType | null;
  @Field(() => Boolean, { nullable: true, description: 'true acknowledges the current version of the terms (it cannot be withdrawn).' }) acknowledgeTerms?: boolean | null;
}

@InputType('AcknowledgeTermsInput')
export class AcknowledgeTermsInput {
  @Field(() => String, { description: 'The id of the terms version the person read and accepts (the current one is `currentTerms.version`).' }) version!: string;
}

@ObjectType('AcknowledgeTermsPayload')
export class AcknowledgeTermsPayload {
  @Field(() => User, { description: 'The viewer, with the version recorded.' }) user!: User;
}

@ObjectType('TermsVersion', { description: 'One version of the terms of service.' })
export class TermsVersionType {
  // Named `version`, not `id`: an `id` field in this schema is always a Node's global id.
  @Field(() => String, { description: 'The version, recorded with each acknowledgement.' }) version!: string;
  @Field(() => String, { description: 'The day it took effect (ISO date).' }) effective!: string;
  @Field(() => Boolean, { description: 'Whether people who acknowledged an older version are asked to acknowledge this one.' }) material!: boolean;
  @Field(() => String, { description: 'What changed, in a sentence.' }) summary!: string;
}

@ObjectType('UpdateProfilePayload')
export class UpdateProfilePayload {
  @Field(() => User, { description: 'The viewer, as saved.' }) user!: User;
}

@InputType('ChooseUsernameInput')
export class ChooseUsernameInput {
  @Field(() => String, { description: 'Under 30 characters: letters, numbers, . and _; unique whatever the case.' }) username!: string;
}

@ObjectType('ChooseUsernamePayload')
export class ChooseUsernamePayload {
  @Field(() => User, { description: 'The viewer, with the new username.' }) user!: User;
}

@InputType('RemoveLoginMethodInput')
export class RemoveLoginMethodInput {
  @Field(() => ID, { description: 'The global id of one of the viewer’s login methods.' }) loginMethodId!: string;
}

@ObjectType('RemoveLoginMethodPayload')
export class RemoveLoginMethodPayload {
  @Field(() => ID, { description: 'The global id of the login method removed.' }) removedLoginMethodId!: string;
  @Field(() => User, { description: 'The viewer, to read the remaining login methods from.' }) viewer!: User;
}

@ObjectType('LoginMethod', { implements: Node, description: 'One way the viewer signs in.' })
export class LoginMethod {
  @Field(() => Int, { name: 'databaseId', description: 'The login method’s number in the REST API.' }) id!: number;
  @Field(() => LoginProviderEnum) provider!: LoginProvider;
  @Field(() => String, { description: 'The address for email; the provider name otherwise.' }) label!: string;
  @Field(() => Date) createdAt!: Date;
}

export const LoginMethodConnection = connectionType('LoginMethod', LoginMethod, { totalCount: true });

@ObjectType('ViewerPermissions', { description: 'What the viewer may do, so the client hides the rest.' })
export class ViewerPermissions {
  @Field(() => Boolean) seeProPages!: boolean;
  @Field(() => Boolean) seeBetaPages!: boolean;
  @Field(() => Boolean) seeAdmin!: boolean;
  @Field(() => Boolean) hasPaidAccess!: boolean;
  @Field(() => Boolean) seeBilling!: boolean;
}
