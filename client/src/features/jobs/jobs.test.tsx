import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { JobCreditChoicesQuery, JobPostingTeamsQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { applicationRow, brandJobsAnswer, JOB_PATH, JOB_PUBLIC_ID, jobDetails, jobPageAnswer, jobsListAnswer, jobSummary } from '@test/fakeJobs';
import { renderApp } from '@test/renderApp';

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), ...answers };
}

function signedOut(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer(null), ...answers };
}

/** The viewer manages one team, published as its company Acme Studio. */
function postingTeams(useTools = true): JobPostingTeamsQuery {
  return {
    __typename: 'Query',
    plansOpen: true,
    // The signed-in viewer of viewerAnswer (the same id, so the cache keeps one viewer), with no current team.
    viewer: { __typename: 'User', id: '1', currentTeamId: null },
    viewerTeams: {
      __typename: 'TeamMemberConnection',
      nodes: [
        {
          __typename: 'TeamMember',
          id: 'VGVhbU1lbWJlcjox',
          role: 'MANAGER',
          status: 'ACTIVE',
          team: {
            __typename: 'Team',
            id: 'VGVhbTox',
            databaseId: 1,
            name: 'Acme hiring',
            viewerCan: { __typename: 'TeamViewerCan', manage: true, useTools },
            members: {
              __typename: 'TeamMemberConnection',
              nodes: [{ __typename: 'TeamMember', id: 'VGVhbU1lbWJlcjox', role: 'MANAGER', status: 'ACTIVE', user: { __typename: 'User', id: 'VXNlcjo5', username: 'acmestudio', name: 'Acme Studio', userType: 'COMPANY' } }],
            },
          },
        },
      ],
    },
  };
}

describe('/jobs', () => {
  it('lists open jobs linking to their pages, with every filter in the address', async () => {
    const user = userEvent.setup();
    const asked: Array<Record<string, unknown>> = [];
    const { router } = renderApp(
      '/jobs?role=Editor~3',
      signedOut({
        JobsList: (variables) => {
          asked.push(variables);
          return jobsListAnswer(variables.remote === true ? [] : [jobSummary()]);
        },
      }),
    );
    const link = await screen.findByRole('link', { name: 'Video editor' });
    expect(link.getAttribute('href')).toBe(JOB_PATH);
    const row = within(link.closest('li')!);
    expect(row.getByText('Acme Studio · Lisbon, Portugal · €2,500–€4,000')).toBeTruthy();
    expect(asked[0]).toMatchObject({ roleIds: [btoa('CreditRole:3')], remote: null });
    // A visitor posts nothing.
    expect(screen.queryByRole('button', { name: 'Post a job' })).toBeNull();

    await user.click(screen.getByRole('button', { name: /^Remote/ }));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Remote' }), 'yes');
    expect(new URLSearchParams(router.location.search).get('remote')).toBe('yes');
    expect(await screen.findByText('No open job matches these filters.')).toBeTruthy();
    expect(asked.at(-1)).toMatchObject({ remote: true, roleIds: [btoa('CreditRole:3')] });
  });

  it('reads a place, radius and days from a shared link', async () => {
    const asked: Array<Record<string, unknown>> = [];
    renderApp(
      '/jobs?geo=Lisbon%2C+Portugal~eycs0p&radiusKm=25&days=7',
      signedOut({
        JobsList: (variables) => {
          asked.push(variables);
          return jobsListAnswer([]);
        },
      }),
    );
    expect(await screen.findByText('Within 25 km of Lisbon, Portugal')).toBeTruthy();
    expect(screen.getByText('Posted in the last 7 days')).toBeTruthy();
    expect(asked[0]).toMatchObject({ near: 'eycs0p', radiusKm: 25, postedWithinDays: 7 });
  });

  it('lets a team manager post a job and opens its page', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const { router } = renderApp(
      '/jobs',
      signedIn({
        JobsList: jobsListAnswer([]),
        JobPostingTeams: postingTeams(),
        CreateJob: (variables) => {
          created.push(variables.input);
          return { __typename: 'Mutation', createJob: { __typename: 'CreateJobPayload', job: jobDetails({ viewerCan: { __typename: 'JobViewerCan', edit: true, seeApplications: true, apply: false } }) } };
        },
        JobPage: jobPageAnswer(jobDetails({ viewerCan: { __typename: 'JobViewerCan', edit: true, seeApplications: true, apply: false } })),
        JobApplications: { __typename: 'Query', node: { __typename: 'Job', id: 'Sm9iOjE=', applications: { __typename: 'JobApplicationConnection', totalCount: 0, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [] } } },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Post a job' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Post a job' }));
    await user.click(dialog.getByRole('button', { name: 'Save draft' }));
    expect(dialog.getByRole('alert').textContent).toBe('Give the job a title.');
    await user.type(dialog.getByLabelText('Title'), 'Video editor');
    await user.click(dialog.getByLabelText(/Editor$/));
    await user.click(dialog.getByLabelText(/Remote: work from anywhere/));
    await user.type(dialog.getByLabelText('From'), '2500');
    await user.clear(dialog.getByLabelText(/Currency/));
    await user.type(dialog.getByLabelText(/Currency/), 'eur');
    await user.type(dialog.getByLabelText('Description'), 'Cut our film. <b>now</b>');
    await user.selectOptions(dialog.getByLabelText('Status'), 'OPEN');
    await user.click(dialog.getByRole('button', { name: 'Post job' }));
    await waitFor(() => expect(router.location.pathname).toBe(JOB_PATH));
    expect(created).toEqual([
      {
        teamId: 'VGVhbTox',
        accountId: 'VXNlcjo5',
        status: 'OPEN',
        name: 'Video editor',
        roleIds: [btoa('CreditRole:3')],
        description: 'Cut our film. <b>now</b>',
        isRemote: true,
        place: null,
        isUnpaid: false,
        pay: { currency: 'EUR', min: 250000, max: null },
        deadline: null,
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Video editor' })).toBeTruthy();
  });

  it('starts a new job for the current team', async () => {
    const one = postingTeams();
    const first = one.viewerTeams.nodes[0]!;
    const second = { ...first, id: 'VGVhbU1lbWJlcjoy', team: { ...first.team, id: 'VGVhbToy', databaseId: 2, name: 'North hiring' } };
    const answer: JobPostingTeamsQuery = { ...one, viewer: { __typename: 'User', id: '1', currentTeamId: 'VGVhbToy' }, viewerTeams: { ...one.viewerTeams, nodes: [first, second] } };
    renderApp('/jobs?new=1', signedIn({ JobsList: jobsListAnswer([]), JobPostingTeams: answer }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Post a job' }));
    expect((dialog.getByLabelText('Team') as HTMLSelectElement).value).toBe('VGVhbToy');
  });

  it('shows "Let’s work together" when the team has no Teams subscription', async () => {
    const user = userEvent.setup();
    renderApp('/jobs?new=1&team=VGVhbTox', signedIn({ JobsList: jobsListAnswer([]), JobPostingTeams: postingTeams(false) }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Post a job' }));
    await user.type(dialog.getByLabelText('Title'), 'Video editor');
    await user.click(dialog.getByLabelText(/Editor$/));
    await user.click(dialog.getByLabelText(/Remote: work from anywhere/));
    await user.click(dialog.getByLabelText('Unpaid'));
    await user.click(dialog.getByRole('button', { name: 'Save draft' }));
    const prompt = await screen.findByRole('dialog', { name: "Let's work together" });
    expect(within(prompt).getByRole('link', { name: 'Start your subscription' }).getAttribute('href')).toBe('/teams/1/billing');
  });
});

describe('a job’s page', () => {
  it('moves an old slug to the current address', async () => {
    const { router } = renderApp(`/jobs/${JOB_PUBLIC_ID}~old-title`, signedOut({ JobPage: (variables) => jobPageAnswer(jobDetails(), variables.slug === 'acme-studio-video-editor') }));
    await waitFor(() => expect(router.location.pathname).toBe(JOB_PATH));
    expect(await screen.findByRole('heading', { level: 1, name: 'Video editor' })).toBeTruthy();
  });

  it('is the not-found page for an unknown job or a bad address', async () => {
    const unknown = renderApp(JOB_PATH, signedOut({ JobPage: jobPageAnswer(null) }));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
    unknown.unmount();
    renderApp('/jobs/short~x', signedOut({}));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
  });

  it('shows the details escaped with links made safe, and asks a visitor to sign up to apply', async () => {
    const user = userEvent.setup();
    renderApp(JOB_PATH, signedOut({ JobPage: jobPageAnswer(jobDetails({ description: 'Brief: https://example.com/brief. <script>alert(1)</script> javascript:alert(1)' })) }));
    const link = await screen.findByRole('link', { name: 'https://example.com/brief' });
    expect(link.getAttribute('href')).toBe('https://example.com/brief');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(screen.getByText(/<script>alert\(1\)<\/script> javascript:alert\(1\)/)).toBeTruthy();
    expect(document.querySelector('main script')).toBeNull();
    expect(screen.getByText('€2,500–€4,000')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All its jobs' }).getAttribute('href')).toBe('/acmestudio/jobs');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByRole('dialog', { name: 'Please sign up or sign in to do that!' })).toBeTruthy();
  });

  it('says a closed job is closed and offers no application', async () => {
    renderApp(JOB_PATH, signedIn({ JobPage: jobPageAnswer(jobDetails({ status: 'CLOSED', closedAt: '2026-11-29T10:00:00.000Z' })) }));
    expect(await screen.findByText(/This job is closed/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('tells a signed-in creator past the deadline that the job takes no applications', async () => {
    renderApp(JOB_PATH, signedIn({ JobPage: jobPageAnswer(jobDetails({ deadline: '2026-11-01' })) }));
    expect(await screen.findByText('This job is not taking applications.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Apply' })).toBeNull();
  });

  it('lets a creator apply with credited posts, then shows the application with Withdraw', async () => {
    const user = userEvent.setup();
    const applied: unknown[] = [];
    let job = jobDetails({ viewerCan: { __typename: 'JobViewerCan', edit: false, seeApplications: false, apply: true } });
    const post = (n: number) => ({ __typename: 'Post' as const, id: `UG9zdDo${n}`, databaseId: n, caption: `Film ${n}`, thumbnailUrl: null, account: { __typename: 'SocialAccount' as const, id: `U0E6${n}`, handle: 'anna' } });
    const choices: JobCreditChoicesQuery = {
      __typename: 'Query',
      node: {
        __typename: 'Job',
        id: 'Sm9iOjE=',
        viewerCreditChoices: [1, 2, 3].map((n) => ({ __typename: 'Credit' as const, id: `Q3JlZGl0OjE${n}`, role: { __typename: 'CreditRole' as const, id: 'Q3JlZGl0Um9sZToz', name: 'Editor', emoji: '✂️' }, post: post(n) })),
      },
    };
    renderApp(
      JOB_PATH,
      signedIn({
        JobPage: () => jobPageAnswer(job),
        JobCreditChoices: choices,
        ApplyToJob: (variables) => {
          applied.push(variables.input);
          const application = {
            __typename: 'JobApplication' as const,
            id: 'Sm9iQXBwbGljYXRpb246MQ==',
            status: 'NEW' as const,
            message: 'I cut films.',
            createdAt: '2026-11-29T10:00:00.000Z',
            viewerCan: { __typename: 'JobApplicationViewerCan' as const, withdraw: true },
            posts: [post(1), post(3)].map(({ account: _account, ...rest }) => rest),
          };
          job = { ...job, viewerApplication: application, viewerCan: { ...job.viewerCan, apply: false } };
          return { __typename: 'Mutation', applyToJob: { __typename: 'ApplyToJobPayload', application: { ...application, job: { __typename: 'Job', id: job.id, viewerCan: job.viewerCan } } } };
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Apply' }));
    await user.type(screen.getByLabelText('Message to the team'), 'I cut films.');
    await user.click(await screen.findByRole('checkbox', { name: /Film 1/ }));
    await user.click(screen.getByRole('checkbox', { name: /Film 3/ }));
    expect(screen.getByText(/2 of at most 12 chosen/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Send application' }));
    const own = await screen.findByRole('region', { name: 'Your application' });
    expect(applied).toEqual([{ jobId: 'Sm9iOjE=', message: 'I cut films.', postIds: ['UG9zdDo1', 'UG9zdDo3'] }]);
    expect(within(own).getByText('Sent')).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Withdraw application' })).toBeTruthy();
  });

  it('gives the team a sortable applicants table, stage moves and comments', async () => {
    const user = userEvent.setup();
    const asked: Array<Record<string, unknown>> = [];
    const moved: unknown[] = [];
    const commented: unknown[] = [];
    const boarded: unknown[] = [];
    const team = { __typename: 'Team' as const, id: 'VGVhbTox', databaseId: 1, name: 'Acme hiring' };
    const row = applicationRow();
    const { router } = renderApp(
      JOB_PATH,
      signedIn({
        JobPage: jobPageAnswer(jobDetails({ team, viewerCan: { __typename: 'JobViewerCan', edit: true, seeApplications: true, apply: false } })),
        JobApplications: (variables) => {
          asked.push(variables);
          return { __typename: 'Query', node: { __typename: 'Job', id: 'Sm9iOjE=', applications: { __typename: 'JobApplicationConnection', totalCount: 1, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [row] } } };
        },
        JobApplicationDetails: { __typename: 'Query', node: { ...row, posts: [], teamComments: { __typename: 'JobApplicationCommentConnection', nodes: [] } } },
        JobTeamProjects: { __typename: 'Query', projects: { __typename: 'ProjectConnection', nodes: [] } },
        JobTeamStages: {
          __typename: 'Query',
          team: { __typename: 'Team', id: 'VGVhbTox', databaseId: 1, stages: [{ __typename: 'TeamStage', id: 'U3RhZ2U6MQ==', name: 'Sourced' }, { __typename: 'TeamStage', id: 'U3RhZ2U6Mg==', name: 'Contacted' }] },
        },
        AddJobApplicantToTeamBoard: (variables) => {
          boarded.push(variables.input);
          return {
            __typename: 'Mutation',
            addJobApplicantToTeamBoard: { __typename: 'AddJobApplicantToTeamBoardPayload', alreadyOnBoard: boarded.length > 1, teamCreator: { __typename: 'TeamCreator', id: 'VEM6MQ==', stage: { __typename: 'TeamStage', id: 'U3RhZ2U6Mg==', name: 'Contacted' } } },
          };
        },
        SetJobApplicationStatus: (variables) => {
          moved.push(variables.input);
          return { __typename: 'Mutation', setJobApplicationStatus: { __typename: 'SetJobApplicationStatusPayload', application: { ...row, status: 'SHORTLISTED' } } };
        },
        CommentOnJobApplication: (variables) => {
          commented.push(variables.input);
          return { __typename: 'Mutation', commentOnJobApplication: { __typename: 'CommentOnJobApplicationPayload', comment: { __typename: 'JobApplicationComment', id: 'Qzox', body: 'Strong reel', createdAt: '2026-11-29T11:00:00.000Z', author: { __typename: 'User', id: '1', username: 'janedoe', name: 'Jane Doe' } } } };
        },
      }),
    );
    const table = await screen.findByRole('table', { name: 'Applicants to Video editor' });
    expect(within(table).getByRole('link', { name: 'Anna Summer' })).toBeTruthy();
    expect(within(table).getByText(/^12\.5/i)).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /Followers/ }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ orderBy: { field: 'FOLLOWERS', direction: 'DESC' } }));
    await user.selectOptions(screen.getByLabelText('Stage'), 'shortlisted');
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ statuses: ['SHORTLISTED'] }));
    // The table's sort and filters live in the address, so the view can be shared.
    expect(Object.fromEntries(new URLSearchParams(router.location.search))).toEqual({ sort: 'followers', direction: 'desc', stage: 'shortlisted' });

    await user.click(screen.getByRole('button', { name: 'Review Anna Summer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Anna Summer' }));
    await user.click(await dialog.findByRole('button', { name: 'Shortlist' }));
    await waitFor(() => expect(moved).toEqual([{ applicationId: row.id, status: 'SHORTLISTED' }]));
    await user.type(dialog.getByLabelText('Comment (the team only)'), 'Strong reel');
    await user.click(dialog.getByRole('button', { name: 'Add comment' }));
    await waitFor(() => expect(commented).toEqual([{ applicationId: row.id, body: 'Strong reel' }]));

    // Onto the team's creator board: the dialog says where they went and links to the board.
    await user.selectOptions(await dialog.findByLabelText('Creator board stage'), 'Contacted');
    await user.click(dialog.getByRole('button', { name: 'Add to creator board' }));
    expect(await dialog.findByText(/Anna Summer was added to Contacted on the creator board/)).toBeTruthy();
    expect(boarded).toEqual([{ applicationId: row.id, stageId: 'U3RhZ2U6Mg==' }]);
    expect(dialog.getByRole('link', { name: 'Open the creator board' }).getAttribute('href')).toBe('/teams/1#team-stages');
    await user.click(dialog.getByRole('button', { name: 'Add to creator board' }));
    expect(await dialog.findByText(/Anna Summer is already on the creator board, in Contacted/)).toBeTruthy();
  });
});

describe('the applicants table’s address', () => {
  it('reads its sort and filters from the address and writes typed changes back', async () => {
    const user = userEvent.setup();
    const asked: Array<Record<string, unknown>> = [];
    const team = { __typename: 'Team' as const, id: 'VGVhbTox', databaseId: 1, name: 'Acme hiring' };
    const { router } = renderApp(
      `${JOB_PATH}?stage=undecided&role=Editor~3&place=Lisbon&sort=comments&direction=asc`,
      signedIn({
        JobPage: jobPageAnswer(jobDetails({ team, viewerCan: { __typename: 'JobViewerCan', edit: true, seeApplications: true, apply: false } })),
        JobApplications: (variables) => {
          asked.push(variables);
          return { __typename: 'Query', node: { __typename: 'Job', id: 'Sm9iOjE=', applications: { __typename: 'JobApplicationConnection', totalCount: 0, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [] } } };
        },
      }),
    );
    await waitFor(() =>
      expect(asked[0]).toMatchObject({ statuses: ['NEW', 'SHORTLISTED', 'INTERVIEWING'], roleId: btoa('CreditRole:3'), location: 'Lisbon', orderBy: { field: 'COMMENTS', direction: 'ASC' } }),
    );
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('Lisbon');
    const box = screen.getByLabelText('Location');
    await user.clear(box);
    await user.type(box, 'Porto');
    await waitFor(() => expect(new URLSearchParams(router.location.search).get('place')).toBe('Porto'));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ location: 'Porto' }));
    await user.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(router.location.search).toBe('?sort=comments&direction=asc'));
    expect((screen.getByLabelText('Location') as HTMLInputElement).value).toBe('');
  });
});

describe('/{brand}/jobs', () => {
  it('lists a company’s open jobs, and is not found for an unknown username', async () => {
    const found = renderApp('/acmestudio/jobs', signedOut({ BrandJobs: brandJobsAnswer([jobSummary()]) }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs at Acme Studio' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Video editor' }).getAttribute('href')).toBe(JOB_PATH);
    found.unmount();
    renderApp('/nobody/jobs', signedOut({ BrandJobs: brandJobsAnswer(null) }));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
  });
});
