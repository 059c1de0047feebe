import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as MESSAGES from '@domain/messages';
import type { StatsSeriesQuery, TeamMemberRowFragment, TeamPageQuery, TeamReportRowFragment, TeamReportSeriesQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

/**
 * A long series is drawn by uPlot on a canvas, which jsdom has not (nor matchMedia or
 * ResizeObserver), so that lazily loaded drawing is a stand-in here; a short one (as below) is
 * the real SVG drawing (LightSeriesChart). Both run in Chromium in e2e/analytics.test.ts (a
 * post's and a profile's chart; no e2e opens a team report yet).
 */
vi.mock('@features/analytics/SeriesChart', () => ({
  default: ({ values }: { values: number[] }) => <div data-testid="stats-chart-canvas" data-points={values.length} />,
}));

// The upgrade prompt records each showing (an analytics event) with a REST call.
beforeEach(() => vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: null })))));
afterEach(() => vi.unstubAllGlobals());

function member(id: string, userId: string, name: string, role: TeamMemberRowFragment['role'], lastActiveAt: string | null): TeamMemberRowFragment {
  return { __typename: 'TeamMember', id, role, status: 'ACTIVE', lastActiveAt, user: { __typename: 'User', id: userId, databaseId: Number(userId), username: null, name, avatarUrl: null } };
}

function report(id: string, name: string): TeamReportRowFragment {
  return { __typename: 'TeamReport', id, databaseId: 1, name, kind: 'ACCOUNTS', postCount: 4, csvPath: `/api/team-reports/${id}.csv`, createdAt: '2026-11-01T10:00:00.000Z' };
}

/** Team 9 seen by viewer 1 (the fake viewer's id), as `role`; `paid` decides the Teams upgrade check. */
function teamPage(viewerRole: 'MANAGER' | 'MEMBER', paid: boolean, reports: TeamReportRowFragment[] = []): TeamPageQuery {
  return {
    __typename: 'Query',
    plansOpen: false,
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
      reports: { __typename: 'TeamReportConnection', nodes: reports },
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
    await waitFor(() => expect(router.location.pathname).toBe('/teams/9/billing'));
  });

  it('says the team’s tools are open where nobody can pay, instead of asking for a subscription', async () => {
    renderApp('/teams/9', answers({ ...teamPage('MANAGER', false), plansOpen: true }, []));
    expect(await screen.findByText('Team tools open to every team here', { exact: false })).toBeTruthy();
    expect(screen.queryByText('No active Teams subscription', { exact: false })).toBeNull();
  });

  it("opens one saved report's chart at a time, its series asked for by the report", async () => {
    const user = userEvent.setup();
    const subjects: unknown[] = [];
    const reportSeries: TeamReportSeriesQuery = { __typename: 'Query', node: null };
    const statsSeries = (variables: Record<string, unknown>): StatsSeriesQuery => {
      subjects.push((variables.input as { subject: unknown }).subject);
      return {
        __typename: 'Query',
        statsSeries: {
          __typename: 'StatsSeries',
          metric: 'VIEWS',
          interval: 'DAY',
          from: '2026-11-23T00:00:00.000Z',
          to: '2026-11-24T23:59:59.999Z',
          total: 12_500,
          change: 1_500,
          source: 'Instagram',
          readAt: '2026-11-24T12:00:00.000Z',
          points: [
            { __typename: 'StatsPoint', start: '2026-11-23T00:00:00.000Z', value: 11_000 },
            { __typename: 'StatsPoint', start: '2026-11-24T00:00:00.000Z', value: 12_500 },
          ],
        },
      };
    };
    const page = teamPage('MANAGER', true, [report('VGVhbVJlcG9ydDox', 'Spring launch'), report('VGVhbVJlcG9ydDoy', 'Autumn drop')]);
    renderApp('/teams/9', { ...answers(page, []), TeamReportSeries: reportSeries, StatsSeries: statsSeries } as FakeAnswers);

    const [spring, autumn] = await screen.findAllByRole('button', { name: 'Numbers' });
    expect(screen.queryByTestId('stats-chart')).toBeNull();
    await user.click(spring!);
    const chart = within(await screen.findByRole('region', { name: 'Spring launch: numbers over time' }));
    expect((await chart.findByTestId('stats-total')).textContent).toBe('12.5k views · +1.5k in this range');
    expect(chart.getByTestId('stats-points').querySelectorAll('tbody tr')).toHaveLength(2);
    // Two points: the SVG drawing, with a dot for each.
    await waitFor(() => expect(chart.getByTestId('stats-chart-canvas').querySelectorAll('circle')).toHaveLength(2));
    expect(subjects).toEqual([{ teamReportId: 'VGVhbVJlcG9ydDox' }]);

    // Opening another report closes the first: one chart (one series query) on the page.
    await user.click(autumn!);
    await screen.findByRole('region', { name: 'Autumn drop: numbers over time' });
    expect(screen.getAllByTestId('stats-chart')).toHaveLength(1);
    expect(subjects.at(-1)).toEqual({ teamReportId: 'VGVhbVJlcG9ydDoy' });
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
