import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AdminUserAuditLogQuery, AdminUsersQuery } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const ADMIN = { id: '1', username: 'theadmin', name: 'The Admin', isAdmin: true, viewerCan: { __typename: 'ViewerPermissions' as const, seeProPages: true, seeAdmin: true, hasPaidAccess: false } };

const USERS: AdminUsersQuery = {
  __typename: 'Query',
  adminUsers: {
    __typename: 'AdminUserConnection',
    pageInfo: { __typename: 'PageInfo', endCursor: null, hasNextPage: false },
    nodes: [
      {
        __typename: 'AdminUser',
        createdAt: '2026-11-02T12:00:00.000Z',
        lastSignInAt: null,
        invoicedProUntil: null,
        user: { __typename: 'User', id: 'VXNlcjo3', databaseId: 7, username: 'janedoe', name: 'Jane Doe', email: 'jane@example.test', avatarUrl: null, badges: [] },
      },
    ],
  },
};

const LOG: AdminUserAuditLogQuery = {
  __typename: 'Query',
  adminUserAuditLog: [
    { __typename: 'AuditLogEntry', action: 'UPDATE', subject: 'posts', subjectId: '42', byAdminActingAsThem: true, createdAt: '2026-11-20T10:00:00.000Z' },
    { __typename: 'AuditLogEntry', action: 'SIGNIN_ERROR', subject: 'users', subjectId: null, byAdminActingAsThem: false, createdAt: '2026-11-19T10:00:00.000Z' },
  ],
};

describe('admin user audit log', () => {
  it('shows the chosen person’s latest actions, newest first, with time, action and subject', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp('/admin/users', {
      Viewer: viewerAnswer(ADMIN),
      NotificationCounts: notificationCountsAnswer(0),
      AdminUsers: USERS,
      AdminUserAuditLog: (variables) => {
        asked.push(variables);
        return LOG;
      },
    });

    await user.click(await screen.findByRole('button', { name: 'Audit log' }));
    const section = within(await screen.findByRole('region', { name: 'Audit log: Jane Doe' }));
    const table = within(await section.findByRole('table', { name: 'Audit log of Jane Doe' }));
    const rows = table
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Nov 20, 2026', 'Update (by an admin acting as them)', 'posts 42'],
      ['Nov 19, 2026', 'Signin error', 'users'],
    ]);
    expect(asked).toEqual([{ userId: 'VXNlcjo3' }]);
    expect(section.getByText('The latest 100 actions, newest first.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Audit log: Jane Doe');

    await user.click(section.getByRole('button', { name: 'Close audit log' }));
    expect(screen.queryByRole('region', { name: 'Audit log: Jane Doe' })).toBeNull();
  });
});
