import type { EntityClass } from '@mikro-orm/core';
import type { GraphQLSchema } from 'graphql';
import type { NonEmptyArray, PubSub } from 'type-graphql';
import { openOrmWith, type MikroORM, type OrmHooks } from './db/orm.js';
import type { AnyNodeType } from './graphql/node.js';
import { createNodeResolver } from './graphql/node.js';
import { RateLimitResolver } from './graphql/cost-limit/rate-limit.resolver.js';
import { buildSchemaFrom } from './graphql/schema.js';
import { withMasqueradeAudit, AuditLog } from './modules/audit/index.js';
import { AdminAuditResolver, AdminUsersResolver } from './modules/admin/index.js';
import { AnalyticsResolver } from './modules/analytics/index.js';
import { AuthSession, OneTimeToken, PersonalAccessToken, PersonalAccessTokenResolver, personalAccessTokenNode } from './modules/auth/index.js';
import { BillingResolver, BillingSubscription, InvoicedPlansResolver, Invoice, StripeEvent, TeamBillingFieldResolver, TeamBillingResolver, invoiceNode } from './modules/billing/index.js';
import { BulkImportSubscriptionResolver, ManagerResolver } from './modules/manager/index.js';
import { ConnectedAccountResolver, SocialAccountOwnershipResolver, SocialAccountVerification } from './modules/connected-accounts/index.js';
import { CreatorSearchResolver, ExploreResolver, SearchCriteriaResolver, SearchResolver, TopSearchResolver } from './modules/search/index.js';
import { Credit, CreditReport, CreditReportResolver, CreditResolver, CreditRole, CreditSuggestionResolver, NotificationCreditResolver, PostCreditsResolver, creditNode, creditRoleNode, creditReportNode } from './modules/credits/index.js';
import { Event, EventResolver, PostEventsResolver, eventNode } from './modules/events/index.js';
import { HomeResolver } from './modules/home/index.js';
import { ServiceComponentStatusResolver, ServiceStatusResolver } from './modules/health/index.js';
import { SiteLinksResolver } from './modules/site/index.js';
import { ContentResolver } from './modules/content/index.js';
import { CurrentTeamResolver, Invitation, Team, TeamAccount, TeamAccountResolver, TeamCreator, TeamCreatorComment, TeamCreatorCommentResolver, TeamCreatorResolver, TeamCreatorSourcingResolver, TeamStageResolver, TeamInvitationResolver, TeamInvitationsFieldResolver, TeamMember, TeamMemberResolver, TeamResolver, TeamMembersMutationResolver, TeamReport, TeamReportItem, TeamReportResolver, TeamStage, UserStandingResolver, teamCreatorCommentNode, teamCreatorNode, teamInvitationNode, teamManagedAccountNode, teamMemberNode, teamNode, teamReportNode, teamStageNode } from './modules/teams/index.js';
import { InviteResolver, UserInvitation } from './modules/invites/index.js';
import { List, ListPersonEntry, ListPostEntry, ListPersonResolver, ListPostResolver, ListResolver, PostListsResolver, UserListsResolver, listNode } from './modules/lists/index.js';
import { DeliverableCreditOfferResolver, NotificationProjectResolver, ProfileProjectResolver, ProfileProjectsResolver, Project, ProjectCollaborator, ProjectCollaboratorResolver, ProjectConcept, ProjectCost, ProjectCostResolver, ProjectCostsResolver, ProjectConceptResolver, ProjectConceptsResolver, ProjectDeliverable, ProjectDeliverableResolver, ProjectDeliverablesFieldResolver, ProjectInvitationClaimResolver, ProjectResolver, ProjectResultsResolver, projectCollaboratorNode, projectConceptNode, projectCostNode, projectDeliverableNode, projectNode } from './modules/projects/index.js';
import { Job, JobApplicantSourcingResolver, JobApplication, JobApplicationComment, JobApplicationCommentResolver, JobApplicationResolver, JobApplicationsFieldResolver, JobResolver, TeamJobsResolver, jobApplicationCommentNode, jobApplicationNode, jobNode } from './modules/jobs/index.js';
import { Conversation, ConversationParticipant, ConversationResolver, ConversationSubscriptionResolver, Message, MessageResolver, NotificationCountsMessagesResolver, UserBlock, UserMessagingResolver, UserReport, UserReportResolver, conversationNode, messageNode, userReportNode } from './modules/messages/index.js';
import { LoginCredential, User, UserResolver, loginMethodNode, userNode } from './modules/users/index.js';
import { Network, NetworkResolver, SocialAccountResolver, SocialAccount, networkNode, socialAccountNode } from './modules/networks/index.js';
import { Announcement, AnnouncementResolver, NotificationAnnouncementResolver, announcementNode } from './modules/announcements/index.js';
import { Notification, NotificationPreferenceResolver, NotificationResolver, NotificationSubscriptionResolver, notificationNode } from './modules/notifications/index.js';
import { AvailabilityResolver, PortfolioPlacementResolver, PortfolioResolver, ProfileUserResolver } from './modules/profiles/index.js';
import { Post, PostResolver, bulkImportNode, postNode } from './modules/posts/index.js';
import { SettingsResolver } from './modules/settings/index.js';
import { Tag, TagType } from './modules/tags/index.js';
import { UserMilestonesResolver } from './modules/milestones/index.js';
import { VisualMatchResolver } from './modules/visualmatch/index.js';
import { Webhook, WebhookDelivery, WebhookResolver, webhookDeliveryNode, webhookNode } from './modules/webhooks/index.js';

/**
 * The one list of what the modules contribute: their entities, the types `node(id:)` fetches and
 * their resolvers. Infrastructure (db/, graphql/, http/) takes these as arguments and imports no
 * module (docs/architecture.md). Listed explicitly, not found by scanning folders, so sources and
 * dist/ give the same lists; read when called, not when this file loads, so the order in which
 * modules happen to load (a test file may load one first) cannot leave a list holding an export
 * still being defined.
 */

/** Every entity the ORM maps. */
export const entities = (): EntityClass<object>[] => [
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
  Announcement,
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
  Project,
  ProjectCollaborator,
  ProjectDeliverable,
  ProjectConcept,
  ProjectCost,
  Job,
  JobApplication,
  JobApplicationComment,
  Event,
  Conversation,
  ConversationParticipant,
  Message,
  UserBlock,
  UserReport,
];

/** Every type `node(id:)` can fetch; each module says how, with its own permission check. */
export const nodeTypes = (): readonly AnyNodeType[] => [networkNode, creditRoleNode, socialAccountNode, postNode, creditNode, userNode, loginMethodNode, teamNode, teamMemberNode, teamInvitationNode, teamManagedAccountNode, teamStageNode, teamCreatorNode, teamCreatorCommentNode, teamReportNode, notificationNode, webhookNode, webhookDeliveryNode, personalAccessTokenNode, listNode, invoiceNode, creditReportNode, bulkImportNode, projectNode, projectCollaboratorNode, projectDeliverableNode, projectConceptNode, projectCostNode, jobNode, jobApplicationNode, jobApplicationCommentNode, eventNode, conversationNode, messageNode, userReportNode, announcementNode];

/** Every resolver of the schema. */
export const resolvers = (): NonEmptyArray<Function> => [
  createNodeResolver(nodeTypes()),
  UserResolver,
  UserStandingResolver,
  CurrentTeamResolver,
  SettingsResolver,
  InviteResolver,
  PersonalAccessTokenResolver,
  BillingResolver,
  InvoicedPlansResolver,
  TeamBillingFieldResolver,
  TeamBillingResolver,
  NetworkResolver,
  SocialAccountResolver,
  ConnectedAccountResolver,
  SocialAccountOwnershipResolver,
  PostResolver,
  PostCreditsResolver,
  ProfileUserResolver,
  AvailabilityResolver,
  PortfolioResolver,
  PortfolioPlacementResolver,
  CreditResolver,
  NotificationCreditResolver,
  NotificationAnnouncementResolver,
  AnnouncementResolver,
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
  NotificationPreferenceResolver,
  NotificationSubscriptionResolver,
  SearchResolver,
  TopSearchResolver,
  SearchCriteriaResolver,
  ExploreResolver,
  CreatorSearchResolver,
  AdminUsersResolver,
  AdminAuditResolver,
  WebhookResolver,
  VisualMatchResolver,
  ListResolver,
  ListPersonResolver,
  ListPostResolver,
  UserListsResolver,
  PostListsResolver,
  ProjectResolver,
  ProjectCollaboratorResolver,
  ProjectDeliverablesFieldResolver,
  ProjectDeliverableResolver,
  NotificationProjectResolver,
  ProjectConceptsResolver,
  ProjectConceptResolver,
  ProjectCostsResolver,
  ProjectCostResolver,
  ProjectResultsResolver,
  ProfileProjectsResolver,
  ProfileProjectResolver,
  DeliverableCreditOfferResolver,
  ProjectInvitationClaimResolver,
  JobResolver,
  TeamJobsResolver,
  JobApplicationsFieldResolver,
  JobApplicationResolver,
  JobApplicantSourcingResolver,
  JobApplicationCommentResolver,
  EventResolver,
  PostEventsResolver,
  RateLimitResolver,
  HomeResolver,
  SiteLinksResolver,
  ContentResolver,
  ServiceStatusResolver,
  ServiceComponentStatusResolver,
  ManagerResolver,
  BulkImportSubscriptionResolver,
  AnalyticsResolver,
  UserMilestonesResolver,
  ConversationResolver,
  ConversationSubscriptionResolver,
  MessageResolver,
  UserReportResolver,
  UserMessagingResolver,
  NotificationCountsMessagesResolver,
];

/** The ORM over Byline's entities. */
export function openOrm(databaseUrl: string, hooks: OrmHooks = {}): Promise<MikroORM> {
  return openOrmWith(databaseUrl, entities(), hooks);
}

/**
 * The one schema served over HTTP and WebSocket and emitted to schema/schema.graphql. Every
 * mutation is audited with both identities while an admin masquerades (docs/product.md
 * §Masquerading), whichever module defines it.
 */
export async function buildAppSchema(pubSub: PubSub): Promise<GraphQLSchema> {
  return withMasqueradeAudit(await buildSchemaFrom(resolvers(), pubSub));
}
