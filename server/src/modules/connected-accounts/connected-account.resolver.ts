import { GraphQLSafeInt } from 'graphql-scalars';
import { Arg, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { requireViewer, User, loadUserView, type UserView } from '../users/index.js';
import { SocialAccount } from '../networks/index.js';
import type { SocialAccountView } from '../networks/index.js';
import { verifiedOwnerId } from './connected-account.policy.js';
import {
  connectSocialAccount,
  disconnectSocialAccount,
  listOwnConnections,
  verifySocialAccount,
  type ConnectedAccountView,
} from './connected-account.service.js';
import {
  ConnectedSocialAccount,
  ConnectSocialAccountInput,
  ConnectSocialAccountPayload,
  DisconnectSocialAccountInput,
  DisconnectSocialAccountPayload,
  VerifySocialAccountInput,
  VerifySocialAccountPayload,
} from './connected-account.types.js';
import { profileHttpFor } from './outbound-client.js';

function toConnected(view: ConnectedAccountView): ConnectedSocialAccount {
  return { ...view, isVerified: view.verifiedAt !== null };
}

@Resolver(() => ConnectedSocialAccount)
export class ConnectedAccountResolver {
  @Query(() => [ConnectedSocialAccount], {
    description: 'Your connected social accounts, verified and pending, by network then handle: at most 50 (connecting more is refused).',
  })
  async viewerSocialAccounts(@Ctx() context: RequestContext): Promise<ConnectedSocialAccount[]> {
    return (await listOwnConnections(context.em, requireViewer(context))).map(toConnected);
  }

  @Mutation(() => ConnectSocialAccountPayload, {
    description:
      'Connects a social account to your profile by username or profile link, and gives the code to put in its bio. Answers “Could not find a channel for that username” when the network has no such account, and “That resource already exists” when it is already verified (by you or someone else).',
  })
  async connectSocialAccount(@Arg('input', () => ConnectSocialAccountInput, { description: 'The network and the handle.' }) input: ConnectSocialAccountInput, @Ctx() context: RequestContext): Promise<ConnectSocialAccountPayload> {
    const viewer = requireViewer(context);
    const networkId = parseGlobalId(input.networkId, 'Network');
    const view = await connectSocialAccount(context.em, viewer, { networkId, handleOrUrl: input.handleOrUrl }, profileHttpFor(context.config));
    return { connectedAccount: toConnected(view) };
  }

  @Mutation(() => VerifySocialAccountPayload, {
    description:
      'Checks the account’s profile page for your code now. Found: the account is yours, its posts count as yours and credits waiting for it become yours, pending. Not found: an error saying so; nothing changes.',
  })
  async verifySocialAccount(@Arg('input', () => VerifySocialAccountInput, { description: 'The account to verify.' }) input: VerifySocialAccountInput, @Ctx() context: RequestContext): Promise<VerifySocialAccountPayload> {
    const viewer = requireViewer(context);
    const accountId = parseGlobalId(input.socialAccountId, 'SocialAccount');
    const { connection, claimedCredits } = await verifySocialAccount(context.em, viewer, accountId, profileHttpFor(context.config));
    return { connectedAccount: toConnected(connection), claimedCreditCount: claimedCredits };
  }

  @Mutation(() => DisconnectSocialAccountPayload, { description: 'Disconnects one of your social accounts: its posts stop counting as yours; credits you already claimed stay yours.' })
  async disconnectSocialAccount(
    @Arg('input', () => DisconnectSocialAccountInput, { description: 'The account to disconnect.' }) input: DisconnectSocialAccountInput,
    @Ctx() context: RequestContext,
  ): Promise<DisconnectSocialAccountPayload> {
    const viewer = requireViewer(context);
    const accountId = parseGlobalId(input.socialAccountId, 'SocialAccount');
    await disconnectSocialAccount(context.em, viewer, accountId);
    return { disconnectedSocialAccountId: toGlobalId('SocialAccount', accountId) };
  }
}

/** What connecting accounts adds to every SocialAccount: who proved it is theirs, and its reach. */
@Resolver(() => SocialAccount)
export class SocialAccountOwnershipResolver {
  @FieldResolver(() => GraphQLSafeInt, { nullable: true, description: 'Followers as last read from the account’s profile page; null when the network does not show them.' })
  followerCount(@Root() account: SocialAccountView): number | null {
    return account.followerCount === null || account.followerCount === undefined ? null : Number(account.followerCount);
  }

  @FieldResolver(() => Boolean, { description: 'True when a Byline user proved the account is theirs (a code in its bio): its posts are shown as theirs.' })
  isVerified(@Root() account: SocialAccountView): boolean {
    return verifiedOwnerId(account) !== null;
  }

  @FieldResolver(() => User, { nullable: true, description: 'The Byline user who proved the account is theirs; null when nobody has.' })
  owner(@Root() account: SocialAccountView, @Ctx() context: RequestContext): UserView | null | Promise<UserView | null> {
    const ownerId = verifiedOwnerId(account);
    return ownerId === null ? null : loadUserView(context.em, ownerId);
  }
}
