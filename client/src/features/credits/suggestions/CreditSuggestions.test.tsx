import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddCreditMutation, PostCreditSuggestionsQuery } from '@gql/graphql';
import { creditAnswer as credit, notificationCountsAnswer, postAnswer, postCreditsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { DIRECTOR, PHOTOGRAPHER, POST_ID, SAM } from '../creditTestData';

const INSTAGRAM = { __typename: 'Network', id: 'TmV0d29yazoy', title: 'Instagram' } as const;

function suggestionsAnswer(suggestions: Array<{ handle: string; role: typeof DIRECTOR | typeof PHOTOGRAPHER; user?: typeof SAM | null }>): PostCreditSuggestionsQuery {
  return {
    __typename: 'Query',
    node: {
      __typename: 'Post',
      id: POST_ID,
      creditSuggestions: suggestions.map(({ handle, role, user = null }) => ({
        __typename: 'CreditSuggestion',
        handle,
        matchedText: `${role.emoji} @${handle}`,
        network: INSTAGRAM,
        role,
        user: user && { __typename: 'User', id: user.id, username: user.username, name: user.name },
      })),
    },
  };
}

function added(claimUrl: string | null): AddCreditMutation {
  return { __typename: 'Mutation', addCredit: { __typename: 'AddCreditPayload', claimUrl, credit: credit('new', { status: 'PENDING' }) } };
}

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), Post: postAnswer(), PostCredits: postCreditsAnswer([]), ...answers };
}

describe('credits suggested from the caption', () => {
  it('shows a chip per suggestion and adds one with a click: the Byline user when matched, else the handle', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    let remaining = [
      { handle: 'samlee', role: DIRECTOR, user: SAM },
      { handle: 'ana.costa', role: PHOTOGRAPHER },
    ];
    const { fake } = renderApp(
      '/posts/1234',
      signedIn({
        PostCreditSuggestions: () => suggestionsAnswer(remaining),
        AddCredit: (variables) => {
          sent.push(variables);
          const input = (variables as { input: { person: { userId?: string } } }).input;
          remaining = remaining.filter((entry) => (input.person.userId ? entry.handle !== 'samlee' : entry.handle !== 'ana.costa'));
          return added(input.person.userId ? null : '/credits/claim/abc');
        },
      }),
    );
    const chips = await screen.findAllByTestId('credit-suggestion');
    expect(chips.map((chip) => chip.textContent)).toEqual(['🎬 Director · @samlee (Sam Lee on Byline)Add', '📷 Photographer · @ana.costaAdd']);

    await user.click(screen.getByRole('button', { name: 'Add @samlee as Director' }));
    await waitFor(() => expect(screen.getAllByTestId('credit-suggestion')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Add @ana.costa as Photographer' }));
    const link = await screen.findByLabelText(/Send @ana.costa on Instagram this link to claim the credit/);
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/credits/claim/abc`);
    expect(sent).toEqual([
      { input: { postId: POST_ID, roleId: DIRECTOR.id, person: { userId: SAM.id } } },
      { input: { postId: POST_ID, roleId: PHOTOGRAPHER.id, person: { socialAccount: { networkId: INSTAGRAM.id, handle: 'ana.costa' } } } },
    ]);
    // The panel is asked again after each, so the new credit shows where the chip was.
    expect(fake.requests.filter((name) => name === 'PostCredits').length).toBeGreaterThanOrEqual(3);
    expect(within(screen.getByTestId('credit-suggestions')).queryAllByTestId('credit-suggestion')).toHaveLength(0);
  });

  it('is not shown to those who may not credit others on the post', async () => {
    const { fake } = renderApp('/posts/1234', signedIn({ PostCredits: postCreditsAnswer([credit('c1')], { addCredit: false }), PostCreditSuggestions: suggestionsAnswer([{ handle: 'x', role: DIRECTOR }]) }));
    await screen.findByTestId('post-credits');
    expect(screen.queryByTestId('credit-suggestions')).toBeNull();
    expect(fake.requests).not.toContain('PostCreditSuggestions');
  });
});
