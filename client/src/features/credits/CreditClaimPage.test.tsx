import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcceptCreditMutation, ClaimCreditMutation, CreditClaimQuery } from '@gql/graphql';
import { FakeGraphQLError, creditAnswer, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { EDITOR, SAM } from './creditTestData';

const PREVIEW: CreditClaimQuery = {
  __typename: 'Query',
  creditClaim: {
    __typename: 'CreditClaim',
    inviteeDisplayName: '@maya.makes',
    role: EDITOR,
    addedBy: { __typename: 'User', id: SAM.id, username: SAM.username, name: SAM.name },
    post: {
      __typename: 'Post',
      id: 'UG9zdDo0Mg==',
      databaseId: 42,
      thumbnailUrl: null,
      caption: 'Clay mug',
      account: { __typename: 'SocialAccount', id: 'YQ==', handle: 'maya.makes', displayName: 'Maya Makes' },
      network: { __typename: 'Network', id: 'bg==', title: 'TikTok' },
    },
  },
};

const RIGHTS = { __typename: 'CreditViewerCan', accept: true, decline: true, remove: true, report: false } as const;
const claimed = creditAnswer('c9', { status: 'PENDING', role: EDITOR, viewerCan: RIGHTS });

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), ...answers };
}

describe('claim page', () => {
  it('previews the credit, claims it, then accepts it', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp(
      '/credits/claim/tok123',
      signedIn({
        CreditClaim: (variables) => {
          asked.push(variables);
          return PREVIEW;
        },
        ClaimCredit: (variables): ClaimCreditMutation => {
          asked.push(variables);
          return { __typename: 'Mutation', claimCredit: { __typename: 'ClaimCreditPayload', credit: claimed } };
        },
        AcceptCredit: (): AcceptCreditMutation => ({
          __typename: 'Mutation',
          acceptCredit: { __typename: 'AcceptCreditPayload', credit: { ...claimed, status: 'ACCEPTED', viewerCan: { ...RIGHTS, accept: false } } },
        }),
      }),
    );

    const preview = within(await screen.findByTestId('credit-claim'));
    expect(preview.getByText(/credited @maya.makes as/).textContent).toBe('Sam Lee credited @maya.makes as ✂️ Editor on a post by Maya Makes on TikTok.');
    expect(preview.getByRole('link', { name: 'a post by Maya Makes' }).getAttribute('href')).toBe('/posts/42');

    await user.click(preview.getByRole('button', { name: 'Claim' }));
    await user.click(await preview.findByRole('button', { name: 'Accept the Editor credit' }));
    expect((await preview.findByRole('status')).textContent).toBe('Credit accepted. See the post');
    expect(asked).toEqual([{ token: 'tok123' }, { input: { token: 'tok123' } }]);
  });

  it('names a former member as the one who credited, when they have deleted their account', async () => {
    renderApp('/credits/claim/tok123', signedIn({ CreditClaim: { ...PREVIEW, creditClaim: { ...PREVIEW.creditClaim!, addedBy: null } } }));
    const preview = within(await screen.findByTestId('credit-claim'));
    expect(preview.getByText(/credited @maya.makes as/).textContent).toBe('A former member credited @maya.makes as ✂️ Editor on a post by Maya Makes on TikTok.');
  });

  it('says when the link is invalid or expired', async () => {
    renderApp('/credits/claim/gone', signedIn({ CreditClaim: { __typename: 'Query', creditClaim: null } }));
    expect((await screen.findByRole('alert')).textContent).toBe('That link is invalid or has expired. Please ask for a new one.');
  });

  it('shows the server’s reason when claiming is refused', async () => {
    const user = userEvent.setup();
    renderApp(
      '/credits/claim/tok123',
      signedIn({
        CreditClaim: PREVIEW,
        ClaimCredit: () => {
          throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
        },
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Claim' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That resource already exists');
  });

  it('sends signed-out visitors to sign up, coming back here after', async () => {
    const { router } = renderApp('/credits/claim/tok123', { Viewer: viewerAnswer(null), CreditClaim: PREVIEW });
    await screen.findByRole('heading', { level: 1 });
    expect(router.location.pathname).toBe('/signup');
    expect(new URLSearchParams(router.location.search).get('returnTo')).toBe('/credits/claim/tok123');
  });
});
