import type { NodeType } from '../../graphql/node.js';
import type { RequestContext } from '../users/index.js';
import { JobApplication, JobApplicationComment } from './job-application.entity.js';
import { Job } from './job.entity.js';
import { findVisibleJobs, viewerJobAccess } from './job.service.js';

/** node(id:) answers what jobByAddress answers: jobs the viewer may see (drafts only to their team). */
export const jobNode: NodeType<Job, RequestContext> = {
  typeName: 'Job',
  classType: Job,
  loadVisible: ({ em, viewer }, ids) => findVisibleJobs(em, viewer, ids),
};

/** The hiring team's view of a job's applications, or the viewer's own (docs/product.md §Jobs). */
async function visibleApplications(context: RequestContext, applications: JobApplication[]): Promise<JobApplication[]> {
  const jobs = await findVisibleJobs(context.em, context.viewer, [...new Set(applications.map((row) => row.job.id))]);
  const teamJobs = new Set<number>();
  for (const job of jobs) {
    const access = await viewerJobAccess(context.em, context.viewer, job);
    if (access === 'manager' || access === 'member') teamJobs.add(job.id);
  }
  return applications.filter((row) => teamJobs.has(row.job.id) || (context.viewer !== null && row.applicant.id === context.viewer.user.id));
}

export const jobApplicationNode: NodeType<JobApplication, RequestContext> = {
  typeName: 'JobApplication',
  classType: JobApplication,
  loadVisible: async (context, ids) => visibleApplications(context, await context.em.find(JobApplication, { id: { $in: ids } })),
};

/** A comment is the team's: seen by those who see the job's applications, never by the applicant alone. */
export const jobApplicationCommentNode: NodeType<JobApplicationComment, RequestContext> = {
  typeName: 'JobApplicationComment',
  classType: JobApplicationComment,
  loadVisible: async (context, ids) => {
    const comments = await context.em.find(JobApplicationComment, { id: { $in: ids } });
    const applications = await context.em.find(JobApplication, { id: { $in: [...new Set(comments.map((row) => row.application.id))] } });
    const jobs = await findVisibleJobs(context.em, context.viewer, [...new Set(applications.map((row) => row.job.id))]);
    const teamJobs = new Set<number>();
    for (const job of jobs) {
      const access = await viewerJobAccess(context.em, context.viewer, job);
      if (access === 'manager' || access === 'member') teamJobs.add(job.id);
    }
    const jobOf = new Map(applications.map((row) => [row.id, row.job.id]));
    return comments.filter((row) => teamJobs.has(jobOf.get(row.application.id) ?? 0));
  },
};
