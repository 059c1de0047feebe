import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcceptCreditMutation, DeclineCreditMutation, NotificationsQuery } from '@gql/graphql';
import { creditAnswer, notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { EMPTY_NOTIFICATIONS } from './NotificationsPage';

type Node = NotificationsQuery['notifications']['nodes'][number];

function notification(id: number, status: 'NEW' | 'SEEN', link: string | null = null): Node {
  return {
    __typename: 'Notification',
    id: String(id),
    kind: 'POST_IMPORTED',
    message: `Notification ${id}`,
    link,
    status,
    createdAt: '2026-11-21T12:00:00.000Z',
    credit: null,
  };
}

function page(nodes: Node[], endCursor: string | null, hasNextPage: boolean): NotificationsQuery {
  return { __typename: 'Query', notifications: { __typename: 'NotificationConnection', nodes, pageInfo: { __typename: 'PageInfo', endCursor, hasNextPage } } };
}

const signedIn = { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(2) };

describe('notifications page', () => {
  it('lists them newest first, pages with Load more, and marks what is shown as seen', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const marked: unknown[] = [];
    renderApp('/notifications', {
      ...signedIn,
      Notifications: (variables) => {
        asked.push(variables);
        return variables.after === '3'
          ? page([notification(2, 'NEW'), notification(1, 'SEEN')], '1', false)
          : page([notification(5, 'NEW', '/posts/12'), notification(4, 'NEW'), notification(3, 'SEEN')], '3', true);
      },
      MarkNotificationsSeen: (variables) => {
        const ids = (variables.input as { notificationIds: string[] }).notificationIds;
        marked.push(ids);
        return { __typename: 'Mutation', markNotificationsSeen: { __typename: 'MarkNotificationsSeenPayload', markedCount: ids.length } };
      },
    });

    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getAllByRole('listitem').map((item) => item.querySelector('.notification__message')?.textContent)).toEqual([
      'Notification 5',
      'Notification 4',
      'Notification 3',
    ]);
    expect(list.getByRole('link', { name: 'Notification 5' }).getAttribute('href')).toBe('/posts/12');
    expect(list.getAllByText('New')).toHaveLength(2);
    await waitFor(() => expect(marked).toEqual([['5', '4']]));

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(list.getAllByRole('listitem')).toHaveLength(5));
    expect(asked).toEqual([{ first: 20 }, { first: 20, after: '3' }]);
    await waitFor(() => expect(marked).toEqual([['5', '4'], ['2']]));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says so when there are none', async () => {
    renderApp('/notifications', { ...signedIn, Notifications: page([], null, false) });
    expect(await screen.findByText(EMPTY_NOTIFICATIONS)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('answers a credit in one click from its notification: Accept or Decline, then says which', async () => {
    const user = userEvent.setup();
    const answered: unknown[] = [];
    const toAnswer = { __typename: 'CreditViewerCan', accept: true, decline: true, remove: true, report: false } as const;
    const director = creditAnswer('c1', { status: 'PENDING', viewerCan: toAnswer });
    const editor = creditAnswer('c2', { status: 'PENDING', viewerCan: toAnswer, role: { __typename: 'CreditRole', id: 'r3', name: 'Editor', emoji: '✂️' } });
    const creditNotification = (id: number, credit: typeof director): Node => ({
      ...notification(id, 'NEW', '/posts/1234'),
      kind: 'CREDIT_ADDED',
      message: `Sam Lee credited you as ${credit.role.name}`,
      credit,
    });
    renderApp('/notifications', {
      ...signedIn,
      Notifications: page([creditNotification(8, director), creditNotification(7, editor), notification(6, 'SEEN')], null, false),
      MarkNotificationsSeen: { __typename: 'Mutation', markNotificationsSeen: { __typename: 'MarkNotificationsSeenPayload', markedCount: 2 } },
      AcceptCredit: (variables): AcceptCreditMutation => {
        answered.push(['accept', variables]);
        return { __typename: 'Mutation', acceptCredit: { __typename: 'AcceptCreditPayload', credit: { ...director, status: 'ACCEPTED', viewerCan: { ...toAnswer, accept: false } } } };
      },
      DeclineCredit: (variables): DeclineCreditMutation => {
        answered.push(['decline', variables]);
        return { __typename: 'Mutation', declineCredit: { __typename: 'DeclineCreditPayload', credit: { ...editor, status: 'DECLINED', viewerCan: { ...toAnswer, accept: false, decline: false } } } };
      },
    });

    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getAllByRole('button', { name: /^Accept/ })).toHaveLength(2);
    await user.click(list.getByRole('button', { name: 'Accept the Director credit' }));
    expect(await list.findByText('Credit accepted')).toBeTruthy();
    await user.click(list.getByRole('button', { name: 'Decline the Editor credit' }));
    expect(await list.findByText('Credit declined')).toBeTruthy();
    expect(list.queryByRole('button', { name: /^(Accept|Decline)/ })).toBeNull();
    expect(answered).toEqual([
      ['accept', { input: { creditId: 'c1' } }],
      ['decline', { input: { creditId: 'c2' } }],
    ]);
  });
});
