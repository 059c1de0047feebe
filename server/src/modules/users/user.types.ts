import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { UserType } from '../../../../domain/enums.js';

@ObjectType('UsernameCheck', { description: 'Live feedback while choosing a username.' })
export class UsernameCheck {
  @Field(() => Boolean) available!: boolean;
  @Field(() => String, { nullable: true, description: 'Why it cannot be chosen, in the words to show.' }) message!: string | null;
}

@InputType('UpdateProfileInput', { description: 'Finishing sign-up and editing the profile; omitted fields stay as they are.' })
export class UpdateProfileInput {
  @Field(() => String, { nullable: true, description: '1 to 120 characters, trimmed.' }) name?: string | null;
  @Field(() => UserType, { nullable: true }) userType?: UserType | null;
  @Field(() => Boolean, { nullable: true, description: 'true acknowledges the terms (once; it cannot be withdrawn).' }) acknowledgeTerms?: boolean | null;
}

@ObjectType('LoginMethod', { description: 'One way the viewer signs in.' })
export class LoginMethod {
  @Field(() => ID) id!: string;
  @Field(() => String, { description: 'email, google, twitter or apple.' }) provider!: string;
  @Field(() => String, { description: 'The address for email; the provider name otherwise.' }) label!: string;
  @Field(() => Date) createdAt!: Date;
}

@ObjectType('ViewerPermissions', { description: 'What the viewer may do (spec 6), so the client hides the rest.' })
export class ViewerPermissions {
  @Field(() => Boolean) seeProPages!: boolean;
  @Field(() => Boolean) seeBetaPages!: boolean;
  @Field(() => Boolean) seeAdmin!: boolean;
  @Field(() => Boolean) hasPaidAccess!: boolean;
  @Field(() => Boolean) seeBilling!: boolean;
}
