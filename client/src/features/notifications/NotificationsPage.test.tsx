import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcceptCreditMutation, AnswerProjectInvitationMutation, DeclineCreditMutation, NotificationsQuery, TakeProjectCreditOfferMutation } from '@gql/graphql';
import { creditAnswer, FakeGraphQLError, notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
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
    projectCollaborator: null,
    projectDeliverable: null,
    announcement: null,
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

  describe('project notifications', () => {
    const project = { __typename: 'Project', id: 'p1', name: 'Spring campaign', path: '/projects/AbCdE12345~spring-campaign' } as const;
    const director = { __typename: 'CreditRole', id: 'r1', name: 'Director' } as const;

    function invitation(id: number, status: 'PENDING' | 'ACCEPTED' | 'DECLINED'): Node {
      return {
        ...notification(id, 'NEW'),
        kind: 'PROJECT_INVITATION',
        message: 'Sam Lee invited you into the project Spring campaign',
        projectCollaborator: { __typename: 'ProjectCollaborator', id: `c${id}`, status, creditRole: director, project },
      };
    }

    function deliverableNotification(id: number, kind: 'PROJECT_CREDIT_OFFER' | 'PROJECT_DELIVERABLE_ASSIGNED', role: typeof director | null = director): Node {
      return {
        ...notification(id, 'NEW', '/projects/AbCdE12345~spring-campaign'),
        kind,
        message: kind === 'PROJECT_CREDIT_OFFER' ? '“Launch reel” of Spring campaign is out: credit yourself on its post in your project role' : 'Sam Lee assigned you to “Launch reel” in Spring campaign, due 2030-05-01',
        projectDeliverable: { __typename: 'ProjectDeliverable', id: `d${id}`, title: 'Launch reel', viewerCreditRole: role, project },
      };
    }

    const seen = { __typename: 'Mutation', markNotificationsSeen: { __typename: 'MarkNotificationsSeenPayload', markedCount: 1 } } as const;

    it('shows an invitation with its project and answers it in place: Accept, then a link to the project', async () => {
      const user = userEvent.setup();
      const answered: unknown[] = [];
      renderApp('/notifications', {
        ...signedIn,
        Notifications: page([invitation(9, 'PENDING')], null, false),
        MarkNotificationsSeen: seen,
        AnswerProjectInvitation: (variables): AnswerProjectInvitationMutation => {
          answered.push(variables);
          return { __typename: 'Mutation', respondToProjectInvitation: { __typename: 'RespondToProjectInvitationPayload', collaborator: { __typename: 'ProjectCollaborator', id: 'c9', status: 'ACCEPTED' } } };
        },
      });

      const list = within(await screen.findByRole('list', { name: 'Notifications' }));
      expect(list.getByText('Spring campaign')).toBeTruthy();
      await user.click(list.getByRole('button', { name: 'Accept the invitation to Spring campaign' }));
      expect(await list.findByText(/Invitation accepted/)).toBeTruthy();
      expect(list.getByRole('link', { name: 'Open Spring campaign' }).getAttribute('href')).toBe('/projects/AbCdE12345~spring-campaign');
      expect(list.queryByRole('button', { name: /^(Accept|Decline)/ })).toBeNull();
      expect(answered).toEqual([{ input: { collaboratorId: 'c9', accept: true } }]);
    });

    it('declines an invitation, and says what the server refused', async () => {
      const user = userEvent.setup();
      let refuse = true;
      renderApp('/notifications', {
        ...signedIn,
        Notifications: page([invitation(9, 'PENDING')], null, false),
        MarkNotificationsSeen: seen,
        AnswerProjectInvitation: (): AnswerProjectInvitationMutation => {
          if (refuse) {
            refuse = false;
            throw new FakeGraphQLError('Invitation not found', 'NOT_FOUND');
          }
          return { __typename: 'Mutation', respondToProjectInvitation: { __typename: 'RespondToProjectInvitationPayload', collaborator: { __typename: 'ProjectCollaborator', id: 'c9', status: 'DECLINED' } } };
        },
      });

      const list = within(await screen.findByRole('list', { name: 'Notifications' }));
      await user.click(list.getByRole('button', { name: 'Decline the invitation to Spring campaign' }));
      expect((await list.findByRole('alert')).textContent).toBe('Invitation not found');
      await user.click(list.getByRole('button', { name: 'Decline the invitation to Spring campaign' }));
      expect(await list.findByText('Invitation declined')).toBeTruthy();
      expect(list.queryByRole('link', { name: /Open/ })).toBeNull();
      expect(list.queryByRole('button', { name: /^(Accept|Decline)/ })).toBeNull();
    });

    it('links an accepted invitation to its project, with nothing to answer', async () => {
      renderApp('/notifications', { ...signedIn, Notifications: page([invitation(9, 'ACCEPTED')], null, false), MarkNotificationsSeen: seen });
      const list = within(await screen.findByRole('list', { name: 'Notifications' }));
      expect((await list.findByRole('link', { name: 'Open Spring campaign' })).getAttribute('href')).toBe('/projects/AbCdE12345~spring-campaign');
      expect(list.queryByRole('button')).toBeNull();
    });

    it('takes a credit offer in one click, then says the credit it made', async () => {
      const user = userEvent.setup();
      const taken: unknown[] = [];
      renderApp('/notifications', {
        ...signedIn,
        Notifications: page([deliverableNotification(11, 'PROJECT_CREDIT_OFFER'), deliverableNotification(10, 'PROJECT_CREDIT_OFFER', null)], null, false),
        MarkNotificationsSeen: seen,
        TakeProjectCreditOffer: (variables): TakeProjectCreditOfferMutation => {
          taken.push(variables);
          return {
            __typename: 'Mutation',
            acceptProjectCreditOffer: {
              __typename: 'AcceptProjectCreditOfferPayload',
              credit: { __typename: 'Credit', id: 'k1', status: 'ACCEPTED', role: { __typename: 'CreditRole', id: 'r1', name: 'Director' } },
              deliverable: { __typename: 'ProjectDeliverable', id: 'd11' },
            },
          };
        },
      });

      const list = within(await screen.findByRole('list', { name: 'Notifications' }));
      // Only an offer naming the viewer's role has a button: nobody else has a credit to take.
      expect(list.getAllByRole('button', { name: /^Credit me/ })).toHaveLength(1);
      await user.click(list.getByRole('button', { name: 'Credit me as Director' }));
      expect(await list.findByText('Credited as Director')).toBeTruthy();
      expect(list.queryByRole('button', { name: /^Credit me/ })).toBeNull();
      expect(taken).toEqual([{ input: { deliverableId: 'd11' } }]);
    });

    it('links an assignment to the project’s Deliverables tab', async () => {
      renderApp('/notifications', { ...signedIn, Notifications: page([deliverableNotification(12, 'PROJECT_DELIVERABLE_ASSIGNED')], null, false), MarkNotificationsSeen: seen });
      const list = within(await screen.findByRole('list', { name: 'Notifications' }));
      const link = await list.findByRole('link', { name: /assigned you to “Launch reel”/ });
      expect(link.getAttribute('href')).toBe('/projects/AbCdE12345~spring-campaign/deliverables');
      expect(list.queryByRole('button')).toBeNull();
    });
  });

  it('shows product news with its body, rendered on the server, under its title', async () => {
    const news: Node = { ...notification(7, 'SEEN', '/blog/messages'), kind: 'PRODUCT_NEWS', message: 'Messages are here', announcement: { __typename: 'ProductNews', bodyHtml: '<p>Write to <strong>anyone</strong>.</p>' } };
    renderApp('/notifications', { ...signedIn, Notifications: () => page([news], null, false) });
    const list = within(await screen.findByRole('list', { name: 'Notifications' }));
    expect(list.getByRole('link', { name: 'Messages are here' }).getAttribute('href')).toBe('/blog/messages');
    expect(list.getByText('anyone').tagName).toBe('STRONG');
  });
});
