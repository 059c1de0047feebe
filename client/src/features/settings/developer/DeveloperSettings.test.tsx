import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PersonalAccessTokenItemFragment, PersonalAccessTokensQuery } from '@gql/graphql';
import { FakeGraphQLError } from '@test/fakeGraphQL';
import { fakeSession } from '@test/fakeSession';
import { renderApp } from '@test/renderApp';

type Token = PersonalAccessTokenItemFragment;

const CI_TOKEN: Token = {
  __typename: 'PersonalAccessToken',
  id: 'UGVyc29uYWxBY2Nlc3NUb2tlbjox',
  name: 'CI export',
  tokenHint: 'a1b2',
  scope: 'READ_WRITE',
  createdAt: '2026-11-01T10:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-20T10:00:00.000Z',
};

const SECRET = 'byl_pat_0123456789abcdefghijklmnopqrstuvwxyz';

function tokensAnswer(tokens: Token[]): PersonalAccessTokensQuery {
  return { __typename: 'Query', personalAccessTokens: { __typename: 'PersonalAccessTokenConnection', nodes: tokens } };
}

/** A signed-in account whose token list the fake server keeps, as the real one would. */
function accountWith(initial: Token[]) {
  let tokens = initial;
  const calls: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  return {
    calls,
    answers: {
      ...fakeSession({ username: 'maya' }).answers,
      PersonalAccessTokens: () => tokensAnswer(tokens),
      SettingsWebhooks: { __typename: 'Query' as const, webhooks: { __typename: 'WebhookConnection' as const, nodes: [] } },
      CreatePersonalAccessToken: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'create', variables });
        const input = variables.input as { name: string; scope: Token['scope']; expiresInDays: number | null };
        if (!input.name.trim()) throw new FakeGraphQLError('Give the token a name of 1 to 100 characters.');
        const created: Token = { ...CI_TOKEN, id: 'UGVyc29uYWxBY2Nlc3NUb2tlbjoy', name: input.name, scope: input.scope, tokenHint: SECRET.slice(-4), lastUsedAt: null, createdAt: '2026-11-25T10:00:00.000Z' };
        tokens = [created, ...tokens];
        return { __typename: 'Mutation' as const, createPersonalAccessToken: { __typename: 'CreatePersonalAccessTokenPayload' as const, secret: SECRET, personalAccessToken: created } };
      },
      RevokePersonalAccessToken: (variables: Record<string, unknown>) => {
        calls.push({ operation: 'revoke', variables });
        const { id } = variables.input as { id: string };
        tokens = tokens.filter((token) => token.id !== id);
        return { __typename: 'Mutation' as const, revokePersonalAccessToken: { __typename: 'RevokePersonalAccessTokenPayload' as const, revokedPersonalAccessTokenId: id } };
      },
    },
  };
}

describe('/settings, Developer section', () => {
  it('lists tokens with their scope and dates, and links to the API explorer', async () => {
    renderApp('/settings', accountWith([CI_TOKEN]).answers);
    const row = (await screen.findByText('CI export')).closest('tr') as HTMLElement;
    expect(within(row).getByText('…a1b2')).toBeTruthy();
    const cells = within(row).getAllByRole('cell').map((cell) => cell.textContent);
    expect(cells.slice(0, 4)).toEqual(['Read and write', 'Nov 1, 2026', 'Never', 'Nov 20, 2026']);
    expect(screen.getByRole('link', { name: 'API explorer' }).getAttribute('href')).toBe('/developers/explorer');
    expect(screen.getByRole('heading', { name: 'Developer' })).toBeTruthy();
  });

  it('creates a read-only token by default, shows its secret once with a copy button, then lists it', async () => {
    const user = userEvent.setup();
    const account = accountWith([]);
    renderApp('/settings', account.answers);
    expect(await screen.findByText('You have no personal access tokens.')).toBeTruthy();

    await user.type(screen.getByLabelText('Token name'), 'Reporting');
    expect((screen.getByLabelText('Expiration') as HTMLSelectElement).value).toBe('30');
    await user.selectOptions(screen.getByLabelText('Expiration'), '1 year');
    await user.click(screen.getByRole('button', { name: 'Generate token' }));

    const secretField = (await screen.findByLabelText('New personal access token')) as HTMLInputElement;
    expect(secretField.value).toBe(SECRET);
    expect(screen.getByText(/won’t be able to see it again/)).toBeTruthy();
    expect(account.calls).toEqual([{ operation: 'create', variables: { input: { name: 'Reporting', scope: 'READ_ONLY', expiresInDays: 365 } } }]);

    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(await navigator.clipboard.readText()).toBe(SECRET);
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy();

    const row = (await screen.findByText('Reporting')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Read-only')).toBeTruthy();
    expect(within(row).getByText('Never used')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByLabelText('New personal access token')).toBeNull();
    expect(document.body.textContent).not.toContain(SECRET);
  });

  it('creates a read-write token that never expires, and shows a refusal', async () => {
    const user = userEvent.setup();
    const account = accountWith([]);
    renderApp('/settings', account.answers);
    await user.type(await screen.findByLabelText('Token name'), ' ');
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the token a name of 1 to 100 characters.');

    await user.type(screen.getByLabelText('Token name'), 'Deploy bot');
    await user.selectOptions(screen.getByLabelText('Expiration'), 'No expiration');
    expect(screen.getByText(/prefer an expiration date/)).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Read and write/ }));
    await user.click(screen.getByRole('button', { name: 'Generate token' }));
    await screen.findByLabelText('New personal access token');
    expect(account.calls.at(-1)).toEqual({ operation: 'create', variables: { input: { name: ' Deploy bot', scope: 'READ_WRITE', expiresInDays: null } } });
  });

  it('revokes a token after the confirm dialog, and keeps it when cancelled', async () => {
    const user = userEvent.setup();
    const account = accountWith([CI_TOKEN]);
    renderApp('/settings', account.answers);

    await user.click(await screen.findByRole('button', { name: 'Revoke CI export' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Anything using “CI export” stops working at once');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(account.calls).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Revoke CI export' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('You have no personal access tokens.')).toBeTruthy();
    await waitFor(() => expect(account.calls).toEqual([{ operation: 'revoke', variables: { input: { id: CI_TOKEN.id } } }]));
  });
});
