import { GraphQLSafeInt } from 'graphql-scalars';
import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import type { JobApplicationStatus } from '../../../../domain/jobs.js';
import { connectionType } from '../../graphql/connection.js';
import { closedSetEnum } from '../../graphql/enums.js';
import { SortDirectionEnum, type SortDirection } from '../manager/index.js';
import { TeamCreator } from '../teams/index.js';
import type { ApplicationOrderField } from './application-list.service.js';
import { JobApplication, JobApplicationComment } from './job-application.entity.js';
import { JobApplicationStatusEnum } from './job.enums.js';

export const JobApplicationOrderFieldEnum = closedSetEnum<ApplicationOrderField>(
  'JobApplicationOrderField',
  { APPLIED_AT: 'applied_at', FOLLOWERS: 'followers', PROJECTS: 'projects', COLLABORATORS: 'collaborators', COMMENTS: 'comments' },
  'A column of the applicants table to sort by.',
  {
    APPLIED_AT: 'When they applied.',
    FOLLOWERS: 'Followers of the social accounts verified as theirs.',
    PROJECTS: 'Posts they are publicly credited on.',
    COLLABORATORS: 'Other people publicly credited on the same posts.',
    COMMENTS: 'How many comments the team wrote about the application.',
  },
);

@InputType('JobApplicationOrder', { description: 'How to sort the applicants table; ties keep the order they applied in.' })
export class JobApplicationOrder {
  @Field(() => JobApplicationOrderFieldEnum, { description: 'The column to sort by.' }) field!: ApplicationOrderField;
  @Field(() => SortDirectionEnum, { defaultValue: 'desc', description: 'ASC or DESC; DESC when omitted.' }) direction: SortDirection = 'desc';
}

@ObjectType('JobApplicantSourcing', { description: 'The applicants table’s columns: followers, location, role, projects, collaborators, comments.' })
export class JobApplicantSourcing {
  @Field(() => GraphQLSafeInt, { description: 'Followers of the social accounts verified as theirs.' }) followers!: number;
  @Field(() => String, { nullable: true, description: 'Where they are, as they wrote it.' }) location!: string | null;
  /** Resolved to topRole. */
  roleId!: number | null;
  @Field(() => Int, { description: 'Posts they are publicly credited on.' }) projects!: number;
  @Field(() => Int, { description: 'Other people publicly credited on the same posts.' }) collaborators!: number;
  @Field(() => Int, { description: 'How many comments the team wrote about this application.' }) commentCount!: number;
}

@ObjectType('JobApplicationViewerCan', { description: 'What the viewer may do with the application.' })
export class JobApplicationViewerCan {
  @Field(() => Boolean, { description: 'Withdraw it: the applicant, while the job is open and nothing is decided.' }) withdraw!: boolean;
  @Field(() => Boolean, { description: 'Move it between NEW, SHORTLISTED and INTERVIEWING: the team’s active managers and members.' }) moveStage!: boolean;
  @Field(() => Boolean, { description: 'Hire or decline: the team’s managers, while nothing is decided.' }) decide!: boolean;
  @Field(() => Boolean, { description: 'Read and write the team’s comments.' }) comment!: boolean;
}

export const JobApplicationConnection = connectionType('JobApplication', JobApplication, { totalCount: true });
export const JobApplicationCommentConnection = connectionType('JobApplicationComment', JobApplicationComment);

@InputType('ApplyToJobInput', { description: 'Your application: the job, a message and the posts to show.' })
export class ApplyToJobInput {
  @Field(() => ID, { description: 'The open Job to apply to; a draft is NOT_FOUND, a closed job or one past its deadline is refused.' }) jobId!: string;
  @Field(() => String, { description: 'Plain text, up to 5,000 characters; may be empty.' }) message!: string;
  @Field(() => [ID], { description: 'Up to 12 public Posts you hold an accepted credit on, in the order to show them (see Job.viewerCreditChoices).' }) postIds!: string[];
}

@ObjectType('ApplyToJobPayload', { description: 'What applyToJob answers: the application sent.' })
export class ApplyToJobPayload {
  @Field(() => JobApplication, { description: 'Your new application, NEW.' }) application!: JobApplication;
}

@InputType('WithdrawJobApplicationInput', { description: 'The application to withdraw.' })
export class WithdrawJobApplicationInput {
  @Field(() => ID, { description: 'Your own JobApplication; anyone else’s is FORBIDDEN.' }) applicationId!: string;
}

@ObjectType('WithdrawJobApplicationPayload', { description: 'What withdrawJobApplication answers: the application, withdrawn.' })
export class WithdrawJobApplicationPayload {
  @Field(() => JobApplication, { description: 'The application, now WITHDRAWN (final).' }) application!: JobApplication;
}

@InputType('SetJobApplicationStatusInput', { description: 'The application, its new stage and, for a hire, a project to invite them into.' })
export class SetJobApplicationStatusInput {
  @Field(() => ID, { description: 'The JobApplication to move, on a job of your team; a decided one (HIRED, DECLINED, WITHDRAWN) cannot move.' }) applicationId!: string;
  @Field(() => JobApplicationStatusEnum, { description: 'NEW, SHORTLISTED or INTERVIEWING (team); HIRED or DECLINED (managers). WITHDRAWN is the applicant’s: withdrawJobApplication.' }) status!: JobApplicationStatus;
  @Field(() => ID, { nullable: true, description: 'With HIRED: a Project of the hiring team to invite them into (as a viewer, with projectRoleId).' }) addToProjectId?: string | null;
  @Field(() => ID, { nullable: true, description: 'With addToProjectId: their CreditRole in the project.' }) projectRoleId?: string | null;
}

@ObjectType('SetJobApplicationStatusPayload', { description: 'What setJobApplicationStatus answers: the application in its new stage.' })
export class SetJobApplicationStatusPayload {
  @Field(() => JobApplication, { description: 'The application in its new stage.' }) application!: JobApplication;
}

@InputType('CommentOnJobApplicationInput', { description: 'The team’s comment on an application.' })
export class CommentOnJobApplicationInput {
  @Field(() => ID, { description: 'A JobApplication on a job of your team.' }) applicationId!: string;
  @Field(() => String, { description: '1 to 2,000 characters.' }) body!: string;
}

@ObjectType('CommentOnJobApplicationPayload', { description: 'What commentOnJobApplication answers: the team’s new comment.' })
export class CommentOnJobApplicationPayload {
  @Field(() => JobApplicationComment, { description: 'The new comment, seen by the team’s active managers and members only.' }) comment!: JobApplicationComment;
}

/** The bound of Job.viewerCreditChoices. */
export const MAX_CREDIT_CHOICES = 100;

@InputType('AddJobApplicantToTeamBoardInput', { description: 'The applicant to put on the creator board, and the stage.' })
export class AddJobApplicantToTeamBoardInput {
  @Field(() => ID, { description: 'A JobApplication on a job of your team.' }) applicationId!: string;
  @Field(() => ID, { description: 'A TeamStage of the hiring team’s creator board.' }) stageId!: string;
}

@ObjectType('AddJobApplicantToTeamBoardPayload', { description: 'What addJobApplicantToTeamBoard answers: the applicant’s card on the board and whether it was there already.' })
export class AddJobApplicantToTeamBoardPayload {
  @Field(() => JobApplication, { description: 'The application, unchanged.' }) application!: JobApplication;
  @Field(() => TeamCreator, { description: 'The applicant’s card on the board: in the stage asked for, or where it already was.' }) teamCreator!: TeamCreator;
  @Field(() => Boolean, { description: 'The applicant was on the board already, so nothing changed.' }) alreadyOnBoard!: boolean;
}
