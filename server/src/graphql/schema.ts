import 'reflect-metadata';
import type { GraphQLSchema } from 'graphql';
import { buildSchema, type BuildSchemaOptions, type NonEmptyArray, type PubSub } from 'type-graphql';
import { AdminUsersResolver } from '../modules/admin/admin-users.resolver.js';
import { withMasqueradeAudit } from '../modules/audit/audit-masquerade.middleware.js';
import { PersonalAccessTokenResolver } from '../modules/auth/tokens/personal-access-token.resolver.js';
import { BillingResolver } from '../modules/billing/billing.resolver.js';
import { TeamBillingFieldResolver, TeamBillingResolver } from '../modules/billing/team-billing.resolver.js';
import { NotificationCreditResolver } from '../modules/credits/credit-notification.resolver.js';
import { CreditResolver } from '../modules/credits/credit.resolver.js';
import { CreditReportResolver } from '../modules/credits/reports/credit-report.resolver.js';
import { CreditSuggestionResolver } from '../modules/credits/suggestions/credit-suggestion.resolver.js';
import { ConnectedAccountResolver, SocialAccountOwnershipResolver } from '../modules/connected-accounts/connected-account.resolver.js';
import { NetworkResolver, SocialAccountResolver } from '../modules/networks/network.resolver.js';
import { ListPersonResolver, ListPostResolver, ListResolver, PostListsResolver, UserListsResolver } from '../modules/lists/list.resolver.js';
import { NotificationResolver, NotificationSubscriptionResolver } from '../modules/notifications/notification.resolver.js';
import { PostResolver } from '../modules/posts/post.resolver.js';
import { PortfolioResolver, ProfileUserResolver } from '../modules/profiles/profile.resolver.js';
import { SearchResolver } from '../modules/search/search.resolver.js';
import { TopSearchResolver } from '../modules/search/top-search.resolver.js';
import { SearchCriteriaResolver } from '../modules/search/search-criteria.resolver.js';
import { ExploreResolver } from '../modules/search/explore/explore.resolver.js';
import { CreatorSearchResolver } from '../modules/search/creators/creator-search.resolver.js';
import { TeamMemberResolver, TeamResolver } from '../modules/teams/team.resolver.js';
import { TeamInvitationResolver, TeamInvitationsFieldResolver } from '../modules/teams/invitations/team-invitations.resolver.js';
import { TeamMembersMutationResolver } from '../modules/teams/members/team-members.resolver.js';
import { TeamAccountResolver } from '../modules/teams/managed-accounts/team-accounts.resolver.js';
import { TeamCreatorCommentResolver, TeamCreatorResolver, TeamCreatorSourcingResolver, TeamStageResolver } from '../modules/teams/stages/team-stages.resolver.js';
import { TeamReportResolver } from '../modules/teams/reports/team-reports.resolver.js';
import { UserStandingResolver } from '../modules/teams/user-standing.resolver.js';
import { UserResolver } from '../modules/users/user.resolver.js';
import { SettingsResolver } from '../modules/settings/settings.resolver.js';
import { InviteResolver } from '../modules/invites/invite.resolver.js';
import { VisualMatchResolver } from '../modules/visualmatch/visualmatch.resolver.js';
import { WebhookResolver } from '../modules/webhooks/webhook.resolver.js';
import { HomeResolver } from '../modules/home/home.resolver.js';
import { BulkImportSubscriptionResolver, ManagerResolver } from '../modules/manager/manager.resolver.js';
import { AnalyticsResolver } from '../modules/analytics/analytics.resolver.js';
import { UserMilestonesResolver } from '../modules/milestones/milestone.resolver.js';
import { RateLimitResolver } from './cost-limit/rate-limit.resolver.js';
import { skipArgumentValuesForFieldsWithoutArguments } from './argument-values.js';
import { withDirectFieldResolvers } from './direct-resolvers.js';
import { createNodeResolver, withDirectGlobalIds } from './node.js';
import { NODE_TYPES } from './node-types.js';
import { withTextArgumentGuard } from './text-argument-guard.js';

// Listed explicitly (no folder scanning) so the schema is the same from sources and from dist/.
const RESOLVERS: NonEmptyArray<Function> = [
  createNodeResolver(NODE_TYPES),
  UserResolver,
  UserStandingResolver,
  SettingsResolver,
  InviteResolver,
  PersonalAccessTokenResolver,
  BillingResolver,
  TeamBillingFieldResolver,
  TeamBillingResolver,
  NetworkResolver,
  SocialAccountResolver,
  ConnectedAccountResolver,
  SocialAccountOwnershipResolver,
  PostResolver,
  ProfileUserResolver,
  PortfolioResolver,
  CreditResolver,
  NotificationCreditResolver,
  CreditReportResolver,
  CreditSuggestionResolver,
  TeamResolver,
  TeamMemberResolver,
  TeamInvitationResolver,
  TeamInvitationsFieldResolver,
  TeamMembersMutationResolver,
  TeamAccountResolver,
  TeamStageResolver,
  TeamCreatorResolver,
  TeamCreatorCommentResolver,
  TeamCreatorSourcingResolver,
  TeamReportResolver,
  NotificationResolver,
  NotificationSubscriptionResolver,
  SearchResolver,
  TopSearchResolver,
  SearchCriteriaResolver,
  ExploreResolver,
  CreatorSearchResolver,
  AdminUsersResolver,
  WebhookResolver,
  VisualMatchResolver,
  ListResolver,
  ListPersonResolver,
  ListPostResolver,
  UserListsResolver,
  PostListsResolver,
  RateLimitResolver,
  HomeResolver,
  ManagerResolver,
  BulkImportSubscriptionResolver,
  AnalyticsResolver,
  UserMilestonesResolver,
];

/**
 * The one schema served over HTTP and WebSocket and emitted to schema/schema.graphql.
 * Built per server so each uses its own pub/sub connection. Every mutation is audited with
 * both identities while an admin masquerades (docs/product.md §Masquerading), whichever module
 * defines it, and refused NUL characters count as such an attempt (the guard runs inside the
 * audit).
 */
export async function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  // Process-wide (graphql-js is one module), here so that every server and test executing this schema runs with it.
  skipArgumentValuesForFieldsWithoutArguments();
  const options = { resolvers: RESOLVERS, validate: false, pubSub } satisfies BuildSchemaOptions;
  return withMasqueradeAudit(withTextArgumentGuard(withDirectGlobalIds(withDirectFieldResolvers(await buildSchema(options), options))));
}
