import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { GraphQLSafeInt } from 'graphql-scalars';
import type { TeamMemberRole } from '../../../../domain/enums.js';
import { connectionType } from '../../graphql/connection.js';
import { SocialHandleInput } from '../credits/index.js';
import { Invitation } from './invitation.entity.js';
import { TeamAccount } from './managed-accounts/team-account.entity.js';
import { TeamReportKindEnum, type TeamReportKind } from './reports/team-report.enums.js';
import { TeamReport } from './reports/team-report.entity.js';
import { TeamCreatorComment } from './stages/team-creator-comment.entity.js';
import { TeamCreator } from './stages/team-creator.entity.js';
import { TeamStage } from './stages/team-stage.entity.js';
import { TeamMember } from './team-member.entity.js';
import { TeamMemberRoleEnum } from './team.enums.js';
import { Team } from './team.entity.js';

export const TeamMemberConnection = connectionType('TeamMember', TeamMember, { totalCount: true });
export const TeamInvitationConnection = connectionType('TeamInvitation', Invitation, { totalCount: true });
export const TeamManagedAccountConnection = connectionType('TeamManagedAccount', TeamAccount, { totalCount: true });
export const TeamCreatorConnection = connectionType('TeamCreator', TeamCreator, { totalCount: true });
export const TeamCreatorCommentConnection = connectionType('TeamCreatorComment', TeamCreatorComment, { totalCount: true });
export const TeamReportConnection = connectionType('TeamReport', TeamReport, { totalCount: true });

@ObjectType('TeamViewerCan', { description: 'What the viewer may do with a team.' })
export class TeamViewerCan {
  @Field(() => Boolean, { description: 'Invite people, remove them, change roles and manage accounts: the team’s managers.' }) manage!: boolean;
  @Field(() => Boolean, { description: 'Use the team’s tools now: the team has a paid Teams subscription (else the upgrade prompt leads to its billing page).' }) useTools!: boolean;
}

@ObjectType('TeamCreatorSourcing', { description: 'The sourcing table’s columns for a creator on the board.' })
export class TeamCreatorSourcing {
  @Field(() => GraphQLSafeInt, { description: 'Followers of the social accounts verified as theirs.' }) followers!: number;
  @Field(() => String, { nullable: true, description: 'Where they are, as they wrote it.' }) location!: string | null;
  /** Resolved to topRole. */
  roleId!: number | null;
  @Field(() => Int, { description: 'Posts they are publicly credited on.' }) projects!: number;
  @Field(() => Int, { description: 'Other people publicly credited on the same posts.' }) collaborators!: number;
  @Field(() => Int, { description: 'How many comments the team wrote about them.' }) commentCount!: number;
}

@ObjectType('TeamReportPoint', { description: 'A report’s numbers on one day (UTC): each post’s last numbers of the day, added up.' })
export class TeamReportPoint {
  @Field(() => String, { description: 'The day, as YYYY-MM-DD.' }) day!: string;
  @Field(() => GraphQLSafeInt, { nullable: true }) views!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) likes!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) comments!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true }) shares!: number | null;
  @Field(() => Int, { description: 'How many posts had numbers that day.' }) posts!: number;
}

@InputType('CreateTeamInput')
export class CreateTeamInput {
  @Field(() => String, { description: 'The team’s name, 1 to 120 characters.' }) name!: string;
  @Field(() => Boolean, { nullable: true, description: 'Admins only: add me as the team’s active manager.' }) makeMeManager?: boolean | null;
}

@ObjectType('CreateTeamPayload')
export class CreateTeamPayload {
  @Field(() => Team) team!: Team;
}

@InputType('InviteTeamMemberInput')
export class InviteTeamMemberInput {
  @Field(() => ID, { description: 'The team’s global id.' }) teamId!: string;
  @Field(() => String, { description: 'Where the invitation link is mailed.' }) email!: string;
  @Field(() => TeamMemberRoleEnum, { nullable: true, description: 'MEMBER when omitted.' }) role?: TeamMemberRole | null;
}

@ObjectType('InviteTeamMemberPayload')
export class InviteTeamMemberPayload {
  @Field(() => Invitation) invitation!: Invitation;
}

@InputType('AcceptTeamInvitationInput')
export class AcceptTeamInvitationInput {
  @Field(() => String, { description: 'The code from the invitation link (/teams/accept/{code}).' }) code!: string;
}

@ObjectType('AcceptTeamInvitationPayload')
export class AcceptTeamInvitationPayload {
  @Field(() => TeamMember) membership!: TeamMember;
}

@InputType('RevokeTeamInvitationInput')
export class RevokeTeamInvitationInput {
  @Field(() => ID) invitationId!: string;
}

@ObjectType('RevokeTeamInvitationPayload')
export class RevokeTeamInvitationPayload {
  @Field(() => ID) revokedInvitationId!: string;
}

@InputType('RemoveTeamMemberInput')
export class RemoveTeamMemberInput {
  @Field(() => ID, { description: 'The membership’s global id.' }) memberId!: string;
}

@ObjectType('RemoveTeamMemberPayload')
export class RemoveTeamMemberPayload {
  @Field(() => TeamMember, { description: 'The membership, now inactive.' }) member!: TeamMember;
}

@InputType('LeaveTeamInput')
export class LeaveTeamInput {
  @Field(() => ID) teamId!: string;
}

@ObjectType('LeaveTeamPayload')
export class LeaveTeamPayload {
  @Field(() => TeamMember, { description: 'The viewer’s membership, now inactive.' }) member!: TeamMember;
}

@InputType('ChangeTeamMemberRoleInput')
export class ChangeTeamMemberRoleInput {
  @Field(() => ID) memberId!: string;
  @Field(() => TeamMemberRoleEnum) role!: TeamMemberRole;
}

@ObjectType('ChangeTeamMemberRolePayload')
export class ChangeTeamMemberRolePayload {
  @Field(() => TeamMember) member!: TeamMember;
}

@InputType('AddTeamAccountInput')
export class AddTeamAccountInput {
  @Field(() => ID) teamId!: string;
  @Field(() => SocialHandleInput) account!: SocialHandleInput;
}

@ObjectType('AddTeamAccountPayload')
export class AddTeamAccountPayload {
  @Field(() => TeamAccount) managedAccount!: TeamAccount;
}

@InputType('RemoveTeamAccountInput')
export class RemoveTeamAccountInput {
  @Field(() => ID, { description: 'The TeamManagedAccount’s global id.' }) managedAccountId!: string;
}

@ObjectType('RemoveTeamAccountPayload')
export class RemoveTeamAccountPayload {
  @Field(() => ID) removedManagedAccountId!: string;
}

@InputType('CreateTeamStageInput')
export class CreateTeamStageInput {
  @Field(() => ID) teamId!: string;
  @Field(() => String, { description: '1 to 60 characters.' }) name!: string;
}

@ObjectType('CreateTeamStagePayload')
export class CreateTeamStagePayload {
  @Field(() => TeamStage) stage!: TeamStage;
}

@InputType('RenameTeamStageInput')
export class RenameTeamStageInput {
  @Field(() => ID) stageId!: string;
  @Field(() => String) name!: string;
}

@ObjectType('RenameTeamStagePayload')
export class RenameTeamStagePayload {
  @Field(() => TeamStage) stage!: TeamStage;
}

@InputType('DeleteTeamStageInput')
export class DeleteTeamStageInput {
  @Field(() => ID) stageId!: string;
}

@ObjectType('DeleteTeamStagePayload')
export class DeleteTeamStagePayload {
  @Field(() => ID) deletedStageId!: string;
}

@InputType('AddTeamCreatorInput')
export class AddTeamCreatorInput {
  @Field(() => ID, { description: 'The stage to put the creator in.' }) stageId!: string;
  @Field(() => ID, { description: 'The creator’s User id.' }) userId!: string;
}

@ObjectType('AddTeamCreatorPayload')
export class AddTeamCreatorPayload {
  @Field(() => TeamCreator) creator!: TeamCreator;
}

@InputType('MoveTeamCreatorInput')
export class MoveTeamCreatorInput {
  @Field(() => ID) creatorId!: string;
  @Field(() => ID, { description: 'A stage of the same team.' }) stageId!: string;
}

@ObjectType('MoveTeamCreatorPayload')
export class MoveTeamCreatorPayload {
  @Field(() => TeamCreator) creator!: TeamCreator;
}

@InputType('RemoveTeamCreatorInput')
export class RemoveTeamCreatorInput {
  @Field(() => ID) creatorId!: string;
}

@ObjectType('RemoveTeamCreatorPayload')
export class RemoveTeamCreatorPayload {
  @Field(() => ID) removedCreatorId!: string;
}

@InputType('CommentOnTeamCreatorInput')
export class CommentOnTeamCreatorInput {
  @Field(() => ID) creatorId!: string;
  @Field(() => String, { description: '1 to 2000 characters.' }) body!: string;
}

@ObjectType('CommentOnTeamCreatorPayload')
export class CommentOnTeamCreatorPayload {
  @Field(() => TeamCreatorComment) comment!: TeamCreatorComment;
}

@InputType('CreateTeamReportInput')
export class CreateTeamReportInput {
  @Field(() => ID) teamId!: string;
  @Field(() => String, { description: '1 to 120 characters.' }) name!: string;
  @Field(() => TeamReportKindEnum) kind!: TeamReportKind;
  @Field(() => [ID], { description: 'Post ids (POSTS) or SocialAccount ids (ACCOUNTS), 1 to 200.' }) itemIds!: string[];
}

@ObjectType('CreateTeamReportPayload')
export class CreateTeamReportPayload {
  @Field(() => TeamReport) report!: TeamReport;
}

@InputType('DeleteTeamReportInput')
export class DeleteTeamReportInput {
  @Field(() => ID) reportId!: string;
}

@ObjectType('DeleteTeamReportPayload')
export class DeleteTeamReportPayload {
  @Field(() => ID) deletedReportId!: string;
}
