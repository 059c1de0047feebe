import type { ApplicationRowFragment, BrandJobsQuery, JobDetailsFragment, JobPageQuery, JobSummaryFragment, JobsListQuery } from '@gql/graphql';

/** A job's public id and current slug, shaped like the server's. */
export const JOB_PUBLIC_ID = 'j8Kx2mQp4z';
export const JOB_PATH = `/jobs/${JOB_PUBLIC_ID}~acme-studio-video-editor`;

export function jobSummary(fields: Partial<JobSummaryFragment> = {}): JobSummaryFragment {
  return {
    __typename: 'Job',
    id: 'Sm9iOjE=',
    publicId: JOB_PUBLIC_ID,
    name: 'Video editor',
    path: JOB_PATH,
    status: 'OPEN',
    isRemote: false,
    isUnpaid: false,
    deadline: '2027-01-31',
    publishedAt: '2026-11-28T10:00:00.000Z',
    createdAt: '2026-11-27T10:00:00.000Z',
    place: { __typename: 'JobPlace', name: 'Lisbon, Portugal', geohash: 'eycs0p' },
    pay: { __typename: 'JobPay', currency: 'EUR', min: 250000, max: 400000 },
    roles: [{ __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToz', databaseId: 3, name: 'Editor', emoji: '✂️' }],
    account: { __typename: 'User', id: 'VXNlcjo5', username: 'acmestudio', name: 'Acme Studio', avatarUrl: null },
    ...fields,
  };
}

export function jobDetails(fields: Partial<JobDetailsFragment> = {}): JobDetailsFragment {
  return {
    ...jobSummary(),
    slug: 'acme-studio-video-editor',
    description: 'Cut our spring campaign. Brief: https://example.com/brief.',
    closedAt: null,
    updatedAt: '2026-11-28T10:00:00.000Z',
    viewerCan: { __typename: 'JobViewerCan', edit: false, seeApplications: false, apply: false },
    team: null,
    viewerApplication: null,
    ...fields,
  };
}

export function jobPageAnswer(job: JobDetailsFragment | null = jobDetails(), slugIsCurrent = true): JobPageQuery {
  return { __typename: 'Query', jobByAddress: job && { __typename: 'JobAddress', canonicalPath: job.path, slugIsCurrent, job } };
}

export function jobsListAnswer(nodes: JobSummaryFragment[], hasNextPage = false): JobsListQuery {
  return { __typename: 'Query', jobs: { __typename: 'JobConnection', pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: hasNextPage ? 'next' : null }, nodes } };
}

export function brandJobsAnswer(nodes: JobSummaryFragment[] | null): BrandJobsQuery {
  return { __typename: 'Query', brandJobs: nodes && { __typename: 'JobConnection', pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes } };
}

export function applicationRow(fields: Partial<ApplicationRowFragment> = {}): ApplicationRowFragment {
  return {
    __typename: 'JobApplication',
    id: 'Sm9iQXBwbGljYXRpb246MQ==',
    status: 'NEW',
    createdAt: '2026-11-29T09:00:00.000Z',
    message: 'I cut the Lisbon film.',
    applicant: { __typename: 'User', id: 'VXNlcjoz', username: 'annasummer', name: 'Anna Summer', avatarUrl: null },
    sourcing: { __typename: 'JobApplicantSourcing', followers: 12500, location: 'Lisbon, Portugal', projects: 14, collaborators: 6, commentCount: 0, topRole: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToz', name: 'Editor', emoji: '✂️' } },
    viewerCan: { __typename: 'JobApplicationViewerCan', moveStage: true, decide: true, comment: true },
    ...fields,
  };
}
