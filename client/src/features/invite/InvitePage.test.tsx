import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { INVITE_MESSAGES } from '@domain/invites';
import * as MESSAGES from '@domain/messages';
import { FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { fakeSession } from '@test/fakeSession';
import { renderApp } from '@test/renderApp';

function answers(username: string | null, extra: FakeAnswers = {}): FakeAnswers {
  return { ...fakeSession({ username }).answers, InviteViewer: { __typename: 'Query', viewer: { __typename: 'User', id: '1', username } }, ...extra };
}

describe('/invite', () => {
  it('mails an invitation and shares the sign-up link that credits the viewer', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp(
      '/invite',
      answers('maya', {
        InviteFriend: (variables) => {
          sent.push(variables.input);
          return { __typename: 'Mutation', inviteFriend: { __typename: 'InviteFriendPayload', email: 'friend@example.test', inviteUrl: 'http://localhost/signup?invitedBy=maya' } };
        },
      }),
    );
    expect(((await screen.findByLabelText('Your invite link')) as HTMLInputElement).value).toBe(`${window.location.origin}/signup?invitedBy=maya`);

    const email = screen.getByLabelText('Your friend’s email');
    await user.type(email, 'not an address');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.invalidEmailAddress);
    expect(sent).toEqual([]);

    await user.clear(email);
    await user.type(email, 'Friend@Example.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to friend@example.test.')).toBeTruthy();
    expect(sent).toEqual([{ email: 'Friend@Example.test' }]);
  });

  it('shows the daily limit in the server’s words', async () => {
    const user = userEvent.setup();
    renderApp(
      '/invite',
      answers('maya', {
        InviteFriend: () => {
          throw new FakeGraphQLError(INVITE_MESSAGES.dailyLimit);
        },
      }),
    );
    await user.type(await screen.findByLabelText('Your friend’s email'), 'friend@example.test');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(INVITE_MESSAGES.dailyLimit);
  });

  it('sends someone without a username to settings first', async () => {
    renderApp('/invite', answers(null));
    expect((await screen.findByRole('link', { name: 'Choose a username in your settings' })).getAttribute('href')).toBe('/settings');
  });
});
