import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { ClaimProjectInvitationMutation, ProjectInvitationClaimQuery } from '@gql/graphql';
import { FakeGraphQLError, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const TOKEN = 'tok123';

const PREVIEW: ProjectInvitationClaimQuery = {
  __typename: 'Query',
  projectInvitationClaim: {
    __typename: 'ProjectInvitationClaim',
    projectName: 'Spring campaign',
    permission: 'EDITOR',
    inviteeDisplayName: 'n…@example.com',
    expiresAt: '2026-12-29T10:00:00.000Z',
    role: { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToy', name: 'Photographer', emoji: '📷' },
    invitedBy: { __typename: 'User', id: 'VXNlcjo3', name: 'Sam Lee', username: 'samlee' },
  },
};

function accepted(status: 'ACCEPTED' | 'DECLINED'): ClaimProjectInvitationMutation {
  return {
    __typename: 'Mutation',
    claimProjectInvitation: {
      __typename: 'ClaimProjectInvitationPayload',
      collaborator: { __typename: 'ProjectCollaborator', id: 'UHJvamVjdENvbGxhYm9yYXRvcjo5', status },
      project: status === 'ACCEPTED' ? { __typename: 'Project', id: 'UHJvamVjdDox', name: 'Spring campaign', path: '/projects/p7QmK2xWz9~spring-campaign' } : null,
    },
  };
}

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), ...answers };
}

describe('project invitation claim page', () => {
  it('shows a signed-out visitor the project, who invited them and the role, and asks them to sign up or sign in', async () => {
    renderApp(`/projects/invitations/${TOKEN}`, { Viewer: viewerAnswer(null), ProjectInvitationClaim: PREVIEW });
    const claim = within(await screen.findByTestId('project-claim'));
    expect(claim.getByText(/invited n…@example.com/).textContent).toBe(
      'Sam Lee invited n…@example.com into the project Spring campaign as 📷 Photographer, with Editor permission. Editors change the plan and see costs.',
    );
    const returnTo = encodeURIComponent(`/projects/invitations/${TOKEN}`);
    expect((await claim.findByRole('link', { name: 'Sign up' })).getAttribute('href')).toBe(`/signup?returnTo=${returnTo}`);
    expect(claim.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/signin?returnTo=${returnTo}`);
    expect(claim.queryByRole('button', { name: 'Accept' })).toBeNull();
  });

  it('lets a signed-in viewer accept, then links to the project', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp(
      `/projects/invitations/${TOKEN}`,
      signedIn({
        ProjectInvitationClaim: PREVIEW,
        ClaimProjectInvitation: (variables) => {
          asked.push(variables);
          return accepted('ACCEPTED');
        },
      }),
    );
    const claim = within(await screen.findByTestId('project-claim'));
    await user.click(claim.getByRole('button', { name: 'Accept' }));
    const done = await screen.findByRole('status');
    expect(done.textContent).toBe('You joined Spring campaign. Open the project');
    expect(within(done).getByRole('link', { name: 'Open the project' }).getAttribute('href')).toBe('/projects/p7QmK2xWz9~spring-campaign');
    expect(asked).toEqual([{ input: { token: TOKEN, accept: true } }]);
  });

  it('lets a signed-in viewer decline', async () => {
    const user = userEvent.setup();
    renderApp(`/projects/invitations/${TOKEN}`, signedIn({ ProjectInvitationClaim: PREVIEW, ClaimProjectInvitation: accepted('DECLINED') }));
    const claim = within(await screen.findByTestId('project-claim'));
    await user.click(claim.getByRole('button', { name: 'Decline' }));
    expect((await screen.findByRole('status')).textContent).toBe('Invitation declined. See your projects');
  });

  it('says when the link is unknown, used or expired', async () => {
    renderApp(`/projects/invitations/gone`, { Viewer: viewerAnswer(null), ProjectInvitationClaim: { __typename: 'Query', projectInvitationClaim: null } });
    expect((await screen.findByRole('alert')).textContent).toBe('That link is invalid or has expired. Please ask for a new one.');
  });

  it('shows the server’s reason when answering is refused', async () => {
    const user = userEvent.setup();
    renderApp(
      `/projects/invitations/${TOKEN}`,
      signedIn({
        ProjectInvitationClaim: PREVIEW,
        ClaimProjectInvitation: () => {
          throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
        },
      }),
    );
    const claim = within(await screen.findByTestId('project-claim'));
    await user.click(claim.getByRole('button', { name: 'Accept' }));
    expect((await claim.findByRole('alert')).textContent).toBe('That resource already exists');
  });
});
