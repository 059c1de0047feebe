import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CONVERSATION_MESSAGES } from '@domain/conversations';
import type { ConversationQuery, ConversationSummaryFragment, ConversationsQuery, MarkConversationReadMutation, SendMessageMutation, StartConversationMutation } from '@gql/graphql';
import { FakeGraphQLError, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { linkify } from '@ui/linkify';

const OTHER = { __typename: 'User' as const, id: 'VXNlcjoy', username: 'maya', name: 'Maya Okafor', avatarUrl: null };

function summary(databaseId: number, fields: Partial<ConversationSummaryFragment> = {}): ConversationSummaryFragment {
  return {
    __typename: 'Conversation',
    id: btoa(`Conversation:${databaseId}`),
    databaseId,
    unread: false,
    lastMessageAt: '2026-11-29T10:00:00.000Z',
    otherParticipant: OTHER,
    job: null,
    project: null,
    lastMessage: { __typename: 'Message', id: `m${databaseId}`, body: 'Hello from Maya', fromViewer: false },
    ...fields,
  };
}

function listAnswer(nodes: ConversationSummaryFragment[]): ConversationsQuery {
  return { __typename: 'Query', conversations: { __typename: 'ConversationConnection', pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes } };
}

function conversationAnswer(base: ConversationSummaryFragment, bodies: Array<[string, boolean]>, viewerCan = { sendMessage: true, unblock: false }): ConversationQuery {
  return {
    __typename: 'Query',
    conversation: {
      ...base,
      viewerCan: { __typename: 'ConversationViewerCan', ...viewerCan },
      messages: {
        __typename: 'MessageConnection',
        pageInfo: { __typename: 'PageInfo', hasPreviousPage: false, startCursor: null },
        nodes: bodies.map(([body, fromViewer], index) => ({ __typename: 'Message', id: `msg${index}`, body, fromViewer, createdAt: '2026-11-29T10:00:00.000Z' })),
      },
    },
  };
}

function signedIn(answers: FakeAnswers, unread = 0): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0, unread), ...answers };
}

describe('linkify', () => {
  it('links only web addresses and leaves markup as text', () => {
    render(<p data-testid="text">{linkify('See <b>this</b> https://example.com/brief. and javascript:alert(1)')}</p>);
    const text = screen.getByTestId('text');
    expect(text.querySelector('b')).toBeNull();
    expect(text.textContent).toContain('<b>this</b>');
    const links = within(text).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['https://example.com/brief']);
  });
});

describe('/messages', () => {
  it('lists conversations, opens one, marks it read and answers', async () => {
    const user = userEvent.setup();
    const unreadOne = summary(7, { unread: true, job: { __typename: 'Job', id: 'Sm9iOjE=', name: 'Photographer' } });
    const calls: unknown[] = [];
    let bodies: Array<[string, boolean]> = [['Hello from Maya <script>', false]];
    renderApp(
      '/messages/7',
      signedIn(
        {
          Conversations: listAnswer([unreadOne, summary(8, { otherParticipant: { ...OTHER, id: 'VXNlcjoz', name: 'Leo', username: 'leo' } })]),
          Conversation: () => conversationAnswer(unreadOne, bodies),
          MarkConversationRead: (variables): MarkConversationReadMutation => {
            calls.push(['read', variables.input]);
            return { __typename: 'Mutation', markConversationRead: { __typename: 'MarkConversationReadPayload', unreadConversationCount: 0, conversation: { __typename: 'Conversation', id: unreadOne.id, unread: false } } };
          },
          SendMessage: (variables): SendMessageMutation => {
            const input = variables.input as { conversationId: string; body: string };
            calls.push(['send', input]);
            bodies = [...bodies, [input.body, true]];
            return { __typename: 'Mutation', sendMessage: { __typename: 'SendMessagePayload', conversation: unreadOne, message: { __typename: 'Message', id: 'new', body: input.body, fromViewer: true, createdAt: '2026-11-29T10:01:00.000Z' } } };
          },
        },
        1,
      ),
    );
    expect(await screen.findByRole('heading', { name: 'Messages', level: 1 })).toBeTruthy();
    const current = await screen.findByRole('link', { current: 'page' });
    expect(current.textContent).toContain('Maya Okafor');
    // The conversation, its context and its text escaped.
    expect(await screen.findByRole('heading', { name: 'Maya Okafor', level: 2 })).toBeTruthy();
    expect(screen.getByText('About the job Photographer')).toBeTruthy();
    expect(screen.getByText('Hello from Maya <script>')).toBeTruthy();
    await waitFor(() => expect(calls).toContainEqual(['read', { conversationId: unreadOne.id }]));

    await user.type(screen.getByLabelText('Write to Maya Okafor'), 'Happy to help');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toContainEqual(['send', { conversationId: unreadOne.id, body: 'Happy to help' }]));
    expect(await screen.findByText('Happy to help')).toBeTruthy();
    expect((screen.getByLabelText('Write to Maya Okafor') as HTMLTextAreaElement).value).toBe('');
  });

  it('says plainly when the viewer can no longer write', async () => {
    const blocked = summary(9);
    renderApp('/messages/9', signedIn({ Conversations: listAnswer([blocked]), Conversation: conversationAnswer(blocked, [['Hi', false]], { sendMessage: false, unblock: false }) }));
    expect(await screen.findByText(CONVERSATION_MESSAGES.cannotMessage)).toBeTruthy();
    expect(screen.queryByLabelText('Write to Maya Okafor')).toBeNull();
  });

  it('marks unread conversations in words, newest first, and asks to choose one', async () => {
    renderApp('/messages', signedIn({ Conversations: listAnswer([summary(3, { unread: true }), summary(2)]) }, 1));
    const links = await screen.findAllByRole('link', { name: /Maya Okafor/ });
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/messages/3', '/messages/2']);
    expect(links[0]!.textContent).toContain('(unread)');
    expect(links[1]!.textContent).not.toContain('(unread)');
    expect(screen.getByText('Choose a conversation to read it.')).toBeTruthy();
  });

  it('says a conversation is not found when the viewer is not in it', async () => {
    renderApp('/messages/not-one', signedIn({ Conversations: listAnswer([]), Conversation: { __typename: 'Query', conversation: null } }));
    expect(await screen.findByText(`${CONVERSATION_MESSAGES.conversationNotFound}.`)).toBeTruthy();
  });

  it('shows the empty state without conversations', async () => {
    renderApp('/messages', signedIn({ Conversations: listAnswer([]) }));
    expect(await screen.findByText('No messages yet')).toBeTruthy();
  });

  it('moves a conversation to the top with its newest text when a message comes, live', async () => {
    const older = summary(4, { otherParticipant: { ...OTHER, id: 'VXNlcjoz', name: 'Leo', username: 'leo' }, lastMessage: { __typename: 'Message', id: 'm4', body: 'Old news', fromViewer: false } });
    const { fake } = renderApp('/messages', signedIn({ Conversations: listAnswer([summary(5), older]) }));
    await screen.findByRole('link', { name: /Leo/ });
    await waitFor(() => expect(fake.isSubscribed('ConversationActivity')).toBe(true));
    act(() => fake.pushSubscription('ConversationActivity', { conversationActivity: { ...older, lastMessage: { __typename: 'Message', id: 'm40', body: 'Sent from my other tab', fromViewer: true } } }));
    await waitFor(() => expect(screen.getAllByRole('link', { name: /Maya Okafor|Leo/ }).map((link) => link.getAttribute('href'))).toEqual(['/messages/4', '/messages/5']));
    expect(screen.getAllByRole('link', { name: /Leo/ })[0]!.textContent).toContain('You: Sent from my other tab');
  });

  it('asks before blocking, saying what it does, and blocks only on yes', async () => {
    const user = userEvent.setup();
    const base = summary(6);
    const calls: unknown[] = [];
    let blocked = false;
    renderApp(
      '/messages/6',
      signedIn({
        Conversations: listAnswer([base]),
        Conversation: () => conversationAnswer(base, [['Hi', false]], { sendMessage: !blocked, unblock: blocked }),
        BlockUser: (variables) => {
          calls.push(variables.input);
          blocked = true;
          return { __typename: 'Mutation', blockUser: { __typename: 'BlockUserPayload', user: { __typename: 'User', id: OTHER.id, viewerHasBlocked: true, viewerCanMessage: false } } };
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Block' }));
    let dialog = await screen.findByRole('dialog', { name: 'Block Maya Okafor?' });
    expect(dialog.textContent).toContain('Neither of you will be able to write to the other');
    expect(dialog.textContent).toContain('They are not told.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Block' }));
    dialog = await screen.findByRole('dialog', { name: 'Block Maya Okafor?' });
    await user.click(within(dialog).getByRole('button', { name: 'Block' }));
    await waitFor(() => expect(calls).toEqual([{ userId: OTHER.id }]));
    expect(await screen.findByRole('button', { name: 'Unblock' })).toBeTruthy();
  });

  it('shows older messages a page at a time from a keyboard-reachable button', async () => {
    const user = userEvent.setup();
    const base = summary(11);
    const newest = conversationAnswer(base, [['Newest', false]]);
    newest.conversation!.messages.pageInfo = { __typename: 'PageInfo', hasPreviousPage: true, startCursor: 'c50' };
    const asked: unknown[] = [];
    renderApp(
      '/messages/11',
      signedIn({
        Conversations: listAnswer([base]),
        Conversation: newest,
        OlderMessages: (variables) => {
          asked.push(variables);
          return {
            __typename: 'Query',
            conversation: {
              __typename: 'Conversation',
              id: base.id,
              messages: {
                __typename: 'MessageConnection',
                pageInfo: { __typename: 'PageInfo', hasPreviousPage: false, startCursor: 'c1' },
                nodes: [{ __typename: 'Message', id: 'old1', body: 'The very first', fromViewer: true, createdAt: '2026-11-01T10:00:00.000Z' }],
              },
            },
          };
        },
      }),
    );
    const button = await screen.findByRole('button', { name: 'Show older messages' });
    button.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(asked).toEqual([{ id: base.id, last: 50, before: 'c50' }]));
    const thread = await screen.findByRole('list', { name: 'Messages with Maya Okafor' });
    await waitFor(() => expect(thread.textContent).toMatch(/The very first.*Newest/s));
    // The first message is shown: the button goes, and focus stays in the conversation.
    expect(screen.queryByRole('button', { name: 'Show older messages' })).toBeNull();
    expect(document.activeElement).toBe(thread);
  });

  it('shows the live unread count beside the menu', async () => {
    const { fake } = renderApp('/messages', signedIn({ Conversations: listAnswer([]) }, 2));
    expect(await screen.findByRole('link', { name: 'Messages, 2 unread' })).toBeTruthy();
    await waitFor(() => expect(fake.notificationSubscribers).toBe(1));
    act(() => fake.pushNotificationCount(0, 3));
    expect(await screen.findByRole('link', { name: 'Messages, 3 unread' })).toBeTruthy();
  });
});

describe('the Message button', () => {
  it('writes to a creator from their card and links to the conversation', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    // The button itself, as a card renders it.
    const { MessageButton } = await import('./MessageButton');
    const { ApolloProvider } = await import('@apollo/client/react');
    const { createFakeGraphQL } = await import('@test/fakeGraphQL');
    const fake = createFakeGraphQL(
      signedIn({
        StartConversation: (variables): StartConversationMutation => {
          calls.push(variables.input);
          return { __typename: 'Mutation', startConversation: { __typename: 'StartConversationPayload', created: true, conversation: summary(12) } };
        },
        Conversations: listAnswer([]),
      }),
    );
    const { createMemoryRouter, RouterProvider } = await import('@router');
    const router = createMemoryRouter([{ path: '*', element: <MessageButton userId={OTHER.id} name="Maya Okafor" jobId="Sm9iOjE=" jobName="Photographer" /> }], { initialEntries: ['/creators'] });
    const view = render(
      <ApolloProvider client={fake.client}>
        <RouterProvider router={router} />
      </ApolloProvider>,
    );
    await user.click(await within(view.container).findByRole('button', { name: 'Message Maya Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Maya Okafor about Photographer' });
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByRole('alert').textContent).toBe(CONVERSATION_MESSAGES.bodyRequired);
    await user.type(within(dialog).getByLabelText('Write to Maya Okafor'), 'Are you free in May?');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(calls).toEqual([{ userId: OTHER.id, jobId: 'Sm9iOjE=', projectId: null, body: 'Are you free in May?' }]));
    expect(within(dialog).getByRole('link', { name: 'Open the conversation' }).getAttribute('href')).toBe('/messages/12');
  });

  it('shows the server’s refusal, keeping the text', async () => {
    const user = userEvent.setup();
    const { MessageButton } = await import('./MessageButton');
    const { ApolloProvider } = await import('@apollo/client/react');
    const { createFakeGraphQL } = await import('@test/fakeGraphQL');
    const { createMemoryRouter, RouterProvider } = await import('@router');
    const fake = createFakeGraphQL(
      signedIn({
        StartConversation: () => {
          throw new FakeGraphQLError(CONVERSATION_MESSAGES.cannotMessage, 'UNPROCESSABLE');
        },
      }),
    );
    const router = createMemoryRouter([{ path: '*', element: <MessageButton userId={OTHER.id} name="Maya Okafor" /> }], { initialEntries: ['/'] });
    render(
      <ApolloProvider client={fake.client}>
        <RouterProvider router={router} />
      </ApolloProvider>,
    );
    await user.click(await screen.findByRole('button', { name: 'Message Maya Okafor' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message Maya Okafor' });
    await user.type(within(dialog).getByLabelText('Write to Maya Okafor'), 'Hello');
    await user.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(CONVERSATION_MESSAGES.cannotMessage);
    expect((within(dialog).getByLabelText('Write to Maya Okafor') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('is not shown to signed-out visitors or on one’s own card', async () => {
    const { MessageButton } = await import('./MessageButton');
    const { ApolloProvider } = await import('@apollo/client/react');
    const { createFakeGraphQL } = await import('@test/fakeGraphQL');
    const own = createFakeGraphQL({ Viewer: viewerAnswer({ id: OTHER.id }) });
    const view = render(
      <ApolloProvider client={own.client}>
        <MessageButton userId={OTHER.id} name="Me" />
      </ApolloProvider>,
    );
    await waitFor(() => expect(own.requests).toContain('Viewer'));
    expect(view.container.querySelector('button')).toBeNull();
  });
});
