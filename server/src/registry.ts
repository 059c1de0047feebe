import type { EntityClass } from '@mikro-orm/core';
import type { GraphQLSchema } from 'graphql';
import type { NonEmptyArray, PubSub } from 'type-graphql';
import { openOrmWith, type MikroORM, type OrmHooks } from './db/orm.js';
import type { AnyNodeType } from './graphql/node.js';
import { createNodeResolver } from './graphql/node.js';
import { RateLimitResolver } from './graphql/cost-limit/rate-limit.resolver.js';
import { buildSchemaFrom } from './graphql/schema.js';
import { withMasqueradeAudit } from './modules/audit/audit-masquerade.middleware.js';
import { AdminUsersResolver } from './modules/admin/admin-users.resolver.js';
import { AnalyticsResolver } from './modules/analytics/analytics.resolver.js';
import { AuditLog } from './modules/audit/audit-log.entity.js';
import { AuthSession } from './modules/auth/sessions/auth-session.entity.js';
import { BillingResolver } from './modules/billing/billing.resolver.js';
import { BillingSubscription } from './modules/billing/billing-subscription.entity.js';
import { BulkImportSubscriptionResolver, ManagerResolver } from './modules/manager/manager.resolver.js';
import { ConnectedAccountResolver, SocialAccountOwnershipResolver } from './modules/connected-accounts/connected-account.resolver.js';
import { CreatorSearchResolver } from './modules/search/creators/creator-search.resolver.js';
import { Credit } from './modules/credits/credit.entity.js';
import { CreditReport } from './modules/credits/credit-report.entity.js';
import { CreditReportResolver } from './modules/credits/reports/credit-report.resolver.js';
import { CreditResolver } from './modules/credits/credit.resolver.js';
import { CreditRole } from './modules/credits/credit-role.entity.js';
import { CreditSuggestionResolver } from './modules/credits/suggestions/credit-suggestion.resolver.js';
import { ExploreResolver } from './modules/search/explore/explore.resolver.js';
import { HomeResolver } from './modules/home/home.resolver.js';
import { Invitation } from './modules/teams/invitation.entity.js';
import { InviteResolver } from './modules/invites/invite.resolver.js';
import { Invoice } from './modules/billing/invoice.entity.js';
import { List, ListPersonEntry, ListPostEntry } from './modules/lists/list.entity.js';
import { ListPersonResolver, ListPostResolver, ListResolver, PostListsResolver, UserListsResolver } from './modules/lists/list.resolver.js';
import { LoginCredential } from './modules/users/login-credential.entity.js';
import { Network } from './modules/networks/network.entity.js';
import { NetworkResolver, SocialAccountResolver } from './modules/networks/network.resolver.js';
import { Notification } from './modules/notifications/notification.entity.js';
import { NotificationCreditResolver } from './modules/credits/credit-notification.resolver.js';
import { NotificationResolver, NotificationSubscriptionResolver } from './modules/notifications/notification.resolver.js';
import { OneTimeToken } from './modules/auth/tokens/one-time-token.entity.js';
import { PersonalAccessToken } from './modules/auth/tokens/personal-access-token.entity.js';
import { PersonalAccessTokenResolver } from './modules/auth/tokens/personal-access-token.resolver.js';
import { PortfolioResolver, ProfileUserResolver } from './modules/profiles/profile.resolver.js';
import { Post } from './modules/posts/post.entity.js';
import { PostResolver } from './modules/posts/post.resolver.js';
import { SearchCriteriaResolver } from './modules/search/search-criteria.resolver.js';
import { SearchResolver } from './modules/search/search.resolver.js';
import { SettingsResolver } from './modules/settings/settings.resolver.js';
import { SocialAccount } from './modules/networks/social-account.entity.js';
import { SocialAccountVerification } from './modules/connected-accounts/social-account-verification.entity.js';
import { StripeEvent } from './modules/billing/stripe-event.entity.js';
import { Tag } from './modules/tags/tag.entity.js';
import { TagType } from './modules/tags/tag-type.entity.js';
import { Team } from './modules/teams/team.entity.js';
import { TeamAccount } from './modules/teams/managed-accounts/team-account.entity.js';
import { TeamAccountResolver } from './modules/teams/managed-accounts/team-accounts.resolver.js';
import { TeamBillingFieldResolver, TeamBillingResolver } from './modules/billing/team-billing.resolver.js';
import { TeamCreator } from './modules/teams/stages/team-creator.entity.js';
import { TeamCreatorComment } from './modules/teams/stages/team-creator-comment.entity.js';
import { TeamCreatorCommentResolver, TeamCreatorResolver, TeamCreatorSourcingResolver, TeamStageResolver } from './modules/teams/stages/team-stages.resolver.js';
import { TeamInvitationResolver, TeamInvitationsFieldResolver } from './modules/teams/invitations/team-invitations.resolver.js';
import { TeamMember } from './modules/teams/team-member.entity.js';
import { TeamMemberResolver, TeamResolver } from './modules/teams/team.resolver.js';
import { TeamMembersMutationResolver } from './modules/teams/members/team-members.resolver.js';
import { TeamReport, TeamReportItem } from './modules/teams/reports/team-report.entity.js';
import { TeamReportResolver } from './modules/teams/reports/team-reports.resolver.js';
import { TeamStage } from './modules/teams/stages/team-stage.entity.js';
import { TopSearchResolver } from './modules/search/top-search.resolver.js';
import { User } from './modules/users/user.entity.js';
import { UserInvitation } from './modules/invites/user-invitation.entity.js';
import { UserMilestonesResolver } from './modules/milestones/milestone.resolver.js';
import { UserResolver } from './modules/users/user.resolver.js';
import { UserStandingResolver } from './modules/teams/user-standing.resolver.js';
import { VisualMatchResolver } from './modules/visualmatch/visualmatch.resolver.js';
import { Webhook } from './modules/webhooks/webhook.entity.js';
import { WebhookDelivery } from './modules/webhooks/webhook-delivery.entity.js';
import { WebhookResolver } from './modules/webhooks/webhook.resolver.js';
import { bulkImportNode } from './modules/posts/import/bulk/bulk-import.node.js';
import { creditNode, creditRoleNode } from './modules/credits/credit.node.js';
import { creditReportNode } from './modules/credits/reports/credit-report.node.js';
import { invoiceNode } from './modules/billing/invoice.node.js';
import { listNode } from './modules/lists/list.node.js';
import { loginMethodNode, userNode } from './modules/users/user.node.js';
import { networkNode, socialAccountNode } from './modules/networks/network.node.js';
import { notificationNode } from './modules/notifications/notification.node.js';
import { personalAccessTokenNode } from './modules/auth/tokens/personal-access-token.node.js';
import { postNode } from './modules/posts/post.node.js';
import { teamCreatorCommentNode, teamCreatorNode, teamInvitationNode, teamManagedAccountNode, teamMemberNode, teamNode, teamReportNode, teamStageNode } from './modules/teams/team.node.js';
import { webhookDeliveryNode, webhookNode } from './modules/webhooks/webhook.node.js';

/**
 * The one list of what the modules contribute: their entities, the types `node(id:)` fetches and
 * their resolvers. Infrastructure (db/, graphql/, http/) takes these as arguments and imports no
 * module (docs/architecture.md). Listed explicitly, not found by scanning folders, so sources and
 * dist/ give the same lists.
 */

/** Every entity the ORM maps. */
export const ENTITIES: EntityClass<object>[] = [
  User,
  LoginCredential,
  Network,
  SocialAccount,
  SocialAccountVerification,
  Post,
  CreditRole,
  Credit,
  CreditReport,
  TagType,
  Tag,
  Team,
  TeamMember,
  Invitation,
  TeamAccount,
  TeamStage,
  TeamCreator,
  TeamCreatorComment,
  TeamReport,
  TeamReportItem,
  Notification,
  AuditLog,
  AuthSession,
  OneTimeToken,
  PersonalAccessToken,
  Webhook,
  WebhookDelivery,
  UserInvitation,
  StripeEvent,
  BillingSubscription,
  Invoice,
  List,
  ListPersonEntry,
  ListPostEntry,
];

/** Every type `node(id:)` can fetch; each module says how, with its own permission check. */
export const NODE_TYPES: readonly AnyNodeType[] = [networkNode, creditRoleNode, socialAccountNode, postNode, creditNode, userNode, loginMethodNode, teamNode, teamMemberNode, teamInvitationNode, teamManagedAccountNode, teamStageNode, teamCreatorNode, teamCreatorCommentNode, teamReportNode, notificationNode, webhookNode, webhookDeliveryNode, personalAccessTokenNode, listNode, invoiceNode, creditReportNode, bulkImportNode];

/** Every resolver of the schema. */
export const RESOLVERS: NonEmptyArray<Function> = [
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

/** The ORM over Byline's entities. */
export function openOrm(databaseUrl: string, hooks: OrmHooks = {}): Promise<MikroORM> {
  return openOrmWith(databaseUrl, ENTITIES, hooks);
}

/**
 * The one schema served over HTTP and WebSocket and emitted to schema/schema.graphql. Every
 * mutation is audited with both identities while an admin masquerades (docs/product.md
 * §Masquerading), whichever module defines it.
 */
export async function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return withMasqueradeAudit(await buildSchemaFrom(RESOLVERS, pubSub));
}
