import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminUsersQuery } from '@gql/graphql';
import { deleteCookie } from '@shell/cookies';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { ADMIN_USERS_PAGE_SIZE } from './AdminUsersPage';

afterEach(() => {
  vi.unstubAllGlobals();
  deleteCookie('masquerade');
});

type Node = AdminUsersQuery['adminUsers']['nodes'][number];

function node(id: number, fields: Partial<Node['user']> = {}, lastSignInAt: string | null = null, invoicedProUntil: string | null = null): Node {
  return {
    __typename: 'AdminUser',
    createdAt: '2026-11-02T12:00:00.000Z',
    lastSignInAt,
    invoicedProUntil,
    user: { __typename: 'User', id: String(id), databaseId: id, username: `user${id}`, name: `User ${id}`, email: `user${id}@example.test`, avatarUrl: null, badges: [], ...fields },
  };
}

function page(nodes: Node[], endCursor: string | null, hasNextPage: boolean): AdminUsersQuery {
  return { __typename: 'Query', adminUsers: { __typename: 'AdminUserConnection', nodes, pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage } } };
}

const ADMIN = { id: '1', username: 'theadmin', name: 'The Admin', isAdmin: true, viewerCan: { __typename: 'ViewerPermissions' as const, seeProPages: true, seeAdmin: true, hasPaidAccess: false } };
const JANE = node(7, { username: 'janedoe', name: 'Jane Doe', email: 'jane@example.test', badges: ['O.G.', 'PRO'] }, '2026-11-20T09:00:00.000Z');
const networks = { __typename: 'Query' as const, networks: [] };

function table() {
  return within(screen.getByRole('table', { name: 'Users, newest first' }));
}

/** Each body row's cells, as text. */
function rows(): string[][] {
  return table()
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

/** Answers `POST /api/admin/masquerade` as the server would, recording the calls. */
function fakeMasqueradeApi(answer: { status: number; body: unknown }) {
  const calls: Array<{ method: string; url: string; body: unknown }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push({ method: init?.method ?? 'GET', url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (answer.status === 200) document.cookie = 'masquerade=7; Path=/';
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }),
  );
  return calls;
}

describe('admin users page', () => {
  it('sends non-admins to the not-found page', async () => {
    const { router } = renderApp('/admin/users', { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), AdminUsers: page([], null, false) });
    await waitFor(() => expect(router.location.pathname).toBe('/404'));
  });

  it('lists users newest first with their details, and pages with Load more', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp('/admin/users', {
      Viewer: viewerAnswer(ADMIN),
      NotificationCounts: notificationCountsAnswer(0),
      AdminUsers: (variables) => {
        asked.push(variables);
        return variables.after === 'c1' ? page([node(2), node(1, { username: 'theadmin', name: 'The Admin', badges: ['Admin'] })], 'c2', false) : page([JANE, node(3, { name: null, email: null })], 'c1', true);
      },
    });

    await screen.findByRole('table', { name: 'Users, newest first' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin users');
    expect(rows()[0]).toEqual(['Jane Doe@janedoe', 'jane@example.test', 'O.G.PRO', 'Nov 2, 2026', 'Nov 20, 2026', 'Act as this userGive PROAudit log']);
    expect(rows()[1]).toEqual(['@user3@user3', 'None', '', 'Nov 2, 2026', 'Never', 'Act as this userGive PROAudit log']);
    // Each button says whom it acts as.
    const describedBy = table().getAllByRole('button', { name: 'Act as this user' })[0]!.getAttribute('aria-describedby');
    expect(document.getElementById(describedBy ?? '')?.textContent).toBe('Jane Doe');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(asked).toEqual([
      { search: null, first: ADMIN_USERS_PAGE_SIZE },
      { search: null, first: ADMIN_USERS_PAGE_SIZE, after: 'c1' },
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    // No acting as oneself.
    const own = table().getAllByRole('row').at(-1)!;
    expect(own.textContent).toContain('The Admin (you)');
    expect(within(own).queryByRole('button', { name: 'Act as this user' })).toBeNull();
    expect(table().getAllByRole('button', { name: 'Act as this user' })).toHaveLength(3);
  });

  it('gives PRO invoiced outside card payments, never expiring or until a day, and shows it', async () => {
    const user = userEvent.setup();
    const given: unknown[] = [];
    renderApp('/admin/users', {
      Viewer: viewerAnswer(ADMIN),
      NotificationCounts: notificationCountsAnswer(0),
      AdminUsers: () => page([given.length > 0 ? node(7, JANE.user, null, '2500-12-31T00:00:00.000Z') : JANE, node(3, {}, null, '2099-01-31T22:59:59.999Z')], null, false),
      GiveInvoicedPro: (variables) => {
        given.push(variables);
        return { __typename: 'Mutation', giveInvoicedPro: { __typename: 'GiveInvoicedProPayload', user: { __typename: 'User', id: '7' } } };
      },
    });
    await screen.findByRole('table', { name: 'Users, newest first' });
    expect(rows()[1]![2]).toMatch(/^PRO until Jan 3\d, 2099$/);

    await user.click(table().getAllByRole('button', { name: 'Give PRO' })[0]!);
    const dialog = within(await screen.findByRole('dialog', { name: 'Give Jane Doe PRO' }));
    await user.click(dialog.getByRole('button', { name: 'Give PRO' }));
    expect(dialog.getByRole('alert').textContent).toBe('Choose the last day, or that it never expires.');
    await user.click(dialog.getByRole('checkbox', { name: 'Never expires' }));
    expect((dialog.getByLabelText('Last day') as HTMLInputElement).disabled).toBe(true);
    await user.click(dialog.getByRole('button', { name: 'Give PRO' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(given).toEqual([{ input: { userId: '7', expiresAt: null } }]);
    await waitFor(() => expect(rows()[0]![2]).toBe('O.G.PROPRO, never expires'));
  });

  it('searches once typing pauses, with what was typed', async () => {
    const user = userEvent.setup();
    const searches: unknown[] = [];
    renderApp('/admin/users', {
      Viewer: viewerAnswer(ADMIN),
      NotificationCounts: notificationCountsAnswer(0),
      AdminUsers: (variables) => {
        searches.push(variables.search);
        if (variables.search === 'nobody') return page([], null, false);
        return variables.search === 'jane' ? page([JANE], null, false) : page([JANE, node(3)], null, false);
      },
    });
    await screen.findByRole('table', { name: 'Users, newest first' });
    expect(rows()).toHaveLength(2);

    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), '  jane ');
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(searches).toEqual([null, 'jane']);

    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'nobody');
    expect(await screen.findByText('No users match “nobody”.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(searches.at(-1)).toBe('nobody');
    expect(searches.filter((search) => typeof search === 'string' && search !== 'jane' && search !== 'nobody')).toEqual([]);
  });

  it('asks first, then acts as the user and lands on / with the pale-yellow bar', async () => {
    const user = userEvent.setup();
    const calls = fakeMasqueradeApi({ status: 200, body: { success: true, data: { user: { id: 7, isMasquerading: true } } } });
    let masquerading = false;
    const { router, fake } = renderApp('/admin/users', {
      Viewer: () => viewerAnswer(masquerading ? { id: '7', username: 'janedoe', name: 'Jane Doe', isMasquerading: true } : ADMIN),
      NotificationCounts: notificationCountsAnswer(0),
      Networks: networks,
      AdminUsers: page([JANE], null, false),
    });

    await user.click(await screen.findByRole('button', { name: 'Act as this user' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Act as Jane Doe?' }));
    await user.click(dialog.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Act as this user' }));
    masquerading = true;
    await user.click(within(await screen.findByRole('dialog', { name: 'Act as Jane Doe?' })).getByRole('button', { name: 'Yes' }));

    await waitFor(() => expect(router.location.pathname).toBe('/'));
    expect(calls).toEqual([{ method: 'POST', url: '/api/admin/masquerade', body: { userId: 7 } }]);
    await waitFor(() => expect(screen.getByRole('banner').className).toContain('topbar--masquerading'));
    expect(screen.getByRole('link', { name: 'Your profile' }).getAttribute('href')).toBe('/janedoe');
    // The admin list was not asked for again as the user (who would be refused it).
    expect(fake.requests.filter((name) => name === 'AdminUsers')).toHaveLength(1);
  });

  it("shows the server's refusal as an error toast and stays on the page", async () => {
    const user = userEvent.setup();
    fakeMasqueradeApi({ status: 403, body: { success: false, message: 'Stop masquerading before acting as another user.' } });
    const { router } = renderApp('/admin/users', { Viewer: viewerAnswer(ADMIN), NotificationCounts: notificationCountsAnswer(0), AdminUsers: page([JANE], null, false) });

    // By keyboard: Enter on the button asks, Tab reaches Yes.
    (await screen.findByRole('button', { name: 'Act as this user' })).focus();
    await user.keyboard('{Enter}');
    const dialog = within(await screen.findByRole('dialog', { name: 'Act as Jane Doe?' }));
    dialog.getByRole('button', { name: 'Yes' }).focus();
    await user.keyboard('{Enter}');

    const toast = await screen.findByRole('alert');
    expect(toast.textContent).toContain('Stop masquerading before acting as another user.');
    expect(toast.className).toContain('toast--error');
    expect(router.location.pathname).toBe('/admin/users');
    expect(screen.getByRole('button', { name: 'Act as this user' }).hasAttribute('disabled')).toBe(false);
  });
});
