import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import { jobPath, jobSlug, type PayInput } from '../../../../domain/jobs.js';
import { whenLoaded } from '../../db/request-loader.js';
import type { Connection } from '../../graphql/connection.js';
import { parseGlobalId } from '../../graphql/global-id.js';
import { ForwardPageArgs, PageArgs, readKeysetPage } from '../../graphql/pagination.js';
import { CreditRole } from '../credits/index.js';
import { Team } from '../teams/index.js';
import { findUserByUsername, loadUserView, requireViewer, User } from '../users/index.js';
import type { RequestContext, UserView } from '../users/index.js';
import { Job } from './job.entity.js';
import { listAccountJobs, listOpenJobs, listTeamJobs } from './job-list.service.js';
import { creditRolesById, loadTeam, loadViewerJobRelations } from './job.loaders.js';
import { viewerAbilities } from './job.policy.js';
import { closeJob, createJob, findJobByPublicId, updateJob, viewerJobAccess, type JobChanges } from './job.service.js';
import type { JobView } from './job.view.js';
import {
  CloseJobInput,
  CloseJobPayload,
  CreateJobInput,
  CreateJobPayload,
  JobAddress,
  JobConnection,
  JobPay,
  JobPlace,
  JobViewerCan,
  UpdateJobInput,
  UpdateJobPayload,
} from './job.types.js';

/** A form's fields as service changes: only the fields sent. */
function readChanges(input: CreateJobInput | UpdateJobInput): JobChanges {
  const changes: JobChanges = {};
  if (input.name !== undefined && input.name !== null) changes.name = input.name;
  if (input.roleIds) changes.roleIds = input.roleIds.map((id) => parseGlobalId(id, 'CreditRole'));
  if (input.description !== undefined && input.description !== null) changes.description = input.description;
  if (input.place !== undefined) changes.place = input.place ? { name: input.place.name, geohash: input.place.geohash } : null;
  if (input.isRemote !== undefined && input.isRemote !== null) changes.isRemote = input.isRemote;
  if ((input.pay !== undefined && input.pay !== null) || (input.isUnpaid !== undefined && input.isUnpaid !== null)) {
    const pay: PayInput = { min: input.pay?.min ?? null, max: input.pay?.max ?? null, currency: input.pay?.currency ?? null, unpaid: input.isUnpaid ?? false };
    changes.pay = pay;
  }
  if (input.deadline !== undefined) changes.deadline = input.deadline;
  if (input.status) changes.status = input.status;
  return changes;
}

@Resolver(() => Job)
export class JobResolver {
  @Query(() => JobConnection, { description: 'Open jobs, newest first; every filter optional. Open to everyone, signed out included.' })
  jobs(
    @Args(() => ForwardPageArgs) page: ForwardPageArgs,
    @Arg('roleIds', () => [ID], { nullable: true, description: 'CreditRole ids: jobs wanting any of them.' }) roleIds: string[] | null,
    @Arg('near', () => String, { nullable: true, description: 'A place as a geohash: jobs placed within radiusKm of it.' }) near: string | null,
    @Arg('radiusKm', () => Int, { nullable: true, description: 'With near: 1 to 20,000 km; the geohash cell’s own size when omitted.' }) radiusKm: number | null,
    @Arg('remote', () => Boolean, { nullable: true, description: 'true: remote jobs only; false: on-site jobs only.' }) remote: boolean | null,
    @Arg('postedWithinDays', () => Int, { nullable: true, description: 'Published in the last N days, 1 to 365.' }) postedWithinDays: number | null,
    @Ctx() { em }: RequestContext,
  ): Promise<Connection<JobView>> {
    // An argument left out arrives as undefined: every filter is null when not given.
    return listOpenJobs(em, readKeysetPage(page), { roleIds: (roleIds ?? []).map((id) => parseGlobalId(id, 'CreditRole')), near: near ?? null, radiusKm: radiusKm ?? null, remote: remote ?? null, postedWithinDays: postedWithinDays ?? null });
  }

  @Query(() => JobAddress, {
    nullable: true,
    description:
      'The job at /jobs/{publicId}~{accountSlug}-{nameSlug}, with its current address. Null for an unknown id or a draft the viewer may not see. Any slug finds the job: redirect to canonicalPath when slugIsCurrent is false.',
  })
  async jobByAddress(@Arg('publicId', () => String, { description: 'The job’s public id: the ten letters and digits after /jobs/.' }) publicId: string, @Arg('slug', () => String, { nullable: true, description: 'The part after the ~, if the address had one; compared with the current slug only.' }) slug: string | null, @Ctx() { em, viewer }: RequestContext): Promise<JobAddress | null> {
    const found = await findJobByPublicId(em, viewer, publicId);
    if (!found) return null;
    const account = await loadUserView(em, found.job.account.id);
    const current = jobSlug(account?.username ?? '', found.job.name);
    return { job: found.job, canonicalPath: jobPath(found.job.publicId, current), slugIsCurrent: (slug ?? null) === current };
  }

  @Query(() => JobConnection, { nullable: true, description: 'A company’s open jobs (/{username}/jobs), newest first; null for an unknown username.' })
  async brandJobs(@Arg('username', () => String, { description: 'The company’s username, as in /{username}/jobs.' }) username: string, @Args(() => ForwardPageArgs) page: ForwardPageArgs, @Ctx() { em }: RequestContext): Promise<Connection<JobView> | null> {
    const account = await findUserByUsername(em, username);
    return account ? listAccountJobs(em, account.id, readKeysetPage(page)) : null;
  }

  @FieldResolver(() => String, { description: 'The slug after the public id: the account’s username and the title, slugged.' })
  slug(@Root() job: JobView, @Ctx() { em }: RequestContext): string | Promise<string> {
    return whenLoaded(loadUserView(em, job.account.id), (account) => jobSlug(account?.username ?? '', job.name));
  }

  @FieldResolver(() => String, { description: 'The job’s page: /jobs/{publicId}~{slug}.' })
  path(@Root() job: JobView, @Ctx() { em }: RequestContext): string | Promise<string> {
    return whenLoaded(loadUserView(em, job.account.id), (account) => jobPath(job.publicId, jobSlug(account?.username ?? '', job.name)));
  }

  @FieldResolver(() => User, { description: 'The company the job is published as; its profile links to its jobs.' })
  async account(@Root() job: JobView, @Ctx() { em }: RequestContext): Promise<UserView> {
    const account = await loadUserView(em, job.account.id);
    // The foreign key cascades, so a job never outlives its account.
    if (!account) throw new Error(`Job ${job.id} without its account`);
    return account;
  }

  @FieldResolver(() => Team, { nullable: true, description: 'The hiring team: for its managers and members; null for anyone else.' })
  async team(@Root() job: JobView, @Ctx() { em, viewer }: RequestContext): Promise<Team | null> {
    const access = await viewerJobAccess(em, viewer, job);
    return access === 'manager' || access === 'member' ? loadTeam.load(em, job.team.id) : null;
  }

  @FieldResolver(() => [CreditRole], { description: 'The roles wanted (at most 10).' })
  roles(@Root() job: JobView, @Ctx() { em }: RequestContext): CreditRole[] | Promise<CreditRole[]> {
    return creditRolesById(em, job.roleIds);
  }

  @FieldResolver(() => JobPlace, { nullable: true, description: 'The city; null for a remote job without one.' })
  place(@Root() job: JobView): JobPlace | null {
    return job.placeGeohash && job.placeName ? { name: job.placeName, geohash: job.placeGeohash } : null;
  }

  @FieldResolver(() => JobPay, { nullable: true, description: 'The pay range; null when the job is unpaid.' })
  pay(@Root() job: JobView): JobPay | null {
    return job.isUnpaid || !job.payCurrency ? null : { min: job.payMin, max: job.payMax, currency: job.payCurrency };
  }

  @FieldResolver(() => JobViewerCan, { description: 'What the viewer may do with the job: edit, see applications, apply.' })
  async viewerCan(@Root() job: JobView, @Ctx() { em, viewer }: RequestContext): Promise<JobViewerCan> {
    const relations = await loadViewerJobRelations(em, viewer?.user.id ?? null, job.id);
    return viewerAbilities(viewer, job, await viewerJobAccess(em, viewer, job), relations);
  }

  @Mutation(() => CreateJobPayload, { description: 'Posts a job for a team you manage, as one of its companies. Needs a paid Teams subscription where billing is configured ("Let’s work together").' })
  async createJob(@Arg('input', () => CreateJobInput, { description: 'The job to post.' }) input: CreateJobInput, @Ctx() context: RequestContext): Promise<CreateJobPayload> {
    const viewer = requireViewer(context);
    const changes = readChanges(input);
    const job = await createJob(context.em, viewer, parseGlobalId(input.teamId, 'Team'), parseGlobalId(input.accountId, 'User'), { ...changes, name: input.name, roleIds: changes.roleIds ?? [] });
    return { job };
  }

  @Mutation(() => UpdateJobPayload, { description: 'Changes a job (the team’s managers). Opening a draft runs the Teams upgrade check; closing tells undecided applicants.' })
  async updateJob(@Arg('input', () => UpdateJobInput, { description: 'The job and the fields to change.' }) input: UpdateJobInput, @Ctx() context: RequestContext): Promise<UpdateJobPayload> {
    return { job: await updateJob(context.em, requireViewer(context), parseGlobalId(input.jobId, 'Job'), readChanges(input)) };
  }

  @Mutation(() => CloseJobPayload, { description: 'Closes a job (the team’s managers): it takes no more applications, and every applicant still waiting is told once.' })
  async closeJob(@Arg('input', () => CloseJobInput, { description: 'The job to close.' }) input: CloseJobInput, @Ctx() context: RequestContext): Promise<CloseJobPayload> {
    return { job: await closeJob(context.em, requireViewer(context), parseGlobalId(input.jobId, 'Job')) };
  }
}

@Resolver(() => Team)
export class TeamJobsResolver {
  @FieldResolver(() => JobConnection, { description: 'The team’s jobs, newest first: drafts included for its managers and members.' })
  jobs(@Root() team: Team, @Args(() => PageArgs) page: PageArgs, @Ctx() { em, viewer }: RequestContext): Promise<Connection<JobView>> {
    return listTeamJobs(em, viewer, team.id, readKeysetPage(page));
  }
}

