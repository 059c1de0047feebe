import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from '@router';
import { describe, expect, it } from 'vitest';
import { FakeGraphQLError, createFakeGraphQL } from '@test/fakeGraphQL';
import { useRecordReferral } from './useRecordReferral';

function SignedUp() {
  const recordReferral = useRecordReferral();
  return (
    <button type="button" onClick={() => void recordReferral().then(() => document.body.setAttribute('data-done', 'yes'))}>
      Signed up
    </button>
  );
}

function renderAt(url: string, answer: (variables: Record<string, unknown>) => unknown) {
  const calls: unknown[] = [];
  const fake = createFakeGraphQL({
    RecordReferral: (variables) => {
      calls.push(variables.input);
      answer(variables);
      return { __typename: 'Mutation', recordReferral: { __typename: 'RecordReferralPayload', recorded: true } };
    },
  });
  const router = createMemoryRouter([{ path: '/signup', Component: SignedUp }], { initialEntries: [url] });
  render(
    <ApolloProvider client={fake.client}>
      <RouterProvider router={router} />
    </ApolloProvider>,
  );
  return calls;
}

describe('useRecordReferral', () => {
  it('records the inviter named by the invite link', async () => {
    const calls = renderAt('/signup?invitedBy=maya.lin&returnTo=%2Fexplore', () => undefined);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Signed up' }));
    await waitFor(() => expect(calls).toEqual([{ invitedBy: 'maya.lin' }]));
  });

  it('does nothing without an invite link, and swallows a refusal', async () => {
    const none = renderAt('/signup', () => undefined);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Signed up' }));
    await waitFor(() => expect(document.body.getAttribute('data-done')).toBe('yes'));
    expect(none).toEqual([]);
  });

  it('keeps the sign-up going when the server refuses', async () => {
    document.body.removeAttribute('data-done');
    renderAt('/signup?invitedBy=nobody', () => {
      throw new FakeGraphQLError('User was not found');
    });
    await userEvent.setup().click(screen.getAllByRole('button', { name: 'Signed up' }).at(-1) as HTMLElement);
    await waitFor(() => expect(document.body.getAttribute('data-done')).toBe('yes'));
  });
});
