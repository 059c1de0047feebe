import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@router';
import { describe, expect, it } from 'vitest';
import * as MESSAGES from '@domain/messages';
import type { CreateTeamMutation, TeamsOverviewQuery } from '@gql/graphql';
import { ToastProvider } from '@ui/ToastProvider';
import { createFakeGraphQL, FakeGraphQLError, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import TeamsPage from './TeamsPage';

function overview(invitations: TeamsOverviewQuery['viewerTeamInvitations']['nodes'] = [], currentTeamId: string | null = null): TeamsOverviewQuery {
  return {
    __typename: 'Query',
    plansOpen: false,
    // The signed-in viewer of viewerAnswer (the same id, so the cache keeps one viewer).
    viewer: { __typename: 'User', id: '1', currentTeamId },
    viewerTeams: {
      __typename: 'TeamMemberConnection',
      nodes: [
        {
          __typename: 'TeamMember',
          id: 'VGVhbU1lbWJlcjox',
          role: 'MANAGER',
          status: 'ACTIVE',
          team: { __typename: 'Team', id: 'VGVhbTox', databaseId: 1, name: 'Studio North', status: 'ACTIVE', isSubscriptionActive: true },
        },
      ],
    },
    viewerTeamInvitations: { __typename: 'TeamInvitationConnection', nodes: invitations },
  };
}

const INVITATION = { __typename: 'TeamInvitation', id: 'VGVhbUludml0YXRpb246Nw==', name: 'Brand Crew', code: 'abc123', role: 'MEMBER', expiresAt: '2026-12-01T00:00:00.000Z' } as const;

function created(databaseId: number): CreateTeamMutation {
  return { __typename: 'Mutation', createTeam: { __typename: 'CreateTeamPayload', team: { __typename: 'Team', id: `VGVhbTo${databaseId}`, databaseId, name: 'New team' } } };
}

function answers(extra: Record<string, unknown>, viewer: Parameters<typeof viewerAnswer>[0] = {}): FakeAnswers {
  return { Viewer: viewerAnswer(viewer), NotificationCounts: notificationCountsAnswer(0), TeamsOverview: overview([INVITATION]), ...extra } as FakeAnswers;
}

describe('/teams and the current team', () => {
  it('lists the current team first, marked as such', async () => {
    const base = overview([], 'VGVhbToy');
    const other = { ...base.viewerTeams.nodes[0]!, id: 'VGVhbU1lbWJlcjoy', role: 'MEMBER' as const, team: { ...base.viewerTeams.nodes[0]!.team, id: 'VGVhbToy', databaseId: 2, name: 'Harbour Films' } };
    renderApp('/teams', { ...answers({}), TeamsOverview: { ...base, viewerTeams: { ...base.viewerTeams, nodes: [...base.viewerTeams.nodes, other] } } } as FakeAnswers);
    const list = await screen.findByRole('region', { name: 'Your teams' });
    const rows = within(list).getAllByRole('listitem').map((row) => row.textContent);
    expect(rows[0]).toMatch(/^Harbour FilmsCurrent team · Member/);
    expect(rows[1]).toMatch(/^Studio North(?!.*Current team)/);
  });
});

describe('/teams and the create-team modal', () => {
  it('lists the viewer’s teams and the invitations waiting for them', async () => {
    renderApp('/teams', answers({}));
    expect((await screen.findByRole('link', { name: 'Studio North' })).getAttribute('href')).toBe('/teams/1');
    const invitations = screen.getByRole('region', { name: 'Invitations' });
    expect(within(invitations).getByText('Brand Crew')).toBeTruthy();
    expect(within(invitations).getByRole('button', { name: 'Accept' })).toBeTruthy();
  });

  it('shows the name, the invitations to accept, Cancel and Create reading Creating... while busy; no Make me the manager for non-admins', async () => {
    const user = userEvent.setup();
    let finish: (value: CreateTeamMutation) => void = () => undefined;
    const asked: unknown[] = [];
    const { router } = renderApp(
      '/teams',
      answers({
        CreateTeam: (variables: Record<string, unknown>) => {
          asked.push(variables);
          return new Promise<CreateTeamMutation>((resolve) => (finish = resolve));
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Create team' }));
    const modal = within(screen.getByRole('dialog', { name: 'Create a team' }));
    expect(modal.getByRole('region', { name: 'Invitations to accept' }).textContent).toContain('Brand Crew');
    expect(modal.queryByLabelText('Make me the manager')).toBeNull();
    expect(modal.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await user.type(modal.getByLabelText('Team name'), 'Studio South');
    await user.click(modal.getByRole('button', { name: 'Create' }));
    expect((await modal.findByRole<HTMLButtonElement>('button', { name: 'Creating...' })).disabled).toBe(true);
    expect(asked).toEqual([{ input: { name: 'Studio South' } }]);
    finish(created(9));
    await waitFor(() => expect(router.location.pathname).toBe('/teams/9'));
  });

  it('offers Make me the manager to admins and says "Error creating team" when creating fails unexpectedly', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp(
      '/teams',
      answers(
        {
          CreateTeam: (variables: Record<string, unknown>) => {
            asked.push(variables);
            throw new FakeGraphQLError('boom', 'INTERNAL_SERVER_ERROR');
          },
        },
        { isAdmin: true },
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Create team' }));
    const modal = within(screen.getByRole('dialog', { name: 'Create a team' }));
    await user.type(modal.getByLabelText('Team name'), 'For a client');
    await user.click(modal.getByLabelText('Make me the manager'));
    await user.click(modal.getByRole('button', { name: 'Create' }));
    expect((await modal.findByRole('alert')).textContent).toBe(MESSAGES.errorCreatingTeam);
    expect(asked).toEqual([{ input: { name: 'For a client', makeMeManager: true } }]);
  });

  it('joins a team from an invitation listed in the modal instead of creating one', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const { router } = renderApp(
      '/teams',
      answers({
        AcceptTeamInvitation: (variables: Record<string, unknown>) => {
          asked.push(variables);
          return {
            __typename: 'Mutation',
            acceptTeamInvitation: {
              __typename: 'AcceptTeamInvitationPayload',
              membership: { __typename: 'TeamMember', id: 'VGVhbU1lbWJlcjo4', role: 'MEMBER', team: { __typename: 'Team', id: 'VGVhbTo3', databaseId: 7, name: 'Brand Crew' } },
            },
          };
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Create team' }));
    const invitations = within(within(screen.getByRole('dialog', { name: 'Create a team' })).getByRole('region', { name: 'Invitations to accept' }));
    await user.click(invitations.getByRole('button', { name: 'Accept' }));
    await waitFor(() => expect(router.location.pathname).toBe('/teams/7'));
    expect(asked).toEqual([{ input: { code: 'abc123' } }]);
  });

  it('asks to finish signing up (Go to settings or Cancel) when the server refuses for unacknowledged terms', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(
      '/teams',
      answers({
        CreateTeam: () => {
          throw new FakeGraphQLError(MESSAGES.finishSignUp);
        },
      }),
    );
    const create = async () => {
      await user.click(await screen.findByRole('button', { name: 'Create team' }));
      const modal = within(screen.getByRole('dialog', { name: 'Create a team' }));
      await user.type(modal.getByLabelText('Team name'), 'Studio South');
      await user.click(modal.getByRole('button', { name: 'Create' }));
      return within(await screen.findByRole('dialog', { name: MESSAGES.finishSignUp }));
    };

    await user.click((await create()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(router.location.pathname).toBe('/teams');

    await user.click((await create()).getByRole('button', { name: 'Go to settings' }));
    await waitFor(() => expect(router.location.pathname).toBe('/settings'));
  });
});

describe('the Create team button for a viewer who has not acknowledged the terms', () => {
  // The shell sends such viewers to /signup before /teams renders (docs/product.md §Access), so the
  // page is rendered on its own here: its own check must still stop them before the modal.
  it('opens "You need to finishing signing up first!" instead of the modal, and asks the server nothing', async () => {
    const user = userEvent.setup();
    const fake = createFakeGraphQL(answers({}, { termsAcknowledged: false }));
    const router = createMemoryRouter(
      [
        { path: '/teams', element: <TeamsPage /> },
        { path: '/settings', element: <p>Settings page</p> },
      ],
      { initialEntries: ['/teams'] },
    );
    render(
      <ApolloProvider client={fake.client}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </ApolloProvider>,
    );
    await screen.findByRole('link', { name: 'Studio North' });
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    const prompt = within(await screen.findByRole('dialog', { name: MESSAGES.finishSignUp }));
    expect(screen.queryByRole('dialog', { name: 'Create a team' })).toBeNull();
    await user.click(prompt.getByRole('button', { name: 'Go to settings' }));
    expect(await screen.findByText('Settings page')).toBeTruthy();
    expect(fake.requests).not.toContain('CreateTeam');
  });
});
