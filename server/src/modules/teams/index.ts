/**
 * What the teams module offers the rest of Byline. Other modules, the registry and
 * tests import these, never a file of the module directly (docs/architecture.md).
 */
export { CurrentTeamResolver } from './current-team/current-team.resolver.js';
export { Invitation } from './invitation.entity.js';
export { isOpenInvitationFor } from './invitation.service.js';
export { TeamInvitationResolver, TeamInvitationsFieldResolver } from './invitations/team-invitations.resolver.js';
export { startTeamsModule } from './invitations/team-mail.queue.js';
export { TeamAccount } from './managed-accounts/team-account.entity.js';
export { TeamAccountResolver } from './managed-accounts/team-accounts.resolver.js';
export { TeamMembersMutationResolver } from './members/team-members.resolver.js';
export { TeamReport, TeamReportItem } from './reports/team-report.entity.js';
export { TeamReportResolver } from './reports/team-reports.resolver.js';
export { REPORT_POSTS_SQL, createTeamReport, findReadableReport } from './reports/team-reports.service.js';
export { TeamCreatorComment } from './stages/team-creator-comment.entity.js';
export { TeamCreator } from './stages/team-creator.entity.js';
export { TeamStage } from './stages/team-stage.entity.js';
export { placeOnBoard } from './stages/team-stages.service.js';
export { TeamCreatorCommentResolver, TeamCreatorResolver, TeamCreatorSourcingResolver, TeamStageResolver } from './stages/team-stages.resolver.js';
export { TeamMember } from './team-member.entity.js';
export { loadViewerMembership, requireTeamsSubscription } from './team-access.js';
export { loadTeamStanding } from './team-standing.loader.js';
export { loadViewerAccess } from './viewer-access.js';
export { Team } from './team.entity.js';
export { TeamPlanEnum, TeamStatusEnum } from './team.enums.js';
export { TEAM_MESSAGES } from './team.messages.js';
export { teamCreatorCommentNode, teamCreatorNode, teamInvitationNode, teamManagedAccountNode, teamMemberNode, teamNode, teamReportNode, teamStageNode } from './team.node.js';
export { TeamMemberResolver, TeamResolver } from './team.resolver.js';
export { teamRoutes } from './team.routes.js';
export { payForTeam } from './teams.test-support.js';
export { UserStandingResolver } from './user-standing.resolver.js';
