import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AcceptCreditMutation, RemoveCreditMutation } from '@gql/graphql';
import { creditAnswer as credit, notificationCountsAnswer, postAnswer, postCreditsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { EDITOR, JANE, PHOTOGRAPHER, SAM } from './creditTestData';

const RIGHTS = { __typename: 'CreditViewerCan', accept: true, decline: true, remove: true, report: false } as const;

function adder(person: typeof JANE | typeof SAM) {
  return { __typename: 'User', id: person.id, username: person.username, name: person.name } as const;
}

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({ id: JANE.id }), NotificationCounts: notificationCountsAnswer(0), Post: postAnswer(), ...answers };
}

describe('post page credits panel', () => {
  it('groups credits by person with emoji chips, marks pending ones, and hides declined ones', async () => {
    renderApp(
      '/posts/1234',
      signedIn({
        PostCredits: postCreditsAnswer([
          credit('c1'),
          credit('c2', { user: SAM, role: PHOTOGRAPHER, status: 'PENDING', addedBy: adder(JANE) }),
          credit('c3', { role: EDITOR }),
          credit('c4', { user: SAM, role: EDITOR, status: 'DECLINED' }),
        ]),
      }),
    );

    const list = await screen.findByTestId('post-credits');
    const people = within(list).getAllByRole('listitem').filter((item) => item.classList.contains('credited-person'));
    expect(people).toHaveLength(2);
    expect(within(people[0]!).getByRole('link', { name: 'Jane Doe' }).getAttribute('href')).toBe('/janedoe');
    expect(within(people[0]!).getAllByTestId('credit-chip').map((chip) => chip.textContent)).toEqual(['🎬 Director', '✂️ Editor']);
    const samChips = within(people[1]!).getAllByTestId('credit-chip');
    // The viewer (Jane) asked for Sam's credit.
    expect(samChips.map((chip) => chip.textContent)).toEqual(['📷 PhotographerPendingadded by you']);
    expect(samChips[0]!.getAttribute('data-status')).toBe('PENDING');
    // No rights: no buttons on anyone's credit.
    expect(within(list).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Add credit' })).toBeTruthy();
  });

  it('shows Accept, Decline and Remove by viewerCan; Accept takes one click and drops the Pending mark', async () => {
    const user = userEvent.setup();
    const accepted: unknown[] = [];
    const pending = credit('c2', { user: JANE, role: PHOTOGRAPHER, status: 'PENDING', viewerCan: RIGHTS });
    renderApp(
      '/posts/1234',
      signedIn({
        PostCredits: postCreditsAnswer([pending]),
        AcceptCredit: (variables): AcceptCreditMutation => {
          accepted.push(variables);
          return {
            __typename: 'Mutation',
            acceptCredit: {
              __typename: 'AcceptCreditPayload',
              credit: { ...pending, status: 'ACCEPTED', viewerCan: { ...RIGHTS, accept: false } },
            },
          };
        },
      }),
    );

    const chip = await screen.findByTestId('credit-chip');
    expect(chip.textContent).toContain('Pending');
    // The answer and remove buttons load for viewers the server lets use them (docs/product.md §Performance).
    expect(await within(chip).findByRole('button', { name: 'Decline the Photographer credit' })).toBeTruthy();
    expect(await within(chip).findByRole('button', { name: 'Remove Jane Doe as Photographer' })).toBeTruthy();

    await user.click(within(chip).getByRole('button', { name: 'Accept the Photographer credit' }));
    await waitFor(() => expect(screen.getByTestId('credit-chip').getAttribute('data-status')).toBe('ACCEPTED'));
    expect(screen.getByTestId('credit-chip').textContent).not.toContain('Pending');
    expect(accepted).toEqual([{ input: { creditId: 'c2' } }]);
    expect(screen.queryByRole('button', { name: /Accept/ })).toBeNull();
    // Accepted, it is no longer answered here; it can still be removed later.
    expect(screen.queryByRole('button', { name: 'Decline the Photographer credit' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Jane Doe as Photographer' })).toBeTruthy();
  });

  it('names who asked for each pending credit; a deleted account is a former member, its credit kept', async () => {
    renderApp(
      '/posts/1234',
      signedIn({
        PostCredits: postCreditsAnswer([
          credit('c6', { role: PHOTOGRAPHER, status: 'PENDING', addedBy: adder(SAM), viewerCan: RIGHTS }),
          credit('c7', { role: EDITOR, status: 'PENDING', addedBy: null, viewerCan: RIGHTS }),
          credit('c8', { addedBy: adder(SAM) }),
        ]),
      }),
    );

    const chips = await screen.findAllByTestId('credit-chip');
    expect(within(chips[0]!).getByText('added by Sam Lee')).toBeTruthy();
    expect(within(chips[1]!).getByText('added by a former member')).toBeTruthy();
    expect(within(chips[1]!).getByRole('button', { name: 'Accept the Editor credit' })).toBeTruthy();
    // Accepted credits are the credited person's own: no adder shown.
    expect(chips[2]!.textContent).toBe('🎬 Director');
  });

  it('removes a credit with its remove button', async () => {
    const user = userEvent.setup();
    renderApp(
      '/posts/1234',
      signedIn({
        PostCredits: postCreditsAnswer([credit('c1', { viewerCan: { ...RIGHTS, accept: false, decline: false } }), credit('c5', { user: SAM })]),
        RemoveCredit: (): RemoveCreditMutation => ({
          __typename: 'Mutation',
          removeCredit: { __typename: 'RemoveCreditPayload', removedCreditId: 'c1' },
        }),
      }),
    );
    await user.click(await screen.findByRole('button', { name: 'Remove Jane Doe as Director' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Jane Doe' })).toBeNull());
    expect(screen.getByRole('link', { name: 'Sam Lee' })).toBeTruthy();
  });

  it('says when no one is credited, and offers no Add credit to signed-out visitors', async () => {
    renderApp('/posts/1234', {
      Viewer: viewerAnswer(null),
      Post: postAnswer(),
      PostCredits: postCreditsAnswer([], { addCredit: false, signedIn: false }),
    });
    expect(await screen.findByText('No one is credited yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add credit' })).toBeNull();
  });

  it('asks for the credits of the post on the page', async () => {
    const asked: unknown[] = [];
    renderApp(
      '/posts/1234-janedoe-instagram',
      signedIn({
        PostCredits: (variables) => {
          asked.push(variables);
          return postCreditsAnswer([credit('c1')]);
        },
      }),
    );
    await screen.findByTestId('post-credits');
    expect(asked).toEqual([{ databaseId: 1234, first: 100 }]);
  });
});
