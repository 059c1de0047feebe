import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcceptTeamInvitationMutation, TeamMemberRole } from '@gql/graphql';
import { FakeGraphQLError, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const USED = 'That invitation has already been used. Ask the team’s manager for a new one if you still need to join.';

function joined(role: TeamMemberRole): AcceptTeamInvitationMutation {
  return {
    __typename: 'Mutation',
    acceptTeamInvitation: {
      __typename: 'AcceptTeamInvitationPayload',
      membership: { __typename: 'TeamMember', id: 'VGVhbU1lbWJlcjo1', role, team: { __typename: 'Team', id: 'VGVhbTo5', databaseId: 9, name: 'Brand Crew' } },
    },
  };
}

function signedIn(accept: (variables: Record<string, unknown>) => AcceptTeamInvitationMutation): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), AcceptTeamInvitation: accept } as FakeAnswers;
}

describe('/teams/accept/{code}', () => {
  it('sends a signed-out visitor to sign up first, coming back to the invitation', async () => {
    const { router } = renderApp('/teams/accept/abc123', { Viewer: viewerAnswer(null) });
    await waitFor(() => expect(router.location.pathname).toBe('/signup'));
    expect(new URLSearchParams(router.location.search).get('returnTo')).toBe('/teams/accept/abc123');
  });

  it('joins with the code on Accept invitation and opens the team', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    const { router } = renderApp(
      '/teams/accept/abc123',
      signedIn((variables) => {
        asked.push(variables);
        return joined('MEMBER');
      }),
    );
    // Nothing is accepted by opening the link alone (a mail scanner or link preview joins nobody).
    await screen.findByRole('button', { name: 'Accept invitation' });
    expect(asked).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.location.pathname).toBe('/teams/9'));
    expect(asked).toEqual([{ input: { code: 'abc123' } }]);
  });

  it('tells a pro_only seat it joined, without opening team pages it may not see', async () => {
    const user = userEvent.setup();
    const { router } = renderApp(
      '/teams/accept/abc123',
      signedIn(() => joined('PRO_ONLY')),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('status')).textContent).toContain('You joined Brand Crew as PRO only.');
    expect(router.location.pathname).toBe('/teams/accept/abc123');
  });

  it('says in the server’s words why a code does not work', async () => {
    const user = userEvent.setup();
    renderApp(
      '/teams/accept/abc123',
      signedIn(() => {
        throw new FakeGraphQLError(USED, 'UNPROCESSABLE');
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect((await screen.findByRole('alert')).textContent).toBe(USED);
  });
});
