import { AuditLog } from '../modules/audit/audit-log.entity.js';
import { AuthSession } from '../modules/auth/sessions/auth-session.entity.js';
import { OneTimeToken } from '../modules/auth/tokens/one-time-token.entity.js';
import { PersonalAccessToken } from '../modules/auth/tokens/personal-access-token.entity.js';
import { BillingSubscription } from '../modules/billing/billing-subscription.entity.js';
import { Invoice } from '../modules/billing/invoice.entity.js';
import { StripeEvent } from '../modules/billing/stripe-event.entity.js';
import { CreditReport } from '../modules/credits/credit-report.entity.js';
import { CreditRole } from '../modules/credits/credit-role.entity.js';
import { Credit } from '../modules/credits/credit.entity.js';
import { List, ListPersonEntry, ListPostEntry } from '../modules/lists/list.entity.js';
import { Network } from '../modules/networks/network.entity.js';
import { SocialAccountVerification } from '../modules/connected-accounts/social-account-verification.entity.js';
import { SocialAccount } from '../modules/networks/social-account.entity.js';
import { Notification } from '../modules/notifications/notification.entity.js';
import { Post } from '../modules/posts/post.entity.js';
import { TagType } from '../modules/tags/tag-type.entity.js';
import { Tag } from '../modules/tags/tag.entity.js';
import { Invitation } from '../modules/teams/invitation.entity.js';
import { TeamMember } from '../modules/teams/team-member.entity.js';
import { Team } from '../modules/teams/team.entity.js';
import { TeamAccount } from '../modules/teams/managed-accounts/team-account.entity.js';
import { TeamStage } from '../modules/teams/stages/team-stage.entity.js';
import { TeamCreator } from '../modules/teams/stages/team-creator.entity.js';
import { TeamCreatorComment } from '../modules/teams/stages/team-creator-comment.entity.js';
import { TeamReport, TeamReportItem } from '../modules/teams/reports/team-report.entity.js';
import { LoginCredential } from '../modules/users/login-credential.entity.js';
import { User } from '../modules/users/user.entity.js';
import { UserInvitation } from '../modules/invites/user-invitation.entity.js';
import { WebhookDelivery } from '../modules/webhooks/webhook-delivery.entity.js';
import { Webhook } from '../modules/webhooks/webhook.entity.js';

/** Listed explicitly (no folder scanning) so the same list works from sources and from dist/. */
export const ENTITIES = [
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
