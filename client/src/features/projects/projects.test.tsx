import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ProjectCollaboratorsQuery, ProjectDetailsFragment, ProjectPageQuery, ProjectsListQuery, ProjectsPageExtrasQuery, ProjectSummaryFragment } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const PUBLIC_ID = 'p7QmK2xWz9';

function summary(fields: Partial<ProjectSummaryFragment> = {}): ProjectSummaryFragment {
  return {
    __typename: 'Project',
    id: 'UHJvamVjdDox',
    publicId: PUBLIC_ID,
    name: 'Spring campaign',
    path: `/projects/${PUBLIC_ID}~spring-campaign`,
    status: 'IN_PRODUCTION',
    visibility: 'PRIVATE',
    client: 'Café Noir',
    startsOn: '2027-03-01',
    endsOn: '2027-04-30',
    lastActivityAt: '2026-11-29T10:00:00.000Z',
    ownerUser: { __typename: 'User', id: '1', name: 'Jane Doe', username: 'janedoe' },
    ownerTeam: null,
    ...fields,
  };
}

function details(can: Partial<ProjectDetailsFragment['viewerCan']> = {}): ProjectDetailsFragment {
  return {
    ...summary(),
    slug: 'spring-campaign',
    clientUser: null,
    createdAt: '2026-11-20T10:00:00.000Z',
    viewerCan: { __typename: 'ProjectViewerCan', edit: true, manageCollaborators: true, seeCosts: true, ...can },
  };
}

function listAnswer(nodes: ProjectSummaryFragment[]): ProjectsListQuery {
  return { __typename: 'Query', projects: { __typename: 'ProjectConnection', totalCount: nodes.length, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes } };
}

const NO_EXTRAS: ProjectsPageExtrasQuery = {
  __typename: 'Query',
  // The signed-in viewer of viewerAnswer (the same id, so the cache keeps one viewer), with no current team.
  viewer: { __typename: 'User', id: '1', currentTeamId: null },
  projectInvitations: { __typename: 'ProjectCollaboratorConnection', nodes: [] },
  viewerTeams: { __typename: 'TeamMemberConnection', nodes: [] },
};

function pageAnswer(slugIsCurrent: boolean, project: ProjectDetailsFragment | null = details()): ProjectPageQuery {
  return { __typename: 'Query', projectByAddress: project && { __typename: 'ProjectAddress', canonicalPath: project.path, slugIsCurrent, project } };
}

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), ...answers };
}

describe('/projects', () => {
  it('lists the viewer’s projects, filters by status in the address, and answers an invitation', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const answered: unknown[] = [];
    const extras: ProjectsPageExtrasQuery = {
      ...NO_EXTRAS,
      projectInvitations: {
        __typename: 'ProjectCollaboratorConnection',
        nodes: [
          {
            __typename: 'ProjectCollaborator',
            id: 'UHJvamVjdENvbGxhYm9yYXRvcjo5',
            permission: 'EDITOR',
            creditRole: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director' },
            project: { __typename: 'Project', id: 'UHJvamVjdDoy', name: 'Night shoot', path: '/projects/abcdefghij~night-shoot', ownerUser: { __typename: 'User', id: '7', name: 'Sam Lee', username: 'sam' }, ownerTeam: null },
          },
        ],
      },
    };
    const { router } = renderApp(
      '/projects',
      signedIn({
        ProjectsList: (variables) => {
          asked.push(variables.status ?? null);
          return listAnswer(variables.status === 'DELIVERED' ? [] : [summary()]);
        },
        ProjectsPageExtras: extras,
        RespondToProjectInvitation: (variables) => {
          answered.push(variables.input);
          return { __typename: 'Mutation', respondToProjectInvitation: { __typename: 'RespondToProjectInvitationPayload', collaborator: { __typename: 'ProjectCollaborator', id: 'UHJvamVjdENvbGxhYm9yYXRvcjo5', status: 'ACCEPTED' } } };
        },
        ProjectPage: pageAnswer(true),
        ProjectDetailsById: { __typename: 'Query', node: details() },
      }),
    );

    const link = await screen.findByRole('link', { name: 'Spring campaign' });
    expect(link.getAttribute('href')).toBe(`/projects/${PUBLIC_ID}~spring-campaign`);
    const row = link.closest('li')!;
    expect(within(row).getByText('In production')).toBeTruthy();
    expect(within(row).getByText(/Café Noir · Jane Doe/)).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Status'), 'DELIVERED');
    expect(router.location.search).toBe('?status=DELIVERED');
    expect(await screen.findByText('No project matches these filters.')).toBeTruthy();
    expect(asked).toContain('DELIVERED');

    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByText('Night shoot')).toBeTruthy();
    await user.click(within(invitations).getByRole('button', { name: 'Accept the invitation to Night shoot' }));
    await waitFor(() => expect(router.location.pathname).toBe('/projects/abcdefghij~night-shoot'));
    expect(answered).toEqual([{ collaboratorId: 'UHJvamVjdENvbGxhYm9yYXRvcjo5', accept: true }]);
  });

  it('creates a project and opens it', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const { router } = renderApp(
      '/projects',
      signedIn({
        ProjectsList: listAnswer([]),
        ProjectsPageExtras: NO_EXTRAS,
        CreateProject: (variables) => {
          created.push(variables.input);
          return { __typename: 'Mutation', createProject: { __typename: 'CreateProjectPayload', project: summary() } };
        },
        ProjectPage: pageAnswer(true),
        ProjectDetailsById: { __typename: 'Query', node: details() },
      }),
    );
    expect(await screen.findByText('No projects yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    await user.type(within(dialog).getByLabelText('Project name'), 'Spring campaign');
    await user.type(within(dialog).getByLabelText(/Client/), 'Café Noir');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(router.location.pathname).toBe(`/projects/${PUBLIC_ID}~spring-campaign`));
    expect(created).toEqual([{ name: 'Spring campaign', visibility: 'PRIVATE', ownerTeamId: null, clientName: 'Café Noir', startsOn: null, endsOn: null }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Spring campaign' })).toBeTruthy();
  });
});

describe('a new project and the current team', () => {
  it('starts for the current team when the viewer manages it', async () => {
    const user = userEvent.setup();
    const created: unknown[] = [];
    const team = (id: string, name: string, manage: boolean) => ({
      __typename: 'TeamMember' as const,
      id: `TM${id}`,
      role: manage ? ('MANAGER' as const) : ('MEMBER' as const),
      status: 'ACTIVE' as const,
      team: { __typename: 'Team' as const, id, name, viewerCan: { __typename: 'TeamViewerCan' as const, manage } },
    });
    renderApp(
      '/projects',
      signedIn({
        ProjectsList: listAnswer([]),
        ProjectsPageExtras: { ...NO_EXTRAS, viewer: { __typename: 'User', id: '1', currentTeamId: 'T2' }, viewerTeams: { __typename: 'TeamMemberConnection', nodes: [team('T1', 'Harbour Films', true), team('T2', 'North Studio', true)] } },
        CreateProject: (variables) => {
          created.push(variables.input);
          return { __typename: 'Mutation', createProject: { __typename: 'CreateProjectPayload', project: summary() } };
        },
        ProjectPage: pageAnswer(true),
        ProjectDetailsById: { __typename: 'Query', node: details() },
      }),
    );
    expect(await screen.findByText('No projects yet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'New project' }));
    const dialog = await screen.findByRole('dialog', { name: 'New project' });
    expect((within(dialog).getByLabelText('Owner') as HTMLSelectElement).value).toBe('T2');
    await user.type(within(dialog).getByLabelText('Project name'), 'Spring campaign');
    await user.type(within(dialog).getByLabelText(/Client/), 'Café Noir');
    await user.click(within(dialog).getByRole('button', { name: 'Create project' }));
    await waitFor(() => expect(created).toEqual([expect.objectContaining({ ownerTeamId: 'T2' })]));
  });
});

describe('a project’s page', () => {
  it('moves an old slug to the current address, keeping the tab', async () => {
    const { router } = renderApp(
      `/projects/${PUBLIC_ID}~old-name/collaborators`,
      signedIn({
        ProjectPage: (variables) => pageAnswer(variables.slug === 'spring-campaign'),
        ProjectCollaborators: { __typename: 'Query', node: { __typename: 'Project', id: 'UHJvamVjdDox', collaborators: { __typename: 'ProjectCollaboratorConnection', totalCount: 0, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [] } }, creditRoles: [] },
      }),
    );
    await waitFor(() => expect(router.location.pathname).toBe(`/projects/${PUBLIC_ID}~spring-campaign/collaborators`));
    expect(await screen.findByText('No one has been invited yet.')).toBeTruthy();
  });

  it('is the not-found page for an unknown or hidden project, and for a tab it does not have', async () => {
    const hidden = renderApp(`/projects/${PUBLIC_ID}~spring-campaign`, signedIn({ ProjectPage: pageAnswer(true, null) }));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
    hidden.unmount();
    renderApp(`/projects/${PUBLIC_ID}~spring-campaign/budget`, signedIn({ ProjectPage: pageAnswer(true) }));
    expect(await screen.findByRole('heading', { level: 1, name: /not found/i })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Spring campaign' })).toBeNull();
  });

  it('shows a viewer the overview without edit controls, and owners invite by email', async () => {
    const user = userEvent.setup();
    const invited: unknown[] = [];
    const collaborators: ProjectCollaboratorsQuery = {
      __typename: 'Query',
      node: {
        __typename: 'Project',
        id: 'UHJvamVjdDox',
        collaborators: {
          __typename: 'ProjectCollaboratorConnection',
          totalCount: 1,
          pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          nodes: [
            {
              __typename: 'ProjectCollaborator',
              id: 'UHJvamVjdENvbGxhYm9yYXRvcjox',
              status: 'ACCEPTED',
              permission: 'EDITOR',
              isEmailInvitation: false,
              user: { __typename: 'User', id: '7', name: 'Sam Lee', username: 'sam', avatarUrl: null },
              creditRole: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director', emoji: '🎬' },
            },
          ],
        },
      },
      creditRoles: [{ __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToy', name: 'Photographer', emoji: '📷' }],
    };
    const viewer = renderApp(`/projects/${PUBLIC_ID}~spring-campaign`, signedIn({ ProjectPage: pageAnswer(true, details({ edit: false, manageCollaborators: false, seeCosts: false })), ProjectDetailsById: { __typename: 'Query', node: details({ edit: false, manageCollaborators: false, seeCosts: false }) } }));
    expect(await screen.findByText('Its collaborators only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit details' })).toBeNull();
    viewer.unmount();

    renderApp(
      `/projects/${PUBLIC_ID}~spring-campaign/collaborators`,
      signedIn({
        ProjectPage: pageAnswer(true),
        ProjectCollaborators: collaborators,
        AddProjectCollaborator: (variables) => {
          invited.push(variables.input);
          const collaborator = { __typename: 'ProjectCollaborator', id: 'UHJvamVjdENvbGxhYm9yYXRvcjoy', status: 'PENDING', permission: 'VIEWER', isEmailInvitation: true, user: null, creditRole: collaborators.creditRoles[0]! } as const;
          return { __typename: 'Mutation', addProjectCollaborator: { __typename: 'AddProjectCollaboratorPayload', collaborator } };
        },
      }),
    );
    const list = await screen.findByRole('list', { name: 'Collaborators' });
    expect(within(list).getByText('Sam Lee')).toBeTruthy();
    expect(within(list).getByText(/Director · Editor/)).toBeTruthy();
    await user.type(screen.getByLabelText('Name, username or email'), 'new.person@example.com');
    await user.selectOptions(screen.getByLabelText('Role'), 'Q3JlZGl0Um9sZToy');
    await user.click(screen.getByRole('button', { name: 'Invite' }));
    await waitFor(() => expect(invited).toEqual([{ projectId: 'UHJvamVjdDox', roleId: 'Q3JlZGl0Um9sZToy', permission: 'VIEWER', email: 'new.person@example.com' }]));
  });
});
