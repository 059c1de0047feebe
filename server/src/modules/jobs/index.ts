/**
 * What the jobs module offers the rest of Byline. Other modules, the registry and tests import
 * these, never a file of the module directly (docs/architecture.md).
 */
export { JobApplicantSourcingResolver, JobApplicationCommentResolver, JobApplicationResolver, JobApplicationsFieldResolver } from './application.resolver.js';
export { Job } from './job.entity.js';
export { JobApplication, JobApplicationComment } from './job-application.entity.js';
export { jobApplicationCommentNode, jobApplicationNode, jobNode } from './job.node.js';
export { JobResolver, TeamJobsResolver } from './job.resolver.js';
export { jobPageHead } from './job-head.js';
export { jobSearchHitFromRow, openJobsSearchSql, searchOpenJobs } from './job-search.js';
export type { JobSearchHit, JobSearchRow } from './job-search.js';
export { closeJobsPastDeadline, createJob } from './job.service.js';
export { startJobsModule } from './jobs.module.js';
