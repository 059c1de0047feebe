import { MockedProvider } from '@apollo/client/testing/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { CreateProjectCostDocument, ProjectCostsTabDocument, type CreateProjectCostMutation, type ProjectCostRowFragment, type ProjectCostsTabQuery } from '@gql/graphql';
import { ToastProvider } from '@ui/ToastProvider';
import CostsTab from './CostsTab';

const PROJECT_ID = 'UHJvamVjdDox';
const OWNER = { edit: true, manageCollaborators: true, seeCosts: true };

function cost(id: number, fields: Partial<ProjectCostRowFragment>): ProjectCostRowFragment {
  return {
    __typename: 'ProjectCost',
    id: `UHJvamVjdENvc3Q6${id}`,
    category: 'CREW',
    description: 'Gaffer',
    amount: 45000,
    currency: 'USD',
    quantity: 1,
    lineTotal: 45000,
    vendorName: null,
    paid: false,
    payeeCollaborator: null,
    ...fields,
  };
}

const COSTS = [
  cost(1, { description: 'Gaffer, day rate', quantity: 3, lineTotal: 135000, paid: true, payeeCollaborator: { __typename: 'ProjectCollaborator', id: 'UEM6MQ==', user: { __typename: 'User', id: 'VXNlcjoy', name: 'Ana Ruiz', username: 'ana' } } }),
  cost(2, { category: 'TRAVEL', description: 'Shinkansen', amount: 14720, currency: 'JPY', quantity: 2, lineTotal: 29440, vendorName: 'JR Central' }),
];

const ANSWER: ProjectCostsTabQuery = {
  __typename: 'Query',
  node: {
    __typename: 'Project',
    id: PROJECT_ID,
    costsCsvPath: '/api/projects/abcdefghij/costs.csv',
    collaborators: {
      __typename: 'ProjectCollaboratorConnection',
      nodes: [
        { __typename: 'ProjectCollaborator', id: 'UEM6MQ==', isEmailInvitation: false, user: { __typename: 'User', id: 'VXNlcjoy', name: 'Ana Ruiz', username: 'ana' } },
        { __typename: 'ProjectCollaborator', id: 'UEM6Mg==', isEmailInvitation: true, user: null },
      ],
    },
    costs: { __typename: 'ProjectCostConnection', totalCount: 2, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: COSTS },
    costTotals: {
      __typename: 'ProjectCostTotals',
      budget: { __typename: 'ProjectBudget', amount: 100000, currency: 'USD', actual: 135000, remaining: -35000 },
      currencies: [
        { __typename: 'ProjectCurrencyTotal', currency: 'JPY', total: 29440, paid: 0, unpaid: 29440, categories: [{ __typename: 'ProjectCostCategoryTotal', category: 'TRAVEL', total: 29440 }] },
        { __typename: 'ProjectCurrencyTotal', currency: 'USD', total: 135000, paid: 135000, unpaid: 0, categories: [{ __typename: 'ProjectCostCategoryTotal', category: 'CREW', total: 135000 }] },
      ],
    },
  },
};

const QUERY = { request: { query: ProjectCostsTabDocument, variables: { id: PROJECT_ID, first: 100 } }, result: { data: ANSWER }, maxUsageCount: 5 };

describe('the costs tab', () => {
  it('tells viewers costs are for owners and editors, without asking for them', () => {
    render(
      <MockedProvider mocks={[]}>
        <ToastProvider>
          <CostsTab projectId={PROJECT_ID} publicId="abcdefghij" can={{ edit: false, manageCollaborators: false, seeCosts: false }} />
        </ToastProvider>
      </MockedProvider>,
    );
    expect(screen.getByText('Only the project’s owners and editors see its costs.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('lists the costs, totals each currency apart, sets them against the budget and adds a cost in minor units', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const created: CreateProjectCostMutation = { __typename: 'Mutation', createProjectCost: { __typename: 'CreateProjectCostPayload', cost: cost(3, { description: 'Catering', amount: 1234 }) } };
    render(
      <MockedProvider
        mocks={[
          QUERY,
          {
            request: {
              query: CreateProjectCostDocument,
              variables: (variables: Record<string, unknown>) => {
                sent.push(variables);
                return true;
              },
            },
            result: { data: created },
          },
        ]}
      >
        <ToastProvider>
          <CostsTab projectId={PROJECT_ID} publicId="abcdefghij" can={OWNER} />
        </ToastProvider>
      </MockedProvider>,
    );

    const gaffer = await screen.findByRole('row', { name: /Gaffer, day rate/ });
    const table = screen.getByRole('table', { name: 'Cost lines' });
    expect(within(gaffer).getByText('1350.00 USD')).toBeTruthy();
    expect(within(gaffer).getByText('Ana Ruiz')).toBeTruthy();
    expect((within(gaffer).getByRole('checkbox', { name: 'Paid: Gaffer, day rate' }) as HTMLInputElement).checked).toBe(true);
    expect(within(within(table).getByRole('row', { name: /Shinkansen/ })).getByText('29440 JPY')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/projects/abcdefghij/costs.csv');

    const budget = screen.getByRole('group', { name: 'Budget against actual' });
    expect(within(budget).getByText('1000.00 USD')).toBeTruthy();
    expect(within(budget).getByText('Over budget by')).toBeTruthy();
    expect(within(budget).getByText('350.00 USD')).toBeTruthy();
    expect(within(screen.getByRole('list', { name: 'JPY by category' })).getByText('Travel')).toBeTruthy();
    expect(screen.getByText('(not in the budget’s currency)')).toBeTruthy();

    await user.type(screen.getByLabelText('Description'), 'Catering');
    await user.type(screen.getByLabelText('Unit amount'), '12.34');
    // An invitee by email is offered without their address.
    expect(within(screen.getByLabelText('Paid to')).getByRole('option', { name: 'Invited collaborator' })).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Paid to'), 'Ana Ruiz');
    expect(screen.queryByLabelText('Vendor')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Add cost' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({ input: { projectId: PROJECT_ID, category: 'CREW', description: 'Catering', amount: 1234, currency: 'USD', quantity: 1, payeeCollaboratorId: 'UEM6MQ==', paid: false } });
  });

  it('refuses an amount with more decimals than the currency has, before asking the server', async () => {
    const user = userEvent.setup();
    render(
      <MockedProvider mocks={[QUERY]}>
        <ToastProvider>
          <CostsTab projectId={PROJECT_ID} publicId="abcdefghij" can={OWNER} />
        </ToastProvider>
      </MockedProvider>,
    );
    await screen.findByRole('row', { name: /Shinkansen/ });
    await user.type(screen.getByLabelText('Description'), 'Taxi');
    await user.selectOptions(screen.getByLabelText('Currency'), 'JPY');
    await user.type(screen.getByLabelText('Unit amount'), '12.5');
    await user.click(screen.getByRole('button', { name: 'Add cost' }));
    expect((await screen.findByRole('alert')).textContent).toContain('whole number');
  });
});
