import type { GraphQLResolveInfo } from 'graphql';
import { Arg, Args, Ctx, FieldResolver, Info, Mutation, Query, Resolver, Root } from 'type-graphql';
import { creditRoleById } from '../../../../domain/credit-roles.js';
import { networkById } from '../../../../domain/networks.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { RequestContext, UserView } from '../users/index.js';
import { requireViewer } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { selectedFieldArguments } from '../../graphql/selection-arguments.js';
import { whenLoaded } from '../../db/request-loader.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../graphql/pagination.js';
import { SocialAccount } from '../networks/index.js';
import type { SocialAccountView } from '../networks/index.js';
import { findPostViews, type PostView } from '../posts/index.js';
import { movePinnedPost, setPortfolioPlacement } from './portfolio-placement.service.js';
import { mayArrangePortfolio } from './profile.policy.js';
import { User } from '../users/index.js';
import { MAX_COLLABORATORS, portfolioSummary, WHOLE_SUMMARY, type Collaborator, type PortfolioSummaryAsk, type PortfolioTotals as Totals, type RoleHeld } from './portfolio-summary.service.js';
import { MAX_PROFILE_ACCOUNTS, findProfileUser, portfolioPosts, verifiedAccounts, type PortfolioConnection } from './profile.service.js';
import {
  CollaboratorType,
  CollaboratorsArgs,
  MovePinnedPortfolioPostInput,
  MovePinnedPortfolioPostPayload,
  Portfolio,
  PortfolioPostConnection,
  PortfolioPostsArgs,
  PortfolioTotals,
  RoleHeldType,
  SetPortfolioPostPlacementInput,
  SetPortfolioPostPlacementPayload,
} from './profile.types.js';

/** The profile page's ways in: a user by username that fails loudly, and their portfolio. */
@Resolver(() => User)
export class ProfileUserResolver {
  @Query(() => User, { description: 'The profile at /{username} (any case), open to everyone, signed out too. Unlike `user(username:)`, an unknown username is an error: NOT_FOUND, "User was not found", with `details.gone` true when the name was a deleted account\'s.' })
  userByUsername(@Arg('username', () => String, { description: 'The username in the profile’s address, in any case.' }) username: string, @Ctx() { em, viewer }: RequestContext): Promise<User> {
    return findProfileUser(em, viewer, username);
  }

  @FieldResolver(() => Portfolio, { description: 'What the user’s profile shows, as the viewer may see it.' })
  portfolio(@Root() user: UserView, @Info() info: GraphQLResolveInfo): Portfolio {
    return { owner: user, summaryAsk: summaryAskOf(info) };
  }
}

@Resolver(() => Portfolio)
export class PortfolioResolver {
  @FieldResolver(() => String, { nullable: true, description: 'The user’s own words about themself.' })
  bio(@Root() { owner }: Portfolio): string | null {
    return owner.bio;
  }

  @FieldResolver(() => String, { nullable: true, description: 'The user’s website.' })
  website(@Root() { owner }: Portfolio): string | null {
    return owner.website;
  }

  @FieldResolver(() => String, { nullable: true, description: 'Where the user is, readably ("Lisbon, Portugal").' })
  locationName(@Root() { owner }: Portfolio): string | null {
    return owner.locationName;
  }

  @FieldResolver(() => Boolean, { description: 'The viewer may pin, order and hide this portfolio’s posts: its owner only.' })
  viewerCanArrange(@Root() { owner }: Portfolio, @Ctx() { viewer }: RequestContext): boolean {
    return mayArrangePortfolio(viewer, owner.id);
  }

  @FieldResolver(() => PortfolioTotals, { description: 'Posts, views and likes over the portfolio.' })
  totals(@Root() { owner, summaryAsk }: Portfolio, @Ctx() { em, viewer }: RequestContext): Totals | Promise<Totals> {
    return whenLoaded(portfolioSummary(em, viewer, owner.id, summaryAsk), (summary) => summary.totals);
  }

  @FieldResolver(() => [RoleHeldType], { description: 'The roles the user is credited in, with post counts, most posts first: a fixed set, at most one entry per credit role.' })
  rolesHeld(@Root() { owner, summaryAsk }: Portfolio, @Ctx() { em, viewer }: RequestContext): RoleHeld[] | Promise<RoleHeld[]> {
    return whenLoaded(portfolioSummary(em, viewer, owner.id, summaryAsk), (summary) => summary.rolesHeld);
  }

  @FieldResolver(() => [CollaboratorType], { description: `The people most often credited on the same posts, most shared posts first: at most ${MAX_COLLABORATORS}.` })
  collaborators(@Root() { owner, summaryAsk }: Portfolio, @Args(() => CollaboratorsArgs) { first }: CollaboratorsArgs, @Ctx() { em, viewer }: RequestContext): Collaborator[] | Promise<Collaborator[]> {
    if (!isCollaboratorCount(first)) throw new InvalidInput(`first must be between 1 and ${MAX_COLLABORATORS}`);
    // The shared statement reads as many as the largest `first` asked; each field takes its own.
    const ask = summaryAsk.collaborators >= first ? summaryAsk : { ...summaryAsk, collaborators: first };
    return whenLoaded(portfolioSummary(em, viewer, owner.id, ask), (summary) => summary.collaborators.slice(0, first));
  }

  @FieldResolver(() => [SocialAccount], { description: `The social accounts the user proved are theirs (with their followers and links), most followed first: at most ${MAX_PROFILE_ACCOUNTS}.` })
  socialAccounts(@Root() { owner }: Portfolio, @Ctx() { em }: RequestContext): Promise<SocialAccountView[]> {
    return verifiedAccounts(em, owner);
  }

  @FieldResolver(() => PortfolioPostConnection, {
    description: 'The portfolio’s posts: those the owner pinned first, in their order, then the rest newest or most viewed first; optionally narrowed to a role or a network. Posts the owner hid are left out, except for the owner (marked `isHidden`).',
  })
  creditedPosts(@Root() { owner }: Portfolio, @Args(() => PortfolioPostsArgs) args: PortfolioPostsArgs, @Ctx() { em, viewer }: RequestContext): Promise<PortfolioConnection> {
    const first = args.first ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
    return portfolioPosts(em, viewer, owner, {
      first,
      after: args.after ?? null,
      order: args.orderBy,
      narrowing: { roleId: knownId(args.roleId, 'CreditRole', creditRoleById), networkId: knownId(args.networkId, 'Network', networkById) },
    });
  }
}

/** The owner arranging their profile: pins, their order and hidden posts (docs/product.md §Profiles). */
@Resolver()
export class PortfolioPlacementResolver {
  @Mutation(() => SetPortfolioPostPlacementPayload, {
    description: 'Pins a post of your portfolio (after your other pins; at most 12), hides it (still credited, not shown to others) or shows it as usual. Only the profile’s owner may: FORBIDDEN for anyone else.',
  })
  async setPortfolioPostPlacement(@Arg('input', () => SetPortfolioPostPlacementInput, { description: 'The post and its placement.' }) input: SetPortfolioPostPlacementInput, @Ctx() context: RequestContext): Promise<SetPortfolioPostPlacementPayload> {
    const viewer = requireViewer(context);
    const postId = parseGlobalId(input.postId, 'Post');
    await setPortfolioPlacement(context.em, viewer, parseGlobalId(input.userId, 'User'), postId, input.placement);
    const [post] = await postViewsByIds(context, [postId]);
    if (!post) throw new Error(`Placed post ${postId} not found`);
    return { post, placement: input.placement };
  }

  @Mutation(() => MovePinnedPortfolioPostPayload, { description: 'Moves one of your pinned posts after another (or first). Only the profile’s owner may: FORBIDDEN for anyone else.' })
  async movePinnedPortfolioPost(@Arg('input', () => MovePinnedPortfolioPostInput, { description: 'The pinned post and the one it goes after.' }) input: MovePinnedPortfolioPostInput, @Ctx() context: RequestContext): Promise<MovePinnedPortfolioPostPayload> {
    const viewer = requireViewer(context);
    const afterPostId = input.afterPostId ? parseGlobalId(input.afterPostId, 'Post') : null;
    const order = await movePinnedPost(context.em, viewer, parseGlobalId(input.userId, 'User'), parseGlobalId(input.postId, 'Post'), afterPostId);
    const posts = await postViewsByIds(context, order);
    return { pinnedPosts: order.map((id) => posts.find((post) => post.id === id)).filter((post): post is PostView => post !== undefined) };
  }
}

async function postViewsByIds({ em }: RequestContext, ids: readonly number[]): Promise<PostView[]> {
  return ids.length === 0 ? [] : findPostViews(em, { id: { $in: [...ids] } }, { orderBy: { id: 'asc' }, limit: ids.length });
}

const isCollaboratorCount = (first: unknown): first is number => Number.isInteger(first) && (first as number) >= 1 && (first as number) <= MAX_COLLABORATORS;

/**
 * What this response asks of the portfolio's numbers (portfolio-summary.service.ts), so its
 * totals, roles and collaborators come from one statement; all of them when the selection cannot
 * be read (a field then still gets its own answer, only less shared).
 */
function summaryAskOf(info: GraphQLResolveInfo): PortfolioSummaryAsk {
  const [totals, rolesHeld, collaborators] = (['totals', 'rolesHeld', 'collaborators'] as const).map((field) => selectedFieldArguments(info, 'Portfolio', field));
  if (!totals || !rolesHeld || !collaborators) return WHOLE_SUMMARY;
  const counts = collaborators.map((args) => args.first).filter(isCollaboratorCount);
  return { totals: totals.length > 0, rolesHeld: rolesHeld.length > 0, collaborators: Math.max(0, ...counts) };
}

/** A role or network id from the fixed sets, or InvalidInput (an unknown one cannot match anything). */
function knownId(id: string | null | undefined, typeName: string, lookup: (id: number) => unknown): number | null {
  if (id === null || id === undefined) return null;
  const databaseId = parseGlobalId(id, typeName);
  if (!lookup(databaseId)) throw new InvalidInput('Invalid id', { id, expectedType: typeName });
  return databaseId;
}
