import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Resolver, Root } from 'type-graphql';
import { applicantFacingStatus, INTERNAL_APPLICATION_STATUSES, MAX_APPLICATION_POSTS, type JobApplicationStatus } from '../../../../domain/jobs.js';
import { requestLoader, whenLoaded } from '../../db/request-loader.js';
import { InvalidInput } from '../../errors/app-errors.js';
import { childConnection } from '../../graphql/child-connections.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { Credit, CreditRole } from '../credits/index.js';
import { findPostViews, Post, type PostView } from '../posts/index.js';
import { loadUserView, requireViewer, User } from '../users/index.js';
import type { RequestContext, UserView } from '../users/index.js';
import { listJobApplications, loadApplicantSourcing, type ApplicantSourcing } from './application-list.service.js';
import { addApplicantToBoard, applyToJob, commentOnApplication, maySeeApplications, setApplicationStatus, withdrawApplication } from './application.service.js';
import {
  AddJobApplicantToTeamBoardInput,
  AddJobApplicantToTeamBoardPayload,
  ApplyToJobInput,
  ApplyToJobPayload,
  CommentOnJobApplicationInput,
  CommentOnJobApplicationPayload,
  JobApplicantSourcing,
  JobApplicationCommentConnection,
  JobApplicationConnection,
  JobApplicationOrder,
  JobApplicationViewerCan,
  MAX_CREDIT_CHOICES,
  SetJobApplicationStatusInput,
  SetJobApplicationStatusPayload,
  WithdrawJobApplicationInput,
  WithdrawJobApplicationPayload,
} from './application.types.js';
import { viewerCreditChoices } from './credit-choices.js';
import { JobApplication, JobApplicationComment } from './job-application.entity.js';
import { Job } from './job.entity.js';
import { JobApplicationStatusEnum } from './job.enums.js';
import { creditRolesById, loadJob, loadViewerJobRelations } from './job.loaders.js';
import { viewerJobAccess } from './job.service.js';
import type { JobView } from './job.view.js';

const COMMENTS = { name: 'job-application-comments', entity: JobApplicationComment, table: 'job_application_comments', parentColumn: 'application_id', order: 'asc' } as const;

// An application's chosen posts, every application of a response in one statement; a post made private since is left out.
const loadPosts = requestLoader<number, PostView | null>(async (em, ids) => {
  const posts = await findPostViews(em, { id: { $in: [...ids] }, isPrivate: false }, { orderBy: { id: 'asc' }, limit: ids.length });
  return ids.map((id) => posts.find((post) => post.id === id) ?? null);
});

async function jobOf(context: RequestContext, application: JobApplication): Promise<JobView> {
  const job = await loadJob(context.em, application.job.id);
  if (!job) throw new Error(`Application ${application.id} without its job`);
  return job;
}

/** Whether the viewer is on the hiring team (sees every application of the job, and its comments). */
async function isTeamViewer(context: RequestContext, application: JobApplication): Promise<boolean> {
  return maySeeApplications(context.em, context.viewer, await jobOf(context, application));
}

@Resolver(() => Job)
export class JobApplicationsFieldResolver {
  @FieldResolver(() => JobApplicationConnection, {
    nullable: true,
    description: 'The applicants table, newest first unless orderBy says otherwise: for the team’s active managers and members (not pro_only seats); null for anyone else.',
  })
  async applications(
    @Root() job: JobView,
    @Arg('first', () => Int, { nullable: true, description: `1 to ${MAX_PAGE_SIZE}; ${DEFAULT_PAGE_SIZE} when omitted.` }) first: number | null,
    @Arg('after', () => String, { nullable: true, description: 'The endCursor of the previous page.' }) after: string | null,
    @Arg('orderBy', () => JobApplicationOrder, { nullable: true, description: 'The column and direction; newest applications first when omitted.' }) orderBy: JobApplicationOrder | null,
    @Arg('statuses', () => [JobApplicationStatusEnum], { nullable: true, description: 'Only applications in these stages.' }) statuses: JobApplicationStatus[] | null,
    @Arg('roleId', () => ID, { nullable: true, description: 'Only applicants most often credited in this CreditRole.' }) roleId: string | null,
    @Arg('location', () => String, { nullable: true, description: 'Only applicants whose place contains this text.' }) location: string | null,
    @Ctx() { em, viewer }: RequestContext,
  ): Promise<Connection<JobApplication> | null> {
    if (!(await maySeeApplications(em, viewer, job))) return null;
    const size = first ?? DEFAULT_PAGE_SIZE;
    if (!Number.isInteger(size) || size < 1 || size > MAX_PAGE_SIZE) throw new InvalidInput(`first must be between 1 and ${MAX_PAGE_SIZE}`);
    return listJobApplications(em, job.id, { size, after: after ?? null }, {
      orderBy: orderBy?.field ?? 'applied_at',
      direction: orderBy?.direction ?? 'desc',
      statuses: statuses ?? [],
      roleId: roleId ? parseGlobalId(roleId, 'CreditRole') : null,
      location: location ?? null,
    });
  }

  @FieldResolver(() => JobApplication, { nullable: true, description: 'The viewer’s own application to this job, withdrawn ones included; null when they have none.' })
  async viewerApplication(@Root() job: JobView, @Ctx() { em, viewer }: RequestContext): Promise<JobApplication | null> {
    const relations = await loadViewerJobRelations(em, viewer?.user.id ?? null, job.id);
    return relations.application ? em.findOne(JobApplication, relations.application.id) : null;
  }

  @FieldResolver(() => [Credit], {
    description: `The viewer’s accepted credits on public posts to apply with, best matches first (a role the job wants), then newest; at most ${MAX_CREDIT_CHOICES}. Empty when signed out.`,
  })
  viewerCreditChoices(@Root() job: JobView, @Arg('first', () => Int, { defaultValue: 50, description: 'How many to return, 1 to 100; 50 when omitted.' }) first: number, @Ctx() { em, viewer }: RequestContext): Promise<Credit[]> {
    if (!Number.isInteger(first) || first < 1 || first > MAX_CREDIT_CHOICES) throw new InvalidInput(`first must be between 1 and ${MAX_CREDIT_CHOICES}`);
    return viewer ? viewerCreditChoices(em, viewer.user.id, job, first) : Promise.resolve([]);
  }
}

@Resolver(() => JobApplication)
export class JobApplicationResolver {
  @FieldResolver(() => Job, { description: 'The job applied to.' })
  job(@Root() application: JobApplication, @Ctx() context: RequestContext): Promise<JobView> {
    return jobOf(context, application);
  }

  @FieldResolver(() => User, { description: 'Who applied.' })
  async applicant(@Root() application: JobApplication, @Ctx() { em }: RequestContext): Promise<UserView> {
    const user = await loadUserView(em, application.applicant.id);
    if (!user) throw new Error(`Application ${application.id} without its applicant`);
    return user;
  }

  @FieldResolver(() => JobApplicationStatusEnum, { description: 'The team sees every stage; the applicant sees SHORTLISTED and INTERVIEWING as NEW.' })
  async status(@Root() application: JobApplication, @Ctx() context: RequestContext): Promise<JobApplicationStatus> {
    return (await isTeamViewer(context, application)) ? application.status : applicantFacingStatus(application.status);
  }

  @FieldResolver(() => [Post], { description: `The posts chosen, in the applicant’s order (at most ${MAX_APPLICATION_POSTS}); a post made private since is left out.` })
  async posts(@Root() application: JobApplication, @Ctx() { em }: RequestContext): Promise<PostView[]> {
    const posts = await Promise.all(application.postIds.map((id) => loadPosts.load(em, id)));
    return posts.filter((post): post is PostView => post !== null);
  }

  @FieldResolver(() => JobApplicantSourcing, { nullable: true, description: 'The applicants table’s columns: for the hiring team only.' })
  async sourcing(@Root() application: JobApplication, @Ctx() context: RequestContext): Promise<ApplicantSourcing | null> {
    return (await isTeamViewer(context, application)) ? loadApplicantSourcing(context.em, application.id) : null;
  }

  @FieldResolver(() => JobApplicationCommentConnection, { nullable: true, description: 'The team’s comments, oldest first: for its active managers and members only; null for anyone else, the applicant included.' })
  async teamComments(@Root() application: JobApplication, @Args(() => PageArgs) page: PageArgs, @Ctx() context: RequestContext): Promise<Connection<JobApplicationComment> | null> {
    return (await isTeamViewer(context, application)) ? childConnection(context.em, COMMENTS, application.id, readKeysetPage(page)) : null;
  }

  @FieldResolver(() => JobApplicationViewerCan, { description: 'What the viewer may do with the application: withdraw, move its stage, decide, comment.' })
  async viewerCan(@Root() application: JobApplication, @Ctx() context: RequestContext): Promise<JobApplicationViewerCan> {
    const job = await jobOf(context, application);
    const access = await viewerJobAccess(context.em, context.viewer, job);
    const team = access === 'manager' || access === 'member';
    const manager = access === 'manager';
    const undecided = INTERNAL_APPLICATION_STATUSES.includes(application.status);
    const own = context.viewer !== null && application.applicant.id === context.viewer.user.id;
    return { withdraw: own && undecided && job.status === 'open', moveStage: team && undecided, decide: manager && undecided, comment: team };
  }

  @Mutation(() => ApplyToJobPayload, { description: 'Applies to an open job, once, with a message and up to 12 posts you are credited on. A second application is CONFLICT ("That resource already exists").' })
  async applyToJob(@Arg('input', () => ApplyToJobInput, { description: 'The job, message and posts.' }) input: ApplyToJobInput, @Ctx() context: RequestContext): Promise<ApplyToJobPayload> {
    const viewer = requireViewer(context);
    const postIds = input.postIds.map((id) => parseGlobalId(id, 'Post'));
    return { application: await applyToJob(context.em, viewer, parseGlobalId(input.jobId, 'Job'), { message: input.message, postIds }) };
  }

  @Mutation(() => WithdrawJobApplicationPayload, { description: 'Withdraws your application while the job is open and the team has not decided.' })
  async withdrawJobApplication(@Arg('input', () => WithdrawJobApplicationInput, { description: 'The application to withdraw.' }) input: WithdrawJobApplicationInput, @Ctx() context: RequestContext): Promise<WithdrawJobApplicationPayload> {
    return { application: await withdrawApplication(context.em, requireViewer(context), parseGlobalId(input.applicationId, 'JobApplication')) };
  }

  @Mutation(() => SetJobApplicationStatusPayload, { description: 'Moves an application to another stage (the team), or hires or declines (managers; the applicant is told), optionally inviting a hire into a team project.' })
  async setJobApplicationStatus(@Arg('input', () => SetJobApplicationStatusInput, { description: 'The application and its new stage.' }) input: SetJobApplicationStatusInput, @Ctx() context: RequestContext): Promise<SetJobApplicationStatusPayload> {
    const viewer = requireViewer(context);
    if ((input.addToProjectId ? 1 : 0) !== (input.projectRoleId ? 1 : 0)) throw new InvalidInput('Give addToProjectId and projectRoleId together.', { field: 'projectRoleId' });
    const hire =
      input.addToProjectId && input.projectRoleId
        ? { projectId: parseGlobalId(input.addToProjectId, 'Project'), roleId: parseGlobalId(input.projectRoleId, 'CreditRole'), mail: { boss: context.boss, publicUrl: context.config.publicUrl } }
        : null;
    return { application: await setApplicationStatus(context.em, viewer, parseGlobalId(input.applicationId, 'JobApplication'), input.status, hire) };
  }

  @Mutation(() => AddJobApplicantToTeamBoardPayload, {
    description: 'Puts the applicant on the hiring team’s creator stages board, in one of its stages (active managers and members; the board needs the team’s subscription). If they are on the board already their card stays where it is: `alreadyOnBoard` says so.',
  })
  async addJobApplicantToTeamBoard(@Arg('input', () => AddJobApplicantToTeamBoardInput, { description: 'The application and the board’s stage.' }) input: AddJobApplicantToTeamBoardInput, @Ctx() context: RequestContext): Promise<AddJobApplicantToTeamBoardPayload> {
    const placed = await addApplicantToBoard(context.em, requireViewer(context), parseGlobalId(input.applicationId, 'JobApplication'), parseGlobalId(input.stageId, 'TeamStage'));
    return { application: placed.application, teamCreator: placed.creator, alreadyOnBoard: placed.alreadyOnBoard };
  }

  @Mutation(() => CommentOnJobApplicationPayload, { description: 'Writes the team’s comment about an application (active managers and members); the applicant never sees it.' })
  async commentOnJobApplication(@Arg('input', () => CommentOnJobApplicationInput, { description: 'The application and the comment.' }) input: CommentOnJobApplicationInput, @Ctx() context: RequestContext): Promise<CommentOnJobApplicationPayload> {
    return { comment: await commentOnApplication(context.em, requireViewer(context), parseGlobalId(input.applicationId, 'JobApplication'), input.body) };
  }
}

@Resolver(() => JobApplicantSourcing)
export class JobApplicantSourcingResolver {
  @FieldResolver(() => CreditRole, { nullable: true, description: 'The role they are publicly credited for most often.' })
  topRole(@Root() sourcing: JobApplicantSourcing, @Ctx() { em }: RequestContext): CreditRole | null | Promise<CreditRole | null> {
    return sourcing.roleId === null ? null : whenLoaded(creditRolesById(em, [sourcing.roleId]), ([role]) => role ?? null);
  }
}

@Resolver(() => JobApplicationComment)
export class JobApplicationCommentResolver {
  @FieldResolver(() => User, { nullable: true, description: 'Who wrote it; null for a former member.' })
  async author(@Root() comment: JobApplicationComment, @Ctx() { em }: RequestContext): Promise<UserView | null> {
    return comment.author ? loadUserView(em, comment.author.id) : null;
  }
}
