import { Arg, Args, Ctx, FieldResolver, Query, Resolver, Root } from 'type-graphql';
import { creditRoleById } from '../../../../domain/credit-roles.js';
import { networkById } from '../../../../domain/networks.js';
import { InvalidInput } from '../../errors/app-errors.js';
import type { Connection } from '../../graphql/connection.js';
import type { RequestContext, UserView } from '../users/index.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '../../graphql/pagination.js';
import { SocialAccount } from '../networks/index.js';
import type { SocialAccountView } from '../networks/index.js';
import { Post, PostConnection } from '../posts/index.js';
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
  type RoleHeld,
} from './profile.service.js';
import { CollaboratorType, CollaboratorsArgs, Portfolio, PortfolioPostsArgs, PortfolioTotals, RoleHeldType } from './profile.types.js';

/** The profile page's ways in: a user by username that fails loudly, and their portfolio. */
@Resolver(() => User)
export class ProfileUserResolver {
  @Query(() => User, { description: 'The profile at /{username} (any case), open to everyone, signed out too. Unlike `user(username:)`, an unknown username is an error: NOT_FOUND, "User was not found", with `details.gone` true when the name was a deleted account\'s.' })
  userByUsername(@Arg('username', () => String) username: string, @Ctx() { em, viewer }: RequestContext): Promise<User> {
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

  @FieldResolver(() => PostConnection, { description: 'The portfolio’s posts, newest or most viewed first, optionally narrowed to a role or a network.' })
  creditedPosts(@Root() { owner }: Portfolio, @Args(() => PortfolioPostsArgs) args: PortfolioPostsArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<Post>> {
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

/** A role or network id from the fixed sets, or InvalidInput (an unknown one cannot match anything). */
function knownId(id: string | null | undefined, typeName: string, lookup: (id: number) => unknown): number | null {
  if (id === null || id === undefined) return null;
  const databaseId = parseGlobalId(id, typeName);
  if (!lookup(databaseId)) throw new InvalidInput('Invalid id', { id, expectedType: typeName });
  return databaseId;
}
