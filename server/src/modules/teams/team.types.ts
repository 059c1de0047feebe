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
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Views added up over the report’s posts that day; null when no post had views counted.' }) views!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Likes added up over the report’s posts that day; null when no post had likes counted.' }) likes!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Comments added up over the report’s posts that day; null when no post had comments counted.' }) comments!: number | null;
  @Field(() => GraphQLSafeInt, { nullable: true, description: 'Shares added up over the report’s posts that day; null when no post had shares counted.' }) shares!: number | null;
  @Field(() => Int, { description: 'How many posts had numbers that day.' }) posts!: number;
}

@InputType('CreateTeamInput', { description: 'A new team’s name and, for admins, whether they join it as its manager.' })
export class CreateTeamInput {
  @Field(() => String, { description: 'The team’s name, 1 to 120 characters.' }) name!: string;
  @Field(() => Boolean, { nullable: true, description: 'Admins only: add me as the team’s active manager.' }) makeMeManager?: boolean | null;
}

@ObjectType('CreateTeamPayload', { description: 'The team created.' })
export class CreateTeamPayload {
  @Field(() => Team, { description: 'The new team: inactive until its Teams subscription starts.' }) team!: Team;
}

@InputType('InviteTeamMemberInput', { description: 'A team, an email address and the role the invitee gets.' })
export class InviteTeamMemberInput {
  @Field(() => ID, { description: 'The team’s global id.' }) teamId!: string;
  @Field(() => String, { description: 'Where the invitation link is mailed.' }) email!: string;
  @Field(() => TeamMemberRoleEnum, { nullable: true, description: 'MEMBER when omitted.' }) role?: TeamMemberRole | null;
}

@ObjectType('InviteTeamMemberPayload', { description: 'The invitation mailed.' })
export class InviteTeamMemberPayload {
  @Field(() => Invitation, { description: 'The new invitation; it takes a seat until it is used, withdrawn or expires.' }) invitation!: Invitation;
}

@InputType('AcceptTeamInvitationInput', { description: 'The invitation code to join a team with, as signed in.' })
export class AcceptTeamInvitationInput {
  @Field(() => String, { description: 'The code from the invitation link (/teams/accept/{code}).' }) code!: string;
}

@ObjectType('AcceptTeamInvitationPayload', { description: 'The membership that accepting an invitation made.' })
export class AcceptTeamInvitationPayload {
  @Field(() => TeamMember, { description: 'The viewer’s membership of the team, active, in the invitation’s role.' }) membership!: TeamMember;
}

@InputType('RevokeTeamInvitationInput', { description: 'The invitation to withdraw.' })
export class RevokeTeamInvitationInput {
  @Field(() => ID, { description: 'The TeamInvitation’s global id; it must not have been used.' }) invitationId!: string;
}

@ObjectType('RevokeTeamInvitationPayload', { description: 'Which invitation was withdrawn.' })
export class RevokeTeamInvitationPayload {
  @Field(() => ID, { description: 'The global id the invitation had; its link no longer works and its seat is free.' }) revokedInvitationId!: string;
}

@InputType('RemoveTeamMemberInput', { description: 'The membership to end.' })
export class RemoveTeamMemberInput {
  @Field(() => ID, { description: 'The membership’s global id.' }) memberId!: string;
}

@ObjectType('RemoveTeamMemberPayload', { description: 'The membership after removal.' })
export class RemoveTeamMemberPayload {
  @Field(() => TeamMember, { description: 'The membership, now inactive.' }) member!: TeamMember;
}

@InputType('LeaveTeamInput', { description: 'The team the viewer leaves.' })
export class LeaveTeamInput {
  @Field(() => ID, { description: 'The team’s global id.' }) teamId!: string;
}

@ObjectType('LeaveTeamPayload', { description: 'The viewer’s membership after leaving.' })
export class LeaveTeamPayload {
  @Field(() => TeamMember, { description: 'The viewer’s membership, now inactive.' }) member!: TeamMember;
}

@InputType('ChangeTeamMemberRoleInput', { description: 'A membership and its new role.' })
export class ChangeTeamMemberRoleInput {
  @Field(() => ID, { description: 'The TeamMember’s global id, of the team the viewer manages.' }) memberId!: string;
  @Field(() => TeamMemberRoleEnum, { description: 'The new role; a team always keeps one manager.' }) role!: TeamMemberRole;
}

@ObjectType('ChangeTeamMemberRolePayload', { description: 'The membership with its new role.' })
export class ChangeTeamMemberRolePayload {
  @Field(() => TeamMember, { description: 'The membership, in its new role.' }) member!: TeamMember;
}

@InputType('AddTeamAccountInput', { description: 'A team and the social account it starts managing.' })
export class AddTeamAccountInput {
  @Field(() => ID, { description: 'The team’s global id; the viewer must be one of its managers.' }) teamId!: string;
  @Field(() => SocialHandleInput, { description: 'The account, by network and username or profile link. An unknown network is "Network not found".' }) account!: SocialHandleInput;
}

@ObjectType('AddTeamAccountPayload', { description: 'The account the team now manages.' })
export class AddTeamAccountPayload {
  @Field(() => TeamAccount, { description: 'The team’s hold on the account; its members may now credit people on its posts.' }) managedAccount!: TeamAccount;
}

@InputType('RemoveTeamAccountInput', { description: 'The managed account the team lets go.' })
export class RemoveTeamAccountInput {
  @Field(() => ID, { description: 'The TeamManagedAccount’s global id.' }) managedAccountId!: string;
}

@ObjectType('RemoveTeamAccountPayload', { description: 'Which managed account was removed.' })
export class RemoveTeamAccountPayload {
  @Field(() => ID, { description: 'The global id the TeamManagedAccount had; the social account itself and its posts stay.' }) removedManagedAccountId!: string;
}

@InputType('CreateTeamStageInput', { description: 'A team and the name of a new column of its creator board.' })
export class CreateTeamStageInput {
  @Field(() => ID, { description: 'The team’s global id; a board holds at most 20 stages.' }) teamId!: string;
  @Field(() => String, { description: '1 to 60 characters.' }) name!: string;
}

@ObjectType('CreateTeamStagePayload', { description: 'The stage added.' })
export class CreateTeamStagePayload {
  @Field(() => TeamStage, { description: 'The new stage, at the right end of the board.' }) stage!: TeamStage;
}

@InputType('RenameTeamStageInput', { description: 'A stage of the team’s board and its new name.' })
export class RenameTeamStageInput {
  @Field(() => ID, { description: 'The TeamStage’s global id.' }) stageId!: string;
  @Field(() => String, { description: 'The new name, 1 to 60 characters.' }) name!: string;
}

@ObjectType('RenameTeamStagePayload', { description: 'The stage renamed.' })
export class RenameTeamStagePayload {
  @Field(() => TeamStage, { description: 'The stage, with its new name.' }) stage!: TeamStage;
}

@InputType('DeleteTeamStageInput', { description: 'The stage to delete.' })
export class DeleteTeamStageInput {
  @Field(() => ID, { description: 'The TeamStage’s global id; only an empty stage can be deleted.' }) stageId!: string;
}

@ObjectType('DeleteTeamStagePayload', { description: 'Which stage was deleted.' })
export class DeleteTeamStagePayload {
  @Field(() => ID, { description: 'The global id the stage had, to drop it from a client’s cache.' }) deletedStageId!: string;
}

@InputType('AddTeamCreatorInput', { description: 'A creator and the stage of the team’s board to put them in.' })
export class AddTeamCreatorInput {
  @Field(() => ID, { description: 'The stage to put the creator in.' }) stageId!: string;
  @Field(() => ID, { description: 'The creator’s User id.' }) userId!: string;
}

@ObjectType('AddTeamCreatorPayload', { description: 'The creator’s new card on the board.' })
export class AddTeamCreatorPayload {
  @Field(() => TeamCreator, { description: 'The card, in the stage asked for.' }) creator!: TeamCreator;
}

@InputType('MoveTeamCreatorInput', { description: 'A card of the team’s board and the stage it moves to.' })
export class MoveTeamCreatorInput {
  @Field(() => ID, { description: 'The TeamCreator’s global id.' }) creatorId!: string;
  @Field(() => ID, { description: 'A stage of the same team.' }) stageId!: string;
}

@ObjectType('MoveTeamCreatorPayload', { description: 'The card in its new stage.' })
export class MoveTeamCreatorPayload {
  @Field(() => TeamCreator, { description: 'The card, now in the stage asked for.' }) creator!: TeamCreator;
}

@InputType('RemoveTeamCreatorInput', { description: 'The card to take off the team’s board.' })
export class RemoveTeamCreatorInput {
  @Field(() => ID, { description: 'The TeamCreator’s global id.' }) creatorId!: string;
}

@ObjectType('RemoveTeamCreatorPayload', { description: 'Which card was removed.' })
export class RemoveTeamCreatorPayload {
  @Field(() => ID, { description: 'The global id the TeamCreator had; its comments went with it.' }) removedCreatorId!: string;
}

@InputType('CommentOnTeamCreatorInput', { description: 'A card of the team’s board and the comment to write on it.' })
export class CommentOnTeamCreatorInput {
  @Field(() => ID, { description: 'The TeamCreator’s global id.' }) creatorId!: string;
  @Field(() => String, { description: '1 to 2000 characters.' }) body!: string;
}

@ObjectType('CommentOnTeamCreatorPayload', { description: 'The comment written.' })
export class CommentOnTeamCreatorPayload {
  @Field(() => TeamCreatorComment, { description: 'The new comment; only the team sees it.' }) comment!: TeamCreatorComment;
}

@InputType('CreateTeamReportInput', { description: 'A team, a name and the posts or accounts a new report follows.' })
export class CreateTeamReportInput {
  @Field(() => ID, { description: 'The team’s global id; the viewer must be an active member and the team needs a paid Teams subscription.' }) teamId!: string;
  @Field(() => String, { description: '1 to 120 characters.' }) name!: string;
  @Field(() => TeamReportKindEnum, { description: 'Whether itemIds are posts (POSTS) or social accounts (ACCOUNTS).' }) kind!: TeamReportKind;
  @Field(() => [ID], { description: 'Post ids (POSTS) or SocialAccount ids (ACCOUNTS), 1 to 200.' }) itemIds!: string[];
}

@ObjectType('CreateTeamReportPayload', { description: 'The report saved.' })
export class CreateTeamReportPayload {
  @Field(() => TeamReport, { description: 'The new report, with its numbers from now on.' }) report!: TeamReport;
}

@InputType('DeleteTeamReportInput', { description: 'The report to delete.' })
export class DeleteTeamReportInput {
  @Field(() => ID, { description: 'The TeamReport’s global id, of a team the viewer is an active member of.' }) reportId!: string;
}

@ObjectType('DeleteTeamReportPayload', { description: 'Which report was deleted.' })
export class DeleteTeamReportPayload {
  @Field(() => ID, { description: 'The global id the report had, to drop it from a client’s cache.' }) deletedReportId!: string;
}
