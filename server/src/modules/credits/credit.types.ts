import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { CreditStatus } from '../../../../domain/enums.js';
import { connectionType } from '../../graphql/connection.js';
import { closedSetEnum } from '../../graphql/enums.js';
import { SocialAccount } from '../networks/index.js';
import type { SocialAccountView } from '../networks/index.js';
import { Post } from '../posts/index.js';
import { User } from '../users/index.js';
import { CreditRole } from './credit-role.entity.js';
import { Credit } from './credit.entity.js';

export const CreditStatusEnum = closedSetEnum<CreditStatus>(
  'CreditStatus',
  { PENDING: 'pending', ACCEPTED: 'accepted', DECLINED: 'declined' },
  'Where a credit stands with the credited person.',
  {
    PENDING: 'Added by someone else; waits for the credited person to accept it. Shown only to the people concerned.',
    ACCEPTED: 'The credited person accepted it (or credited themselves): shown to everyone who can see the post.',
    DECLINED: 'The credited person declined it: shown to them alone, and the same person is not asked again for that role.',
  },
);

/** Members as a list (the person picker's matches). */
export const UserConnection = connectionType('User', User);

@ArgsType()
export class CreditCandidateArgs {
  @Field(() => Int, { nullable: true, description: 'How many to return, 1 to 25; 10 when omitted.' })
  first?: number | null;

  @Field(() => String, { nullable: true, description: 'Return what comes after this cursor (the endCursor of the previous page).' })
  after?: string | null;
}

@ObjectType('CreditViewerCan', { description: 'What the viewer may do with a credit.' })
export class CreditViewerCan {
  @Field(() => Boolean, { description: 'Accept it: the viewer is the credited person and it is pending.' }) accept!: boolean;
  @Field(() => Boolean, { description: 'Decline it: the viewer is the credited person (an accepted credit can still be declined).' }) decline!: boolean;
  @Field(() => Boolean, { description: 'Remove it: always the credited person; while pending also whoever added it and whoever may credit others on the post; once accepted only the verified owner of the post\'s account and admins besides.' }) remove!: boolean;
  @Field(() => Boolean, { description: 'Report it as wrong: on an accepted credit, anyone signed in who may not remove it.' }) report!: boolean;
}

@ObjectType('CreditInvitee', { description: 'Someone credited who is not on Byline yet, known by email or by a social account until they claim the credit.' })
export class CreditInvitee {
  @Field(() => String, { nullable: true, description: 'The address the claim link was sent to: shown only to whoever added the credit and to admins.' })
  email!: string | null;

  @Field(() => SocialAccount, { nullable: true, description: 'The social account credited, when the person was credited by handle.' })
  socialAccount!: SocialAccountView | null;

  @Field(() => String, { description: 'What to show for the person: @handle for an account, or the email address hidden but for its first letter and domain.' })
  displayName!: string;
}

@InputType('SocialHandleInput', { description: 'An account on a social network, by handle or by a link to its profile.' })
export class SocialHandleInput {
  @Field(() => ID, { description: 'The global id of the Network.' }) networkId!: string;
  @Field(() => String, { description: 'The handle ("maya.makes" or "@maya.makes") or a link to the profile.' }) handle!: string;
}

@InputType('CreditPersonInput', { description: 'Who to credit: exactly one of a Byline user, an email address, or a social account.' })
export class CreditPersonInput {
  @Field(() => ID, { nullable: true, description: 'A Byline user’s global id (found with creditCandidates).' }) userId?: string | null;
  @Field(() => String, { nullable: true, description: 'Someone not on Byline yet: they are mailed a link to claim the credit.' }) email?: string | null;
  @Field(() => SocialHandleInput, { nullable: true, description: 'Someone known by a social account: its verified owner is credited, or whoever verifies it later; a shareable claim link is returned.' })
  socialAccount?: SocialHandleInput | null;
}

@InputType('AddCreditInput', { description: 'The post, the role and the person to credit.' })
export class AddCreditInput {
  @Field(() => ID, { description: 'The post’s global id.' }) postId!: string;
  @Field(() => ID, { description: 'The CreditRole’s global id.' }) roleId!: string;
  @Field(() => CreditPersonInput, { description: 'Who to credit: a Byline user, an email address or a social account (exactly one).' }) person!: CreditPersonInput;
}

@ObjectType('AddCreditPayload', { description: 'What addCredit answers: the credit and, for someone credited by social account, a claim link.' })
export class AddCreditPayload {
  @Field(() => Credit, { description: 'The new credit: ACCEPTED when you credited yourself, PENDING otherwise.' }) credit!: Credit;

  @Field(() => String, { nullable: true, description: 'For a person credited by social account who is not on Byline: a link to send them so they can claim it. Shown this once.' })
  claimUrl!: string | null;
}

@InputType('CreditIdInput')
export class CreditIdInput {
  @Field(() => ID, { description: 'The credit’s global id.' }) creditId!: string;
}

@InputType('AcceptCreditInput', { description: 'The credit to accept.' })
export class AcceptCreditInput extends CreditIdInput {}

@InputType('DeclineCreditInput', { description: 'The credit to decline.' })
export class DeclineCreditInput extends CreditIdInput {}

@InputType('RemoveCreditInput', { description: 'The credit to remove.' })
export class RemoveCreditInput extends CreditIdInput {}

@ObjectType('AcceptCreditPayload', { description: 'What acceptCredit answers: the credit, accepted.' })
export class AcceptCreditPayload {
  @Field(() => Credit, { description: 'The credit, now ACCEPTED.' }) credit!: Credit;
}

@ObjectType('DeclineCreditPayload', { description: 'What declineCredit answers: the credit, declined.' })
export class DeclineCreditPayload {
  @Field(() => Credit, { description: 'The credit, now DECLINED.' }) credit!: Credit;
}

@ObjectType('RemoveCreditPayload', { description: 'What removeCredit answers: which credit was removed.' })
export class RemoveCreditPayload {
  @Field(() => ID, { description: 'The global id of the credit that was removed.' }) removedCreditId!: string;
}

@InputType('ClaimCreditInput', { description: 'The claim link’s token.' })
export class ClaimCreditInput {
  @Field(() => String, { description: 'The token from the claim link (/credits/claim/{token}).' }) token!: string;
}

@ObjectType('ClaimCreditPayload', { description: 'What claimCredit answers: the credit, now the viewer’s.' })
export class ClaimCreditPayload {
  @Field(() => Credit, { description: 'The credit, now the viewer’s and pending until they accept it.' }) credit!: Credit;
}

@ObjectType('CreditClaim', { description: 'What a claim link offers, for the claim page: the post, the role and who gave the credit.' })
export class CreditClaim {
  @Field(() => Post, { description: 'The post the credit is on.' }) post!: Post;
  @Field(() => CreditRole, { description: 'The role credited.' }) role!: CreditRole;
  @Field(() => User, { nullable: true, description: 'Who added the credit; null for a former member.' }) addedBy!: User | null;
  @Field(() => String, { description: 'Who the credit was given to: @handle or the email address hidden but for its first letter and domain.' }) inviteeDisplayName!: string;
}

@ObjectType('PostViewerCan', { description: 'What the viewer may do with a post.' })
export class PostViewerCan {
  @Field(() => Boolean, { description: 'Credit other people on it: whoever tracked it, the verified owner of its posting account, members of a paid team that manages that account, and admins. Anyone signed in may credit themselves.' })
  addCredit!: boolean;
}
