import { JOB_APPLICATION_STATUSES, JOB_STATUSES, type JobApplicationStatus, type JobStatus } from '../../../../domain/jobs.js';
import { closedSetEnum, screamingKeys } from '../../graphql/enums.js';

export const JobStatusEnum = closedSetEnum<JobStatus>('JobStatus', screamingKeys(JOB_STATUSES), 'Where a job stands.', {
  DRAFT: 'Being written: only its team sees it.',
  OPEN: 'Published and taking applications.',
  CLOSED: 'No longer taking applications; its page still opens and says so. Final.',
});

export const JobApplicationStatusEnum = closedSetEnum<JobApplicationStatus>('JobApplicationStatus', screamingKeys(JOB_APPLICATION_STATUSES), 'Where an application stands.', {
  NEW: 'Not looked at yet. The applicant sees every undecided stage as NEW.',
  SHORTLISTED: 'The team wants a closer look (seen by the team only).',
  INTERVIEWING: 'The team is talking to the applicant (seen by the team only).',
  HIRED: 'The team hired the applicant; they are told. Final.',
  DECLINED: 'The team declined the applicant; they are told. Final.',
  WITHDRAWN: 'The applicant withdrew it. Final.',
});
