import type { NotificationStatus } from '../../../../domain/enums.js';
import { closedSetEnum } from '../../graphql/enums.js';

export const NotificationStatusEnum = closedSetEnum<NotificationStatus>('NotificationStatus', { NEW: 'new', SEEN: 'seen' }, 'Whether the viewer has seen a notification.', {
  NEW: 'Not yet seen: counted beside the bell.',
  SEEN: 'Shown on /notifications or marked seen with markNotificationsSeen.',
});

/**
 * What a notification is about. Kinds are stored as text and new ones come with new features:
 * a kind this list does not name yet reaches clients as OTHER (its message still says what
 * happened), so adding a kind never breaks an older client.
 */
export const NOTIFICATION_KINDS = ['post_imported', 'post_import_failed', 'stats_refreshed', 'password_changed', 'credit_added', 'credit_accepted', 'credit_declined', 'credit_removed', 'credit_report_closed', 'project_invitation', 'project_credit_offer', 'project_deliverable_assigned', 'job_application_hired', 'job_application_declined', 'job_closed', 'team_invitation', 'team_invitation_accepted', 'team_role_changed', 'team_member_removed', 'product_news', 'other'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NotificationKindEnum = closedSetEnum<NotificationKind>(
  'NotificationKind',
  {
    POST_IMPORTED: 'post_imported',
    POST_IMPORT_FAILED: 'post_import_failed',
    STATS_REFRESHED: 'stats_refreshed',
    PASSWORD_CHANGED: 'password_changed',
    CREDIT_ADDED: 'credit_added',
    CREDIT_ACCEPTED: 'credit_accepted',
    CREDIT_DECLINED: 'credit_declined',
    CREDIT_REMOVED: 'credit_removed',
    CREDIT_REPORT_CLOSED: 'credit_report_closed',
    PROJECT_INVITATION: 'project_invitation',
    PROJECT_CREDIT_OFFER: 'project_credit_offer',
    PROJECT_DELIVERABLE_ASSIGNED: 'project_deliverable_assigned',
    JOB_APPLICATION_HIRED: 'job_application_hired',
    JOB_APPLICATION_DECLINED: 'job_application_declined',
    JOB_CLOSED: 'job_closed',
    TEAM_INVITATION: 'team_invitation',
    TEAM_INVITATION_ACCEPTED: 'team_invitation_accepted',
    TEAM_ROLE_CHANGED: 'team_role_changed',
    TEAM_MEMBER_REMOVED: 'team_member_removed',
    PRODUCT_NEWS: 'product_news',
    OTHER: 'other',
  },
  'What a notification is about. Clients should expect values added later and treat them as OTHER.',
  {
    POST_IMPORTED: 'A post the viewer tracked has been imported; the link leads to it.',
    POST_IMPORT_FAILED: 'A post the viewer tracked could not be imported; the message says why.',
    STATS_REFRESHED: 'The numbers of the viewer’s posts were refreshed.',
    PASSWORD_CHANGED: 'The viewer’s password was changed.',
    CREDIT_ADDED: 'Someone credited the viewer on a post; `credit` is the credit to accept or decline.',
    CREDIT_ACCEPTED: 'Someone accepted a credit the viewer gave them; `credit` is that credit.',
    CREDIT_DECLINED: 'Someone declined a credit the viewer gave them.',
    CREDIT_REMOVED: 'A credit of the viewer, or one the viewer gave, was removed.',
    CREDIT_REPORT_CLOSED: 'An admin closed a credit report the viewer made; the message says whether the credit was removed.',
    PROJECT_INVITATION: 'Someone invited the viewer into a project; `projectCollaborator` is the invitation to accept or decline (respondToProjectInvitation).',
    PROJECT_CREDIT_OFFER: 'A deliverable of the viewer’s project was published on a post its linker may not credit others on; `projectDeliverable` is it: acceptProjectCreditOffer credits the viewer in their project role.',
    PROJECT_DELIVERABLE_ASSIGNED: 'Someone assigned the viewer to a deliverable of a project they are in; `projectDeliverable` is it.',
    JOB_APPLICATION_HIRED: 'The team of a job the viewer applied to hired them; the link leads to the job.',
    JOB_APPLICATION_DECLINED: 'The team of a job the viewer applied to declined their application.',
    JOB_CLOSED: 'A job the viewer applied to closed before the team decided on their application.',
    TEAM_INVITATION: 'A team manager invited the viewer to join their team; the link is the invitation’s accept page.',
    TEAM_INVITATION_ACCEPTED: 'Someone accepted an invitation the viewer sent to join their team; the link leads to the team.',
    TEAM_ROLE_CHANGED: 'A team manager changed the viewer’s role on the team; the message names the new role.',
    TEAM_MEMBER_REMOVED: 'A team manager took the viewer off the team.',
    PRODUCT_NEWS: 'An announcement from Byline about the product; the message is its title, the link (if any) leads to more.',
    OTHER: 'Anything else; the message says what happened.',
  },
);

export function publicNotificationKind(stored: string): NotificationKind {
  return (NOTIFICATION_KINDS as readonly string[]).includes(stored) ? (stored as NotificationKind) : 'other';
}
