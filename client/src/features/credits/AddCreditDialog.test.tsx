import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddCreditMutation, AddCreditOptionsQuery, CreditCandidatesQuery, CreditItemFragment } from '@gql/graphql';
import { FakeGraphQLError, creditAnswer as credit, notificationCountsAnswer, postAnswer, postCreditsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { DIRECTOR, EDITOR, JANE, PHOTOGRAPHER, POST_ID, SAM } from './creditTestData';

const OPTIONS: AddCreditOptionsQuery = {
  __typename: 'Query',
  creditRoles: [DIRECTOR, PHOTOGRAPHER, EDITOR],
  networks: [
    { __typename: 'Network', id: 'TmV0d29yazoy', name: 'instagram', title: 'Instagram' },
    { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' },
  ],
};

/** The viewer (Jane) as the adder of the credits she makes here. */
const ADDED_BY_JANE = { __typename: 'User', id: JANE.id, username: JANE.username, name: JANE.name } as const;

function candidates(...people: (typeof SAM)[]): CreditCandidatesQuery {
  return { __typename: 'Query', creditCandidates: { __typename: 'UserConnection', nodes: people } };
}

function added(item: CreditItemFragment, claimUrl: string | null = null): AddCreditMutation {
  return { __typename: 'Mutation', addCredit: { __typename: 'AddCreditPayload', claimUrl, credit: item } };
}

function answers(extra: FakeAnswers): FakeAnswers {
  return {
    Viewer: viewerAnswer({ id: JANE.id }),
    NotificationCounts: notificationCountsAnswer(0),
    Post: postAnswer(),
    PostCredits: postCreditsAnswer([]),
    AddCreditOptions: OPTIONS,
    ...extra,
  };
}

async function openDialog() {
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Add credit' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add credit' }));
  // The form follows the dialog's first paint.
  await dialog.findByRole('button', { name: 'Cancel' });
  return { user, dialog };
}

describe('add-credit dialog', () => {
  it('searches people (debounced), credits one in two roles, and reports each role: added and "That resource already exists"', async () => {
    const searched: unknown[] = [];
    const addCalls: Record<string, unknown>[] = [];
    let creditsAsked = 0;
    const { fake } = renderApp(
      '/posts/1234',
      answers({
        PostCredits: () => {
          creditsAsked++;
          return postCreditsAnswer(creditsAsked > 1 ? [credit('new', { user: SAM, role: PHOTOGRAPHER, status: 'PENDING', addedBy: ADDED_BY_JANE })] : []);
        },
        CreditCandidates: (variables) => {
          searched.push(variables);
          return candidates(SAM);
        },
        AddCredit: (variables) => {
          const input = variables.input as { roleId: string };
          addCalls.push(input);
          if (input.roleId === DIRECTOR.id) throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
          return added(credit('new', { user: SAM, role: PHOTOGRAPHER, status: 'PENDING', addedBy: ADDED_BY_JANE }));
        },
      }),
    );
    const { user, dialog } = await openDialog();

    await user.type(dialog.getByLabelText('Name or username'), 'sam');
    await user.click(await dialog.findByRole('radio', { name: /Sam Lee/ }));
    // One search for the settled text, not one per keystroke.
    expect(searched).toEqual([{ query: 'sam', first: 8 }]);
    expect(dialog.getByTestId('credit-person-chosen').textContent).toBe('Crediting Sam Lee');

    await user.click(dialog.getByRole('checkbox', { name: /Director/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Photographer/ }));
    await user.click(dialog.getByRole('button', { name: 'Add 2 credits' }));

    const results = await dialog.findByTestId('add-credit-results');
    expect(addCalls).toEqual([
      { postId: POST_ID, roleId: DIRECTOR.id, person: { userId: SAM.id } },
      { postId: POST_ID, roleId: PHOTOGRAPHER.id, person: { userId: SAM.id } },
    ]);
    const items = within(results).getAllByRole('listitem').map((item) => item.textContent);
    expect(items).toEqual(['🎬 Director: That resource already exists', '📷 Photographer: added, pending until Sam Lee accepts']);
    expect(within(results).getByRole('alert').textContent).toBe('That resource already exists');
    // The refused role stays ticked, the added one is done.
    expect((dialog.getByRole('checkbox', { name: /Director/ }) as HTMLInputElement).checked).toBe(true);
    expect((dialog.getByRole('checkbox', { name: /Photographer/ }) as HTMLInputElement).checked).toBe(false);

    // The panel shows the new, pending credit behind the dialog.
    await waitFor(() => expect(creditsAsked).toBe(2));
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect((await screen.findByTestId('credit-chip')).textContent).toBe('📷 PhotographerPendingadded by you');
    expect(fake.requests.filter((name) => name === 'AddCredit')).toHaveLength(2);
  });

  it('invites someone not on Byline by a pasted profile link and shows the link to send them, with Copy', async () => {
    const addCalls: unknown[] = [];
    const claimUrl = 'http://localhost/credits/claim/abc123';
    renderApp(
      '/posts/1234',
      answers({
        AddCredit: (variables) => {
          addCalls.push(variables.input);
          return added(
            credit('inv', {
              user: null,
              status: 'PENDING',
              invitee: {
                __typename: 'CreditInvitee',
                displayName: '@maya.makes',
                email: null,
                socialAccount: null,
              },
            }),
            claimUrl,
          );
        },
      }),
    );
    const { user, dialog } = await openDialog();

    await user.click(dialog.getByRole('button', { name: 'Not on Byline yet?' }));
    await user.click(dialog.getByRole('radio', { name: 'Social handle' }));
    await user.click(dialog.getByLabelText('Handle or profile link'));
    await user.paste('https://www.tiktok.com/@maya.makes');
    // The link says its network.
    expect((dialog.getByLabelText('Network') as HTMLSelectElement).value).toBe('TmV0d29yazo1');
    await user.click(dialog.getByRole('checkbox', { name: /Editor/ }));
    await user.click(dialog.getByRole('button', { name: 'Add credit' }));

    const link = await dialog.findByRole('textbox', { name: 'Link to send them' });
    expect((link as HTMLInputElement).value).toBe(claimUrl);
    expect(addCalls).toEqual([
      { postId: POST_ID, roleId: EDITOR.id, person: { socialAccount: { networkId: 'TmV0d29yazo1', handle: 'https://www.tiktok.com/@maya.makes' } } },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(claimUrl);
    expect(dialog.getByText('Link copied.')).toBeTruthy();
  });

  it('invites by email, checking the address first', async () => {
    const addCalls: unknown[] = [];
    renderApp(
      '/posts/1234',
      answers({
        AddCredit: (variables) => {
          addCalls.push(variables.input);
          return added(credit('inv', { user: null, status: 'PENDING', invitee: { __typename: 'CreditInvitee', displayName: 'new.person', email: 'new.person@example.test', socialAccount: null } }));
        },
      }),
    );
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Not on Byline yet?' }));
    const email = dialog.getByLabelText('Their email');
    await user.type(email, 'new.person@');
    await user.click(dialog.getByRole('checkbox', { name: /Director/ }));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByText('Invalid email address')).toBeTruthy();
    expect((dialog.getByRole('button', { name: 'Add credit' }) as HTMLButtonElement).disabled).toBe(true);

    await user.type(email, 'example.test');
    await user.click(dialog.getByRole('button', { name: 'Add credit' }));
    expect(await dialog.findByText(/added, pending until new.person@example.test accepts/)).toBeTruthy();
    expect(addCalls).toEqual([{ postId: POST_ID, roleId: DIRECTOR.id, person: { email: 'new.person@example.test' } }]);
  });

  it('lets someone who may not credit others on the post credit only themselves', async () => {
    const addCalls: unknown[] = [];
    renderApp(
      '/posts/1234',
      answers({
        PostCredits: postCreditsAnswer([], { addCredit: false }),
        AddCredit: (variables) => {
          addCalls.push(variables.input);
          return added(credit('self', { role: EDITOR }));
        },
      }),
    );
    const { user, dialog } = await openDialog();
    expect(dialog.getByText('You can credit yourself on this post.')).toBeTruthy();
    expect(dialog.queryByLabelText('Name or username')).toBeNull();
    expect(dialog.queryByRole('button', { name: 'Not on Byline yet?' })).toBeNull();
    await user.click(dialog.getByRole('checkbox', { name: /Editor/ }));
    await user.click(dialog.getByRole('button', { name: 'Add credit' }));
    expect((await dialog.findByTestId('add-credit-results')).textContent).toBe('✂️ Editor: added');
    expect(addCalls).toEqual([{ postId: POST_ID, roleId: EDITOR.id, person: { userId: JANE.id } }]);
  });

  it('opens from the track box link (#add-credit) and closes with Escape', async () => {
    const { router } = renderApp('/posts/1234#add-credit', answers({}));
    const dialog = await screen.findByRole('dialog', { name: 'Add credit' });
    await within(dialog).findByRole('checkbox', { name: /Director/ });
    await userEvent.setup().keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(router.location.hash).toBe('');
  });
});
