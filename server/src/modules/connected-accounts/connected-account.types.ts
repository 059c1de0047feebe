import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { SocialAccount } from '../networks/index.js';

@ObjectType('ConnectedSocialAccount', { description: 'One of your social accounts as /settings/accounts lists it: verified, or waiting for its code to appear in the bio.' })
export class ConnectedSocialAccount {
  @Field(() => SocialAccount, { description: 'The social account: its network, handle and name.' }) account!: SocialAccount;

  @Field(() => Boolean, { description: 'True once Byline found your code in the account’s bio: its posts count as yours.' })
  isVerified!: boolean;

  @Field(() => Date, { nullable: true, description: 'When you proved the account is yours; null while pending.' })
  verifiedAt!: Date | null;

  @Field(() => String, { nullable: true, description: 'The code to put in the account’s bio (e.g. byline-7KQ2); null once verified.' })
  verificationCode!: string | null;

  @Field(() => Date, { nullable: true, description: 'Until when the code counts (a day after it was given); connect again for a new one after that.' })
  codeExpiresAt!: Date | null;
}

@InputType('ConnectSocialAccountInput', { description: 'The account to connect: its network and handle.' })
export class ConnectSocialAccountInput {
  @Field(() => ID, { description: 'The global id of the Network the account is on.' }) networkId!: string;

  @Field(() => String, {
    description: 'The account’s username (a leading @ is fine) or a link to its profile, e.g. maya.makes, @maya.makes or https://www.tiktok.com/@maya.makes.',
  })
  handleOrUrl!: string;
}

@ObjectType('ConnectSocialAccountPayload', { description: 'What connectSocialAccount answers: the pending connection and the code to put in the bio.' })
export class ConnectSocialAccountPayload {
  @Field(() => ConnectedSocialAccount, { description: 'The connection, pending: put its verificationCode in the account’s bio, then verify.' })
  connectedAccount!: ConnectedSocialAccount;
}

@InputType('VerifySocialAccountInput', { description: 'The connected account whose bio now carries the code.' })
export class VerifySocialAccountInput {
  @Field(() => ID, { description: 'The global id of the SocialAccount you connected.' }) socialAccountId!: string;
}

@ObjectType('VerifySocialAccountPayload', { description: 'What verifySocialAccount answers: the verified connection and how many credits became yours.' })
export class VerifySocialAccountPayload {
  @Field(() => ConnectedSocialAccount, { description: 'The connection, now verified: the account’s posts count as yours.' }) connectedAccount!: ConnectedSocialAccount;

  @Field(() => Int, { description: 'How many credits people had given this account that became yours (pending your answer).' })
  claimedCreditCount!: number;
}

@InputType('DisconnectSocialAccountInput', { description: 'The account to disconnect.' })
export class DisconnectSocialAccountInput {
  @Field(() => ID, { description: 'The global id of the SocialAccount to disconnect.' }) socialAccountId!: string;
}

@ObjectType('DisconnectSocialAccountPayload', { description: 'What disconnectSocialAccount answers: which account is no longer yours.' })
export class DisconnectSocialAccountPayload {
  @Field(() => ID, { description: 'The global id of the account that is no longer connected to you: its posts no longer count as yours.' })
  disconnectedSocialAccountId!: string;
}
