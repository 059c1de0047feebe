import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { UserType } from '../../../../domain/enums.js';
import { connectionType } from '../../graphql/connection.js';
import { Node } from '../../graphql/node.js';
import type { LoginProvider } from './login-credential.entity.js';
import { User } from './user.entity.js';
import { LoginProviderEnum, UserTypeEnum } from './user.enums.js';

@ObjectType('UsernameCheck', { description: 'Live feedback while choosing a username.' })
export class UsernameCheck {
  @Field(() => Boolean, { description: 'True when the viewer may choose it now.' }) available!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it cannot be chosen, in the words to show.' }) message!: string | null;
}

@InputType('UpdateProfileInput', { description: 'Finishing sign-up and editing the profile; omitted fields stay as they are.' })
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: '1 to 120 characters, trimmed.' }) name?: string | null;
  @Field(() => UserTypeEnum, { nullable: true, description: 'COMPANY (a brand) or CREATOR.' }) userType?: UserType | null;
  @Field(() => Boolean, { nullable: true, description: 'true acknowledges the current version of the terms (it cannot be withdrawn).' }) acknowledgeTerms?: boolean | null;
}

@InputType('AcknowledgeTermsInput', { description: 'The version of the terms the viewer accepts.' })
export class AcknowledgeTermsInput {
  @Field(() => String, { description: 'The id of the terms version the person read and accepts (the current one is `currentTerms.version`).' }) version!: string;
}

@ObjectType('AcknowledgeTermsPayload', { description: 'The viewer after accepting the terms.' })
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

@ObjectType('UpdateProfilePayload', { description: 'The viewer after the change.' })
export class UpdateProfilePayload {
  @Field(() => User, { description: 'The viewer, as saved.' }) user!: User;
}

@InputType('ChooseUsernameInput', { description: 'The username the viewer wants.' })
export class ChooseUsernameInput {
  @Field(() => String, { description: 'Under 30 characters: letters, numbers, . and _; unique whatever the case.' }) username!: string;
}

@ObjectType('ChooseUsernamePayload', { description: 'The viewer with the chosen username.' })
export class ChooseUsernamePayload {
  @Field(() => User, { description: 'The viewer, with the new username.' }) user!: User;
}

@InputType('RemoveLoginMethodInput', { description: 'The login method to remove.' })
export class RemoveLoginMethodInput {
  @Field(() => ID, { description: 'The global id of one of the viewer’s login methods.' }) loginMethodId!: string;
}

@ObjectType('RemoveLoginMethodPayload', { description: 'Which login method was removed, and the viewer.' })
export class RemoveLoginMethodPayload {
  @Field(() => ID, { description: 'The global id of the login method removed.' }) removedLoginMethodId!: string;
  @Field(() => User, { description: 'The viewer, to read the remaining login methods from.' }) viewer!: User;
}

@ObjectType('LoginMethod', { implements: Node, description: 'One way the viewer signs in.' })
export class LoginMethod {
  @Field(() => Int, { name: 'databaseId', description: 'The login method’s number in the REST API.' }) id!: number;
  @Field(() => LoginProviderEnum, { description: 'EMAIL, GOOGLE, TWITTER or APPLE.' }) provider!: LoginProvider;
  @Field(() => String, { description: 'The address for email; the provider name otherwise.' }) label!: string;
  @Field(() => Date, { description: 'When it was added (UTC).' }) createdAt!: Date;
}

export const LoginMethodConnection = connectionType('LoginMethod', LoginMethod, { totalCount: true });

@ObjectType('ViewerPermissions', { description: 'What the viewer may do, so the client hides the rest.' })
export class ViewerPermissions {
  @Field(() => Boolean, { description: 'May open the pro pages: pro, admin, free PRO, team PRO or PRO an admin gave (a paid team alone does not); everyone where plans are open.' }) seeProPages!: boolean;
  @Field(() => Boolean, { description: 'May open the beta pages: admins and beta users.' }) seeBetaPages!: boolean;
  @Field(() => Boolean, { description: 'May open the admin pages: admins only.' }) seeAdmin!: boolean;
  @Field(() => Boolean, { description: 'Has paid access (PRO of any kind or a paid team): image search, and no Upgrade to PRO. Everyone has it where plans are open.' }) hasPaidAccess!: boolean;
  @Field(() => Boolean, { description: 'Sees the Billing menu item: people with PRO of their own and active team managers.' }) seeBilling!: boolean;
}
