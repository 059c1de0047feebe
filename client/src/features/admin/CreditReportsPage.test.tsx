import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CloseCreditReportMutation, CreditReportItemFragment, CreditReportsQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const ADMIN = { id: '1', isAdmin: true, viewerCan: { __typename: 'ViewerPermissions' as const, seeProPages: true, seeAdmin: true, hasPaidAccess: false } };

function report(id: string, fields: Partial<CreditReportItemFragment> = {}): CreditReportItemFragment {
  return {
    __typename: 'CreditReport',
    id,
    databaseId: Number(id.replace(/\D/g, '')) || 1,
    status: 'OPEN',
    reason: 'Sam only did the catering',
    createdAt: '2026-11-24T10:00:00.000Z',
    closedAt: null,
    creditRemoved: false,
    reporter: { __typename: 'User', id: 'VXNlcjo5', username: 'watcher', name: 'Wat Cher' },
    post: { __typename: 'Post', id: 'UG9zdDoxMjM0', databaseId: 1234, account: { __typename: 'SocialAccount', id: 'U29jaWFsQWNjb3VudDo3', handle: 'studio' } },
    credit: {
      __typename: 'Credit',
      id: 'Q3JlZGl0OjU=',
      status: 'ACCEPTED',
      role: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToy', name: 'Photographer', emoji: '📷' },
      user: { __typename: 'User', id: 'VXNlcjoy', username: 'samlee', name: 'Sam Lee' },
      invitee: null,
    },
    ...fields,
  };
}

function page(nodes: CreditReportItemFragment[]): CreditReportsQuery {
  return { __typename: 'Query', creditReports: { __typename: 'CreditReportConnection', totalCount: nodes.length, nodes, pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false } } };
}

function asAdmin(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer(ADMIN), NotificationCounts: notificationCountsAnswer(0), Networks: { __typename: 'Query', networks: [] }, ...answers };
}

describe('admin credit reports page', () => {
  it('lists open reports and closes one keeping the credit, or removing it after a confirmation', async () => {
    const user = userEvent.setup();
    const closed: unknown[] = [];
    let open = [report('r1'), report('r2', { reason: 'Not their work' })];
    renderApp(
      '/admin/credit-reports',
      asAdmin({
        CreditReports: (variables) => page(variables.status === 'OPEN' ? open : []),
        CloseCreditReport: (variables): CloseCreditReportMutation => {
          closed.push(variables);
          const { reportId, removeCredit } = (variables as { input: { reportId: string; removeCredit: boolean } }).input;
          const target = open.find((entry) => entry.id === reportId)!;
          open = open.filter((entry) => entry.id !== reportId);
          return {
            __typename: 'Mutation',
            closeCreditReport: {
              __typename: 'CloseCreditReportPayload',
              removedCreditId: removeCredit ? target.credit!.id : null,
              report: { ...target, status: 'CLOSED', closedAt: '2026-11-25T10:00:00.000Z', creditRemoved: removeCredit, credit: removeCredit ? null : target.credit },
            },
          };
        },
      }),
    );
    const cards = await screen.findAllByTestId('credit-report');
    expect(screen.getByRole('heading', { level: 1, name: 'Credit reports' })).toBeTruthy();
    expect(screen.getByText('2 open reports')).toBeTruthy();
    expect(within(cards[0]!).getByRole('heading', { name: '📷 Photographer · Sam Lee' })).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: '@studio’s post' }).getAttribute('href')).toBe('/posts/1234');
    expect(cards[0]!.textContent).toContain('reported by @watcher');
    expect(cards[1]!.textContent).toContain('Not their work');

    await user.click(within(cards[0]!).getByRole('button', { name: 'Close, keep credit' }));
    await waitFor(() => expect(screen.getAllByTestId('credit-report')).toHaveLength(1));

    await user.click(within(screen.getByTestId('credit-report')).getByRole('button', { name: 'Remove credit' }));
    const confirm = await screen.findByTestId('confirm-dialog');
    expect(confirm.textContent).toContain('Sam Lee will no longer be credited as Photographer');
    await user.click(within(confirm).getByRole('button', { name: 'Remove credit' }));
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    expect(closed).toEqual([{ input: { reportId: 'r1', removeCredit: false } }, { input: { reportId: 'r2', removeCredit: true } }]);
  });

  it('shows closed reports with their outcome', async () => {
    const user = userEvent.setup();
    renderApp(
      '/admin/credit-reports',
      asAdmin({
        CreditReports: (variables) =>
          page(variables.status === 'CLOSED' ? [report('r3', { status: 'CLOSED', closedAt: '2026-11-25T10:00:00.000Z', creditRemoved: true, credit: null })] : []),
      }),
    );
    expect(await screen.findByText('No open reports.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Closed' }));
    const card = await screen.findByTestId('credit-report');
    expect(within(card).getByRole('heading', { name: 'Credit removed' })).toBeTruthy();
    expect(card.textContent).toContain('Credit removed');
    expect(within(card).queryByRole('button')).toBeNull();
  });

  it('sends non-admins to the not-found page', async () => {
    const { router } = renderApp('/admin/credit-reports', asAdmin({ Viewer: viewerAnswer({ isAdmin: false }) }));
    await waitFor(() => expect(router.location.pathname).toBe('/404'));
  });

  it('is linked from the admin users page', async () => {
    renderApp('/admin/users', asAdmin({ AdminUsers: { __typename: 'Query', adminUsers: { __typename: 'AdminUserConnection', nodes: [], pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false } } } }));
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Credit reports' }).getAttribute('href')).toBe('/admin/credit-reports');
  });
});
