import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { GraphQLError } from 'graphql';
import { MemoryRouter } from '@router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlansPageDocument, StartCheckoutDocument, type PlansPageQuery } from '@gql/graphql';
import { leavePageFor } from '@shell/leavePage';
import PlansPage from './PlansPage';

vi.mock('@shell/leavePage', () => ({ leavePageFor: vi.fn() }));

function plansAnswer(fields: { configured: boolean; hasPro?: boolean; managesTeam?: boolean; plansOpen?: boolean; invoicedProUntil?: string }): PlansPageQuery {
  return {
    __typename: 'Query',
    billingConfigured: fields.configured,
    billingStatus: {
      __typename: 'BillingStatus',
      plansOpen: fields.plansOpen ?? false,
      hasPro: (fields.hasPro ?? false) || (fields.plansOpen ?? false),
      invoicedProUntil: fields.invoicedProUntil ?? null,
      proSubscription: null,
    },
    viewerTeams: {
      __typename: 'TeamMemberConnection',
      nodes: fields.managesTeam
        ? [{ __typename: 'TeamMember', id: 'VGVhbU1lbWJlcjox', role: 'MANAGER', status: 'ACTIVE', team: { __typename: 'Team', id: 'VGVhbTo3', databaseId: 7, name: 'Studio', isSubscriptionActive: false } }]
        : [],
    },
  };
}

function renderPlans(answer: PlansPageQuery, extraMocks: MockLink.MockedResponse[] = [], path = '/plans?returnTo=%2Fcreators') {
  return render(
    <MockedProvider mocks={[{ request: { query: PlansPageDocument }, result: { data: answer }, maxUsageCount: 5 }, ...extraMocks]}>
      <MemoryRouter initialEntries={[path]}>
        <PlansPage />
      </MemoryRouter>
    </MockedProvider>,
  );
}

afterEach(() => {
  vi.mocked(leavePageFor).mockReset();
});

describe('/plans', () => {
  it('shows the four tiers and what each unlocks', async () => {
    renderPlans(plansAnswer({ configured: true }));
    for (const tier of ['Free', 'PRO', 'Teams', 'Business']) expect(await screen.findByRole('heading', { name: tier, level: 2 })).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'What PRO unlocks' })).getByText(/Visual Match AI/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Create a team' }).getAttribute('href')).toBe('/teams');
  });

  it('says billing is not configured and offers no upgrade that would fail', async () => {
    renderPlans(plansAnswer({ configured: false, managesTeam: true }));
    // The loading status gives way to the notice.
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('Billing is not configured.'));
    expect((screen.getByRole('button', { name: 'Upgrade to PRO' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Start Teams Plan' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says every plan is open where nobody can pay, and offers no upgrade at all', async () => {
    renderPlans(plansAnswer({ configured: false, plansOpen: true, managesTeam: true }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Billing is not set up here, so nobody can pay: every plan’s features are open to everyone.'));
    expect(screen.getByText('Open to everyone here')).toBeTruthy();
    expect(screen.getByText('Open to every team here')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to PRO' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Start Teams Plan' })).toBeNull();
  });

  it('shows PRO an admin gave until its expiry, or as never expiring', async () => {
    const { unmount } = renderPlans(plansAnswer({ configured: true, hasPro: true, invoicedProUntil: '2027-03-01T00:00:00.000Z' }));
    expect((await screen.findByText(/Invoiced until/)).textContent).toMatch(/Invoiced until .*2027/);
    unmount();
    renderPlans(plansAnswer({ configured: true, hasPro: true, invoicedProUntil: '2500-12-31T00:00:00.000Z' }));
    expect(await screen.findByText('Never expires')).toBeTruthy();
  });

  it('shows PRO active instead of Upgrade for someone who has it', async () => {
    renderPlans(plansAnswer({ configured: true, hasPro: true }));
    expect(await screen.findByText('PRO active')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Upgrade to PRO' })).toBeNull();
  });

  it('starts Checkout for PRO coming back to returnTo', async () => {
    const user = userEvent.setup();
    renderPlans(plansAnswer({ configured: true }), [
      { request: { query: StartCheckoutDocument, variables: { input: { plan: 'PRO', returnTo: '/creators' } } }, result: { data: { __typename: 'Mutation', startCheckout: { __typename: 'StartCheckoutPayload', url: 'https://checkout.stripe.test/cs_1' } } } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Upgrade to PRO' }));
    await vi.waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
  });

  it('starts Checkout for a team plan of a team the viewer manages, coming back to that team’s billing page', async () => {
    const user = userEvent.setup();
    renderPlans(plansAnswer({ configured: true, managesTeam: true }), [
      {
        request: { query: StartCheckoutDocument, variables: { input: { plan: 'STARTER', returnTo: '/teams/7/billing', teamId: 'VGVhbTo3' } } },
        result: { data: { __typename: 'Mutation', startCheckout: { __typename: 'StartCheckoutPayload', url: 'https://checkout.stripe.test/cs_team' } } },
      },
    ]);
    expect(await screen.findByText('For Studio.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Start Starter Plan' }));
    await vi.waitFor(() => expect(leavePageFor).toHaveBeenCalledWith('https://checkout.stripe.test/cs_team'));
  });

  it('shows the server’s refusal when Checkout cannot start', async () => {
    const user = userEvent.setup();
    renderPlans(plansAnswer({ configured: true }), [
      { request: { query: StartCheckoutDocument, variables: { input: { plan: 'PRO', returnTo: '/creators' } } }, result: { errors: [new GraphQLError('You already have PRO.', { extensions: { code: 'CONFLICT' } })] } },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Upgrade to PRO' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You already have PRO.');
    expect(leavePageFor).not.toHaveBeenCalled();
  });
});
