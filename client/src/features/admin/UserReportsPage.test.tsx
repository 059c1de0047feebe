import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ResolveUserReportMutation, UserReportsQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const ADMIN = { id: '1', isAdmin: true, viewerCan: { __typename: 'ViewerPermissions' as const, seeProPages: true, seeAdmin: true, hasPaidAccess: false } };

const REPORTS: UserReportsQuery = {
  __typename: 'Query',
  userReports: {
    __typename: 'UserReportConnection',
    totalCount: 1,
    pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
    nodes: [
      {
        __typename: 'UserReport',
        id: 'VXNlclJlcG9ydDox',
        reason: 'Sells followers in every message',
        createdAt: '2026-11-29T10:00:00.000Z',
        outcome: null,
        resolvedAt: null,
        resolvedBy: null,
        reporter: { __typename: 'User', id: 'VXNlcjo5', username: 'watcher', name: 'Wat Cher' },
        reported: { __typename: 'User', id: 'VXNlcjoy', username: 'spammer', name: 'Spam Mer' },
      },
    ],
  },
};

function answers(viewer: Parameters<typeof viewerAnswer>[0]): FakeAnswers {
  return { Viewer: viewerAnswer(viewer), NotificationCounts: notificationCountsAnswer(0), UserReports: REPORTS };
}

describe('admin reported people page', () => {
  it('lists reports with who was reported, by whom and why', async () => {
    renderApp('/admin/user-reports', answers(ADMIN));
    const report = await screen.findByTestId('user-report');
    expect(within(report).getByRole('heading', { name: 'Spam Mer' })).toBeTruthy();
    expect(within(report).getByRole('link', { name: 'Wat Cher' }).getAttribute('href')).toBe('/watcher');
    expect(within(report).getByText('Sells followers in every message')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('1 open report');
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Reported people' }).getAttribute('href')).toBe('/admin/user-reports');
  });

  it('resolves a report with an outcome, and shows resolved ones only when asked', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const resolved: unknown[] = [];
    let outcome: 'WARNED' | null = null;
    const current = (): UserReportsQuery => {
      const node = { ...REPORTS.userReports.nodes[0]!, outcome, resolvedAt: outcome ? '2026-11-30T10:00:00.000Z' : null, resolvedBy: outcome ? { __typename: 'User' as const, id: 'VXNlcjox', username: 'admin', name: 'Ad Min' } : null };
      return { ...REPORTS, userReports: { ...REPORTS.userReports, nodes: [node] } };
    };
    renderApp('/admin/user-reports', {
      ...answers(ADMIN),
      UserReports: (variables) => {
        asked.push(variables.includeResolved);
        return current();
      },
      ResolveUserReport: (variables): ResolveUserReportMutation => {
        resolved.push(variables.input);
        outcome = 'WARNED';
        const node = current().userReports.nodes[0]!;
        return { __typename: 'Mutation', resolveUserReport: { __typename: 'ResolveUserReportPayload', userReport: { __typename: 'UserReport', id: node.id, outcome: 'WARNED', resolvedAt: node.resolvedAt, resolvedBy: node.resolvedBy } } };
      },
    });
    const report = await screen.findByTestId('user-report');
    await user.click(within(report).getByRole('button', { name: 'Resolve' }));
    const dialog = await screen.findByRole('dialog', { name: 'Resolve the report of Spam Mer' });
    expect((within(dialog).getByRole('radio', { name: 'No action' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(dialog).getByRole('radio', { name: 'Warned' }));
    await user.click(within(dialog).getByRole('button', { name: 'Resolve' }));
    await waitFor(() => expect(resolved).toEqual([{ userReportId: 'VXNlclJlcG9ydDox', outcome: 'WARNED' }]));
    expect(await screen.findByText(/Resolved: Warned, by/)).toBeTruthy();
    expect(asked[0]).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Show resolved reports' }));
    await waitFor(() => expect(asked).toContain(true));
  });

  it('sends everyone but admins to the not-found page', async () => {
    const { router } = renderApp('/admin/user-reports', answers({ isAdmin: false }));
    await waitFor(() => expect(router.location.pathname).toBe('/404'));
  });
});
