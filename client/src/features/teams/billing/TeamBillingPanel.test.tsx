import type { MockLink } from '@apollo/client/testing';
import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeamBillingDocument, type TeamBillingDetailsFragment, type TeamBillingQuery } from '@gql/graphql';
import { TeamBillingPanel } from './TeamBillingPanel';

const TEAM_ID = 'VGVhbTo3';

function billing(fields: Partial<TeamBillingDetailsFragment> = {}): TeamBillingDetailsFragment {
  return {
    __typename: 'TeamBilling',
    plan: 'TEAMS',
    status: 'ACTIVE',
    subscriptionStatus: 'ACTIVE',
    isActive: true,
    baseSeats: 10,
    seats: 12,
    renewsAt: '2026-12-25T10:00:00.000Z',
    expiresAt: null,
    externalInvoiceExpiration: null,
    invoices: {
      __typename: 'InvoiceConnection',
      nodes: [{ __typename: 'Invoice', id: 'SW52b2ljZTox', number: 'INV-0001', status: 'PAID', amountDue: 4900, amountPaid: 4900, currency: 'usd', hostedInvoiceUrl: 'https://invoice.stripe.test/1', createdAt: '2026-11-25T10:00:00.000Z' }],
      pageInfo: { __typename: 'PageInfo', hasNextPage: false },
    },
    ...fields,
  };
}

function renderPanel(configured: boolean, details: TeamBillingDetailsFragment | null) {
  const answer: TeamBillingQuery = { __typename: 'Query', billingConfigured: configured, team: { __typename: 'Team', id: TEAM_ID, name: 'Studio', billing: details } };
  const mocks: MockLink.MockedResponse[] = [{ request: { query: TeamBillingDocument, variables: { id: TEAM_ID } }, result: { data: answer } }];
  return render(
    <MockedProvider mocks={mocks}>
      <TeamBillingPanel teamId={TEAM_ID} teamNumber={7} />
    </MockedProvider>,
  );
}

describe('team billing', () => {
  it('shows plan, status, seats, renewal and invoices, with seat changes and the portal', async () => {
    renderPanel(true, billing());
    expect(await screen.findByText('Teams Plan')).toBeTruthy();
    expect(screen.getByText('12 (10 included in the plan)')).toBeTruthy();
    expect(screen.getByText(/^Renews on/)).toBeTruthy();
    const row = within(screen.getByRole('table')).getAllByRole('row')[1]!;
    expect(within(row).getByText('INV-0001')).toBeTruthy();
    expect(within(row).getByText('Paid')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'View' }).getAttribute('href')).toBe('https://invoice.stripe.test/1');
    expect((screen.getByLabelText('Seats') as HTMLInputElement).value).toBe('12');
    expect((screen.getByRole('button', { name: 'Open the billing portal' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('offers to start a subscription when there is none', async () => {
    renderPanel(true, billing({ plan: null, status: 'INACTIVE', subscriptionStatus: null, isActive: false, baseSeats: null, seats: null, renewsAt: null, invoices: { __typename: 'InvoiceConnection', nodes: [], pageInfo: { __typename: 'PageInfo', hasNextPage: false } } }));
    expect(await screen.findByRole('heading', { name: 'Start your subscription' })).toBeTruthy();
    expect(screen.getByText('No plan yet')).toBeTruthy();
    expect(screen.getByText('No invoices yet.')).toBeTruthy();
  });

  it('says billing is not configured and disables what would fail', async () => {
    renderPanel(false, billing());
    // The loading skeleton has a status of its own: wait for the panel's.
    expect((await screen.findByText(/Billing is not configured\./)).getAttribute('role')).toBe('status');
    expect((screen.getByRole('button', { name: 'Open the billing portal' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText('Seats') as HTMLInputElement).disabled).toBe(true);
  });

  it('shows paid-by-invoice teams without an end date as not expiring', async () => {
    renderPanel(true, billing({ subscriptionStatus: null, seats: null, renewsAt: null, externalInvoiceExpiration: '2500-12-31T00:00:00.000Z' }));
    expect(await screen.findByText('Paid by invoice, no expiry')).toBeTruthy();
  });

  it('tells members who are not managers that billing is for managers', async () => {
    renderPanel(true, null);
    expect((await screen.findByRole('alert')).textContent).toBe('Only the team’s managers can see its billing.');
  });
});
