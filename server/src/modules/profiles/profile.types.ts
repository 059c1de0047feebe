import { GraphQLSafeInt } from 'graphql-scalars';
import { ArgsType, Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { MAX_PINNED_POSTS, type PortfolioPlacement } from '../../../../domain/portfolio.js';
import { PageInfo } from '../../graphql/connection.js';
import { closedSetEnum } from '../../graphql/enums.js';
import { ForwardPageArgs } from '../../graphql/pagination.js';
import { CreditRole } from '../credits/index.js';
import { Post, type PostView } from '../posts/index.js';
import { User } from '../users/index.js';
import type { UserView } from '../users/index.js';
import { MAX_COLLABORATORS, type PortfolioSummaryAsk } from './portfolio-summary.service.js';
import type { PortfolioOrder } from './portfolio-cursor.js';

export const PortfolioPostOrderEnum = closedSetEnum<PortfolioOrder>('PortfolioPostOrder', { DATE: 'date', VIEWS: 'views' }, 'How a portfolio’s posts are sorted.', {
  DATE: 'Newest first, by when the post went out on its network (when Byline imported it, if the network does not say).',
  VIEWS: 'Most viewed first; posts whose views the network does not tell come last.',
});

/**
 * A user's portfolio: what their profile page shows. Not a node of its own: it is a view of the
 * user, worked out for the viewer (private posts count only for people who may see them, and
 * only accepted credits count).
 */
@ObjectType('Portfolio', { description: 'What a profile shows: the posts a user made (or, for a company, the posts of its accounts), their numbers, roles and collaborators. Private posts count only for viewers who may see them; only accepted credits count.' })
export class Portfolio {
  owner!: UserView;
  /** What the response asks of its numbers, read once for them all (portfolio-summary.service.ts). */
  summaryAsk!: PortfolioSummaryAsk;
}

@ObjectType('PortfolioTotals', { description: 'Sums over the portfolio’s posts; numbers a network does not tell count as 0.' })
export class PortfolioTotals {
  @Field(() => GraphQLSafeInt, { description: 'How many posts.' }) posts!: number;
  @Field(() => GraphQLSafeInt, { description: 'Views of those posts, added up.' }) views!: number;
  @Field(() => GraphQLSafeInt, { description: 'Likes of those posts, added up.' }) likes!: number;
}

@ObjectType('RoleHeld', { description: 'A role the user is credited in, with on how many posts.' })
export class RoleHeldType {
  @Field(() => CreditRole, { description: 'The credit role (Director, Photographer…).' }) role!: CreditRole;
  @Field(() => Int, { description: 'Posts of the portfolio the user holds this role on.' }) postCount!: number;
}

@ObjectType('Collaborator', { description: 'Someone credited on the same posts as the user.' })
export class CollaboratorType {
  @Field(() => User, { description: 'The person credited alongside.' }) user!: UserView;
  @Field(() => Int, { description: 'How many of the portfolio’s posts they are credited on.' }) sharedPostCount!: number;
}

@ArgsType()
export class PortfolioPostsArgs extends ForwardPageArgs {
  @Field(() => ID, { nullable: true, description: 'Only posts the user is credited on in this role (a CreditRole id).' }) roleId?: string | null;
  @Field(() => ID, { nullable: true, description: 'Only posts on this network (a Network id).' }) networkId?: string | null;
  @Field(() => PortfolioPostOrderEnum, { defaultValue: 'date', description: 'Newest first (DATE, the default) or most viewed first (VIEWS).' }) orderBy!: PortfolioOrder;
}

@ArgsType()
export class CollaboratorsArgs {
  @Field(() => Int, { defaultValue: 12, description: `How many, 1 to ${MAX_COLLABORATORS}.` }) first!: number;
}

export const PortfolioPlacementEnum = closedSetEnum<PortfolioPlacement>('PortfolioPlacement', { PINNED: 'pinned', SHOWN: 'shown', HIDDEN: 'hidden' }, 'Where a credited post sits on its creator’s profile.', {
  PINNED: `Leads the profile’s posts, in the order the creator chose (at most ${MAX_PINNED_POSTS} pins).`,
  SHOWN: 'Shown among the profile’s posts as usual.',
  HIDDEN: 'Still credited, but not shown on the profile to anyone but its owner.',
});

@ObjectType('PortfolioPostEdge', { description: 'One post of a portfolio, with its cursor and where its owner placed it.' })
export class PortfolioPostEdge {
  @Field(() => String, { description: 'Pass as `after` to page from here.' }) cursor!: string;
  @Field(() => Post, { description: 'The post.' }) node!: Post;
  @Field(() => Boolean, { description: 'Pinned by the owner: pinned posts lead the portfolio in the owner’s order.' }) isPinned!: boolean;
  @Field(() => Boolean, { description: 'Hidden by the owner: only the owner sees such posts here, so this is true only for them.' }) isHidden!: boolean;
}

@ObjectType('PortfolioPostConnection', { description: 'A page of a portfolio’s posts: pinned ones first, in their owner’s order, then the rest by the chosen sort.' })
export class PortfolioPostConnection {
  @Field(() => [PortfolioPostEdge], { description: 'The posts of this page, each with its cursor and placement.' }) edges!: PortfolioPostEdge[];
  @Field(() => [Post], { description: 'The nodes of the edges, for clients that need no cursors.' }) nodes!: Post[];
  @Field(() => PageInfo, { description: 'Where this page sits in the portfolio.' }) pageInfo!: PageInfo;
}

@InputType('SetPortfolioPostPlacementInput', { description: 'A post of the viewer’s portfolio and where it goes: pinned, shown or hidden.' })
export class SetPortfolioPostPlacementInput {
  @Field(() => ID, { description: 'The profile’s owner (a User): only they may arrange it.' }) userId!: string;
  @Field(() => ID, { description: 'A Post of their portfolio.' }) postId!: string;
  @Field(() => PortfolioPlacementEnum, { description: 'PINNED (at most 12: "You can pin up to 12 posts. Unpin one first."), SHOWN or HIDDEN.' }) placement!: PortfolioPlacement;
}

@ObjectType('SetPortfolioPostPlacementPayload', { description: 'The post with its new placement.' })
export class SetPortfolioPostPlacementPayload {
  @Field(() => Post, { description: 'The post placed.' }) post!: PostView;
  @Field(() => PortfolioPlacementEnum, { description: 'Where the post now is in the portfolio.' }) placement!: PortfolioPlacement;
}

@InputType('MovePinnedPortfolioPostInput', { description: 'A pinned post of the viewer’s portfolio and the pinned post it goes after.' })
export class MovePinnedPortfolioPostInput {
  @Field(() => ID, { description: 'The profile’s owner (a User): only they may arrange it.' }) userId!: string;
  @Field(() => ID, { description: 'A pinned Post of their portfolio.' }) postId!: string;
  @Field(() => ID, { nullable: true, description: 'The pinned Post it goes after; null puts it first.' }) afterPostId?: string | null;
}

@ObjectType('MovePinnedPortfolioPostPayload', { description: 'The pins in their new order.' })
export class MovePinnedPortfolioPostPayload {
  @Field(() => [Post], { description: `The pinned posts in their new order: at most ${MAX_PINNED_POSTS}.` }) pinnedPosts!: PostView[];
}
