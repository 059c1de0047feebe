import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreateBillingPortalSessionMutation } from '@gql/graphql';
import { notificationCountsAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { leavePageFor } from './leavePage';

// jsdom cannot navigate: the full-page move to the portal is observed through leavePageFor.
vi.mock('@shell/leavePage', () => ({ leavePageFor: vi.fn() }));

afterEach(() => vi.mocked(leavePageFor).mockReset());

const PORTAL_URL = 'https://billing.stripe.test/p/session/bps_1';

describe('the menu’s Billing item (the billing check and the billing portal)', () => {
  it('opens the card-payment billing portal, coming back to the current page', async () => {
    const user = userEvent.setup();
    const asked: unknown[] = [];
    renderApp('/lists?sort=name', {
      Viewer: viewerAnswer({ canSeeBilling: true }),
      NotificationCounts: notificationCountsAnswer(0),
      CreateBillingPortalSession: (variables: Record<string, unknown>): CreateBillingPortalSessionMutation => {
        asked.push(variables);
        return { __typename: 'Mutation', createBillingPortalSession: { __typename: 'CreateBillingPortalSessionPayload', url: PORTAL_URL } };
      },
    });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    await user.click(within(await screen.findByRole('navigation', { name: 'Account' })).getByRole('button', { name: 'Billing' }));

    await waitFor(() => expect(leavePageFor).toHaveBeenCalledWith(PORTAL_URL));
    expect(asked).toEqual([{ input: { returnPath: '/lists?sort=name' } }]);
  });

  it('is not offered to those who fail the billing check', async () => {
    const user = userEvent.setup();
    renderApp('/lists', { Viewer: viewerAnswer({ canSeeBilling: false }), NotificationCounts: notificationCountsAnswer(0) });
    await user.click(await screen.findByRole('button', { name: /^Menu/ }));
    expect(within(await screen.findByRole('navigation', { name: 'Account' })).queryByRole('button', { name: 'Billing' })).toBeNull();
  });
});
