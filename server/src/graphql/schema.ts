import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type NonEmptyArray, type PubSub } from 'type-graphql';
import { AdminUsersResolver } from '../modules/admin/admin-users.resolver.js';
import { withMasqueradeAudit } from '../modules/audit/audit-masquerade.middleware.js';
import { PersonalAccessTokenResolver } from '../modules/auth/tokens/personal-access-token.resolver.js';
import { BillingResolver } from '../modules/billing/billing.resolver.js';
import { CreditResolver } from '../modules/credits/credit.resolver.js';
import { NetworkResolver, SocialAccountResolver } from '../modules/networks/network.resolver.js';
import { ListPersonResolver, ListPostResolver, ListResolver, PostListsResolver, UserListsResolver } from '../modules/lists/list.resolver.js';
import { NotificationResolver, NotificationSubscriptionResolver } from '../modules/notifications/notification.resolver.js';
import { PostResolver } from '../modules/posts/post.resolver.js';
import { PortfolioResolver, ProfileUserResolver } from '../modules/profiles/profile.resolver.js';
import { SearchResolver } from '../modules/search/search.resolver.js';
import { TeamMemberResolver, TeamResolver } from '../modules/teams/team.resolver.js';
import { UserStandingResolver } from '../modules/users/user-standing.resolver.js';
import { UserResolver } from '../modules/users/user.resolver.js';
import { WebhookResolver } from '../modules/webhooks/webhook.resolver.js';
import { RateLimitResolver } from './cost-limit/rate-limit.resolver.js';
import { createNodeResolver } from './node.js';
import { NODE_TYPES } from './node-types.js';
import { withTextArgumentGuard } from './text-argument-guard.js';

// Listed explicitly (no folder scanning) so the schema is the same from sources and from dist/.
const RESOLVERS: NonEmptyArray<Function> = [
  createNodeResolver(NODE_TYPES),
  UserResolver,
  UserStandingResolver,
  PersonalAccessTokenResolver,
  BillingResolver,
  NetworkResolver,
  SocialAccountResolver,
  PostResolver,
  ProfileUserResolver,
  PortfolioResolver,
  CreditResolver,
  TeamResolver,
  TeamMemberResolver,
  NotificationResolver,
  NotificationSubscriptionResolver,
  SearchResolver,
  AdminUsersResolver,
  WebhookResolver,
  ListResolver,
  ListPersonResolver,
  ListPostResolver,
  UserListsResolver,
  PostListsResolver,
  RateLimitResolver,
];

/**
 * The one schema served over HTTP and WebSocket and emitted to schema/schema.graphql.
 * Built per server so each uses its own pub/sub connection. Every mutation is audited with
 * both identities while an admin masquerades (spec 4.6), whichever module defines it, and
 * refused NUL characters count as such an attempt (the guard runs inside the audit).
 */
export async function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return withMasqueradeAudit(withTextArgumentGuard(await buildSchema({ resolvers: RESOLVERS, validate: false, pubSub })));
}
