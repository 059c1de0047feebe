import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@domain/messages';
import type { TeamMemberRowFragment, TeamPageQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

// The upgrade prompt records each showing (spec 7's analytics events) with a REST call.
beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: null })))));
afterEach(() => vi.unstubAllGlobals());

function member(id: string, userId: string, name: string, role: TeamMemberRowFragment['role'], lastActiveAt: string | null): TeamMemberRowFragment {
  return { __typename: 'TeamMember', id, role, status: 'ACTIVE', lastActiveAt, user: { __typename: 'User', id: userId, databaseId: Number(userId), username: null, name, avatarUrl: null } };
}

/** Team 9 seen by viewer 1 (the fake viewer's id), as `role`; `paid` decides the Teams upgrade check. */
function teamPage(viewerRole: 'MANAGER' | 'MEMBER', paid: boolean): TeamPageQuery {
  return {
    __typename: 'Query',
    teamByDatabaseId: {
      __typename: 'Team',
      id: 'VGVhbTo5',
      databaseId: 9,
      name: 'Brand Crew',
      status: paid ? 'ACTIVE' : 'INACTIVE',
      plan: paid ? 'STARTER' : null,
      baseSeats: paid ? 3 : null,
      seats: paid ? 3 : null,
      seatsInUse: 2,
      isSubscriptionActive: paid,
      viewerCan: { __typename: 'TeamViewerCan', manage: viewerRole === 'MANAGER', useTools: paid },
      members: {
        __typename: 'TeamMemberConnection',
        totalCount: 2,
        nodes: [
          member('TM1', viewerRole === 'MANAGER' ? '1' : '2', 'Mia Manager', 'MANAGER', '2026-11-20T10:00:00.000Z'),
          member('TM2', viewerRole === 'MANAGER' ? '2' : '1', 'Max Member', 'MEMBER', null),
        ],
      },
      invitations: { __typename: 'TeamInvitationConnection', nodes: [] },
      managedAccounts: { __typename: 'TeamManagedAccountConnection', nodes: [] },
      reports: { __typename: 'TeamReportConnection', nodes: [] },
    },
    networks: [],
  };
}

function answers(page: TeamPageQuery, asked: string[]): FakeAnswers {
  return {
    Viewer: viewerAnswer({}),
    NotificationCounts: notificationCountsAnswer(0),
    TeamPage: page,
    InviteTeamMember: () => {
      asked.push('InviteTeamMember');
      throw new Error('not expected');
    },
  } as FakeAnswers;
}

describe('/teams/{teamId}', () => {
  it('lists members with role, status and last active', async () => {
    renderApp('/teams/9', answers(teamPage('MANAGER', true), []));
    const table = within(await screen.findByRole('table'));
    const rows = table.getAllByRole('row').slice(1);
    // A manager sees each role as a select to change it.
    expect(rows.map((row) => within(row).getByRole<HTMLSelectElement>('combobox').value)).toEqual(['MANAGER', 'MEMBER']);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['Active', 'Active']);
    expect(within(rows[1]!).getAllByRole('cell')[3]?.textContent).toBe('Never');
    expect(screen.getByTestId('team-seats').textContent).toBe('2 of 3 seats in use');
  });

  it('runs the Teams upgrade check before a team action: without a subscription "Let\'s work together" leads to the billing page', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const { router } = renderApp('/teams/9', answers(teamPage('MANAGER', false), asked));
    const form = within(await screen.findByRole('form', { name: 'Invite by email' }));
    await user.type(form.getByLabelText('Email'), 'new.person@example.test');
    await user.click(form.getByRole('button', { name: 'Invite' }));

    const prompt = within(await screen.findByRole('dialog', { name: MESSAGES.letsWorkTogether }));
    expect(asked).toEqual([]);
    await user.click(prompt.getByRole('link', { name: 'Start your subscription' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/teams/9/billing'));
  });

  it('gives a member no invite form and no way to remove the manager, only to leave', async () => {
    renderApp('/teams/9', answers(teamPage('MEMBER', true), []));
    const table = within(await screen.findByRole('table'));
    expect(screen.queryByRole('form', { name: 'Invite by email' })).toBeNull();
    expect(table.queryByRole('button', { name: 'Remove' })).toBeNull();
    expect(table.queryByRole('combobox')).toBeNull();
    expect(table.getAllByRole('row').slice(1).map((row) => within(row).getAllByRole('cell')[1]?.textContent)).toEqual(['Manager', 'Member']);
    expect(table.getByRole('button', { name: 'Leave' })).toBeTruthy();
  });
});
