import { Field, InputType, ObjectType } from 'type-graphql';

@InputType('InviteFriendInput', { description: 'Who to invite.' })
export class InviteFriendInput {
  @Field(() => String, { description: 'The friend’s email address. Up to 20 invitations a day.' }) email!: string;
}

@ObjectType('InviteFriendPayload', { description: 'What inviteFriend answers: the address mailed and the sign-up link sent.' })
export class InviteFriendPayload {
  @Field(() => String, { description: 'The address the invitation was mailed to, as stored (lower case).' }) email!: string;
  @Field(() => String, { description: 'The sign-up link that was mailed; whoever signs up through it is recorded as invited by the viewer.' }) inviteUrl!: string;
}

@InputType('RecordReferralInput', { description: 'The invite link the viewer signed up through.' })
export class RecordReferralInput {
  @Field(() => String, { description: 'The username from the invite link (`invitedBy`) the viewer signed up through.' }) invitedBy!: string;
}

@ObjectType('RecordReferralPayload', { description: 'What recordReferral answers: whether the inviter was recorded.' })
export class RecordReferralPayload {
  @Field(() => Boolean, { description: 'Whether this recorded the viewer’s inviter; false when one was recorded already (a person is invited once) or the link was the viewer’s own.' })
  recorded!: boolean;
}
