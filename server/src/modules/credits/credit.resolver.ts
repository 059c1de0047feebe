import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { CreditStatus } from '../../../../domain/enums.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext } from '../users/index.js';
import { parseGlobalId, toGlobalId } from '../../graphql/global-id.js';
import { readOffsetPage } from '../../graphql/offset-pagination.js';
import { PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { loadById } from '../../db/references.js';
import { whenLoaded } from '../../db/request-loader.js';
import { isAdminViewer, requireViewer, User, loadUserView, type UserView } from '../users/index.js';
import { loadSocialAccountView } from '../networks/index.js';
import { Post } from '../posts/index.js';
import { CreditConnection } from './credit-connection.js';
import { CreditRole } from './credit-role.entity.js';
import { CREDIT_ROLES, listCreditRoles } from './credit-role.service.js';
import { DEFAULT_CANDIDATES, findCreditCandidates, MAX_CANDIDATE_DEPTH, MAX_CANDIDATES } from './credit-candidates.js';
import { Credit } from './credit.entity.js';
import type { CreditView } from './credit.view.js';
import { inviteeDisplayName } from './credit-person.js';
import { creditFacts, creditPermissions, creditStandingOn } from './credit.policy.js';
import { acceptCredit, addCredit, claimCreditByToken, declineCredit, findClaimableCredit, listViewerPendingCredits, removeCredit } from './credit.service.js';
import {
  AcceptCreditInput,
  AcceptCreditPayload,
  AddCreditInput,
  AddCreditPayload,
  ClaimCreditInput,
  ClaimCreditPayload,
  CreditCandidateArgs,
  CreditClaim,
  CreditInvitee,
  CreditStatusEnum,
  CreditViewerCan,
  DeclineCreditInput,
  DeclineCreditPayload,
  RemoveCreditInput,
  RemoveCreditPayload,
  UserConnection,
} from './credit.types.js';

@Resolver(() => Credit)
export class CreditResolver {
  @Query(() => [CreditRole], { description: 'Roles a person can be credited for, in display order: a fixed set (at most 100), not paged.' })
  creditRoles(@Ctx() { em }: RequestContext): Promise<CreditRole[]> {
    return listCreditRoles(em);
  }

  @Query(() => UserConnection, { description: `Members whose name or username matches \`query\`, best first, for choosing whom to credit (signed in). Up to ${MAX_CANDIDATES} a page, the ${MAX_CANDIDATE_DEPTH} best at most.` })
  creditCandidates(@Arg('query', () => String, { description: 'Part of the person’s name or username, as typed into the person picker.' }) query: string, @Args(() => CreditCandidateArgs) args: CreditCandidateArgs, @Ctx() context: RequestContext): Promise<Connection<User>> {
    requireViewer(context);
    return findCreditCandidates(context.em, query, readOffsetPage(args, DEFAULT_CANDIDATES));
  }

  @Query(() => CreditConnection, { description: 'Credits others gave the viewer that wait for their answer, newest first.' })
  viewerPendingCredits(@Args(() => PageArgs) args: PageArgs, @Ctx() context: RequestContext): Promise<Connection<Credit>> {
    const viewer = requireViewer(context);
    return listViewerPendingCredits(context.em, viewer, readKeysetPage(args));
  }

  @Query(() => CreditClaim, {
    nullable: true,
    description: 'What a claim link (/credits/claim/{token}) offers, for its page; open to signed-out visitors. Null when the link is unknown, already used or expired.',
  })
  async creditClaim(@Arg('token', () => String, { description: 'The token from the claim link (/credits/claim/{token}).' }) token: string, @Ctx() { em }: RequestContext): Promise<CreditClaim | null> {
    const credit = await findClaimableCredit(em, token);
    if (!credit) return null;
    // The link is the invitee's: it shows the post they were credited on even when the post is
    // private, as an invitation link shows the repository it invites to.
    return {
      post: credit.post.getEntity(),
      role: credit.role.getEntity(),
      addedBy: credit.addedBy?.getEntity() ?? null,
      inviteeDisplayName: inviteeDisplayName({ email: credit.inviteeEmail, handle: (await credit.inviteeAccount?.load())?.handle ?? null }),
    };
  }

  @Mutation(() => AddCreditPayload, {
    description:
      'Credits a person on a post in a role. Anyone signed in may credit themselves (accepted at once); whoever tracked the post, the verified owner of its account, members of a paid team that manages that account and admins may credit others, whose credit waits for their answer. Someone not on Byline is mailed a claim link (by email) or gets one through the returned claimUrl (by social account). Fails with "That resource already exists" when the person already has that role on the post.',
  })
  async addCredit(@Arg('input', () => AddCreditInput, { description: 'The post, role and person.' }) input: AddCreditInput, @Ctx() context: RequestContext): Promise<AddCreditPayload> {
    const viewer = requireViewer(context);
    return addCredit({ em: context.em, boss: context.boss, publicUrl: context.config.publicUrl }, viewer, {
      postId: parseGlobalId(input.postId, 'Post'),
      roleId: parseGlobalId(input.roleId, 'CreditRole'),
      person: input.person,
    });
  }

  @Mutation(() => AcceptCreditPayload, { description: 'The credited person accepts a pending credit: it shows on their profile and to everyone who can see the post.' })
  async acceptCredit(@Arg('input', () => AcceptCreditInput, { description: 'The credit to accept.' }) input: AcceptCreditInput, @Ctx() context: RequestContext): Promise<AcceptCreditPayload> {
    const viewer = requireViewer(context);
    return { credit: await acceptCredit(context.em, viewer, parseGlobalId(input.creditId, 'Credit')) };
  }

  @Mutation(() => DeclineCreditPayload, { description: 'The credited person declines a credit (pending or accepted): it is hidden from everyone else and they are not asked again for that role.' })
  async declineCredit(@Arg('input', () => DeclineCreditInput, { description: 'The credit to decline.' }) input: DeclineCreditInput, @Ctx() context: RequestContext): Promise<DeclineCreditPayload> {
    const viewer = requireViewer(context);
    return { credit: await declineCredit(context.em, viewer, parseGlobalId(input.creditId, 'Credit')) };
  }

  @Mutation(() => RemoveCreditPayload, { description: 'Removes a credit. The credited person may remove their own; a pending credit may also be removed by whoever added it, whoever first imported the post, a paid team managing its account, the verified owner of that account and admins; an accepted one only by the credited person, that owner and admins.' })
  async removeCredit(@Arg('input', () => RemoveCreditInput, { description: 'The credit to remove.' }) input: RemoveCreditInput, @Ctx() context: RequestContext): Promise<RemoveCreditPayload> {
    const viewer = requireViewer(context);
    const removed = await removeCredit(context.em, viewer, parseGlobalId(input.creditId, 'Credit'));
    return { removedCreditId: toGlobalId('Credit', removed) };
  }

  @Mutation(() => ClaimCreditPayload, { description: 'Takes the credit behind a claim link (signed in): it becomes the viewer’s, pending until they accept it.' })
  async claimCredit(@Arg('input', () => ClaimCreditInput, { description: 'The claim link’s token.' }) input: ClaimCreditInput, @Ctx() context: RequestContext): Promise<ClaimCreditPayload> {
    return { credit: await claimCreditByToken(context.em, context.viewer, input.token) };
  }

  @FieldResolver(() => CreditRole, { description: 'The role the person is credited for.' })
  role(@Root() credit: CreditView, @Ctx() { em }: RequestContext): CreditRole | Promise<CreditRole> {
    return CREDIT_ROLES.byId(em, credit.role.id);
  }

  @FieldResolver(() => User, { nullable: true, description: 'The credited person; null while they are not on Byline yet (see invitee).' })
  user(@Root() credit: CreditView, @Ctx() { em }: RequestContext): UserView | null | Promise<UserView | null> {
    return credit.user ? loadUserView(em, credit.user.id) : null;
  }

  @FieldResolver(() => Post, { description: 'The post the credit is on.' })
  post(@Root() credit: CreditView, @Ctx() { em }: RequestContext): Promise<Post> {
    return loadById(em, Post, credit.post.id);
  }

  @FieldResolver(() => CreditStatusEnum, { description: 'PENDING, ACCEPTED or DECLINED; only ACCEPTED credits show to everyone who can see the post.' })
  status(@Root() credit: CreditView): CreditStatus {
    return credit.status;
  }

  @FieldResolver(() => User, { nullable: true, description: 'Who gave the credit; null when the credited person added it themselves, or for a former member.' })
  addedBy(@Root() credit: CreditView, @Ctx() { em }: RequestContext): UserView | null | Promise<UserView | null> {
    if (!credit.addedBy || credit.addedBy.id === credit.user?.id) return null;
    return loadUserView(em, credit.addedBy.id);
  }

  @FieldResolver(() => CreditInvitee, { nullable: true, description: 'The person credited while they are not on Byline yet; null once the credit is a member’s.' })
  invitee(@Root() credit: CreditView, @Ctx() { em, viewer }: RequestContext): CreditInvitee | null | Promise<CreditInvitee | null> {
    if (credit.user) return null;
    return whenLoaded(credit.inviteeAccount ? loadSocialAccountView(em, credit.inviteeAccount.id) : null, (account) => {
      // The address is personal: only whoever typed it (and admins) read it back.
      const mayReadEmail = viewer !== null && (credit.addedBy?.id === viewer.user.id || isAdminViewer(viewer));
      return {
        email: mayReadEmail ? credit.inviteeEmail : null,
        socialAccount: account,
        displayName: inviteeDisplayName({ email: credit.inviteeEmail, handle: account?.handle ?? null }),
      };
    });
  }

  @FieldResolver(() => Date, { description: 'When the credit was added.' })
  createdAt(@Root() credit: CreditView): Date {
    return credit.createdAt;
  }

  @FieldResolver(() => Date, { nullable: true, description: 'When the credited person accepted or declined it (or added it, for their own credit).' })
  respondedAt(@Root() credit: CreditView): Date | null {
    return credit.respondedAt;
  }

  @FieldResolver(() => CreditViewerCan, { description: 'What the viewer may do with the credit: accept, decline, remove, report.' })
  viewerCan(@Root() credit: CreditView, @Ctx() { em, viewer }: RequestContext): CreditViewerCan | Promise<CreditViewerCan> {
    return whenLoaded(creditStandingOn(em, viewer, { id: credit.post.id }), (standing) => creditPermissions(viewer, creditFacts(credit), standing));
  }
}
