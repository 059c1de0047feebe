import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserReportsQuery } from '@gql/graphql';
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
    expect(screen.getByRole('status').textContent).toBe('1 report');
    expect(within(screen.getByRole('navigation', { name: 'Admin' })).getByRole('link', { name: 'Reported people' }).getAttribute('href')).toBe('/admin/user-reports');
  });

  it('sends everyone but admins to the not-found page', async () => {
    const { router } = renderApp('/admin/user-reports', answers({ isAdmin: false }));
    await waitFor(() => expect(router.location.pathname).toBe('/404'));
  });
});
