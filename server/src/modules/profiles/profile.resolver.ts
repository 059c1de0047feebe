import { Arg, Args, Ctx, FieldResolver, Mutation, Query, Resolver, Root } from 'type-graphql';
import { creditRoleById } from '../../../../domain/credit-roles.js';
import { networkById } from '../../../../domain/networks.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { RequestContext, UserView } from '../users/index.js';
import { requireViewer } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../graphql/pagination.js';
import { SocialAccount } from '../networks/index.js';
import type { SocialAccountView } from '../networks/index.js';
import { findPostViews, type PostView } from '../posts/index.js';
import { movePinnedPost, setPortfolioPlacement } from './portfolio-placement.service.js';
import { mayArrangePortfolio } from './profile.policy.js';
import { User } from '../users/index.js';
import {
  MAX_COLLABORATORS,
  MAX_PROFILE_ACCOUNTS,
  collaborators,
  findProfileUser,
  portfolioPosts,
  portfolioTotals,
  rolesHeld,
  verifiedAccounts,
  type Collaborator,
  type PortfolioConnection,
  type RoleHeld,
} from './profile.service.js';
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
  portfolio(@Root() user: UserView): Portfolio {
    return { owner: user };
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
  totals(@Root() { owner }: Portfolio, @Ctx() { em, viewer }: RequestContext): Promise<PortfolioTotals> {
    return portfolioTotals(em, viewer, owner);
  }

  @FieldResolver(() => [RoleHeldType], { description: 'The roles the user is credited in, with post counts, most posts first: a fixed set, at most one entry per credit role.' })
  rolesHeld(@Root() { owner }: Portfolio, @Ctx() { em, viewer }: RequestContext): Promise<RoleHeld[]> {
    return rolesHeld(em, viewer, owner);
  }

  @FieldResolver(() => [CollaboratorType], { description: `The people most often credited on the same posts, most shared posts first: at most ${MAX_COLLABORATORS}.` })
  collaborators(@Root() { owner }: Portfolio, @Args(() => CollaboratorsArgs) { first }: CollaboratorsArgs, @Ctx() { em, viewer }: RequestContext): Promise<Collaborator[]> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_COLLABORATORS) throw new InvalidInput(`first must be between 1 and ${MAX_COLLABORATORS}`);
    return collaborators(em, viewer, owner, first);
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

/** A role or network id from the fixed sets, or InvalidInput (an unknown one cannot match anything). */
function knownId(id: string | null | undefined, typeName: string, lookup: (id: number) => unknown): number | null {
  if (id === null || id === undefined) return null;
  const databaseId = parseGlobalId(id, typeName);
  if (!lookup(databaseId)) throw new InvalidInput('Invalid id', { id, expectedType: typeName });
  return databaseId;
}
