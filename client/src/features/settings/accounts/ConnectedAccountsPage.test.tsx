import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ANALYTICS_CALL_TIMEOUT_MS } from '@domain/constants';
import type {
  ConnectableNetworksQuery,
  ConnectedSocialAccountItemFragment,
  ConnectSocialAccountMutation,
  DisconnectSocialAccountMutation,
  StatsSeriesQuery,
  VerifySocialAccountMutation,
  ViewerSocialAccountsQuery,
} from '@gql/graphql';
import { FakeGraphQLError, type FakeAnswers } from '@test/fakeGraphQL';
import { fakeSession } from '@test/fakeSession';
import { renderApp } from '@test/renderApp';

type Connected = ConnectedSocialAccountItemFragment;

const NETWORKS: ConnectableNetworksQuery = {
  __typename: 'Query',
  networks: [
    { __typename: 'Network', id: 'TmV0d29yazox', name: 'twitter', title: 'Twitter', usesAtHandle: false, profileBaseUrl: 'https://x.com/' },
    { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok', usesAtHandle: true, profileBaseUrl: 'https://www.tiktok.com/' },
    { __typename: 'Network', id: 'TmV0d29yazo3', name: 'website', title: 'Personal website', usesAtHandle: false, profileBaseUrl: null },
  ],
};

function pending(handle: string, code = 'byline-7KQ2'): Connected {
  return {
    __typename: 'ConnectedSocialAccount',
    isVerified: false,
    verifiedAt: null,
    verificationCode: code,
    codeExpiresAt: new Date(Date.now() + 86_400_000).toISOString(),
    account: {
      __typename: 'SocialAccount',
      id: `U29jaWFsQWNjb3VudDo${handle.length}`,
      handle,
      profileUrl: `https://www.tiktok.com/@${handle}`,
      followerCount: null,
      network: { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok', usesAtHandle: true },
    },
  };
}

/** A signed-in person whose connected accounts the fake server keeps, as the real one would. */
function personWith(initial: Connected[], options: { bioHasCode?: boolean } = {}) {
  let accounts = initial;
  const calls: Array<{ operation: string; variables: Record<string, unknown> }> = [];
  const extra = {
    ConnectableNetworks: NETWORKS,
    ViewerSocialAccounts: (): ViewerSocialAccountsQuery => ({ __typename: 'Query', viewerSocialAccounts: accounts }),
    ConnectSocialAccount: (variables: Record<string, unknown>): ConnectSocialAccountMutation => {
      calls.push({ operation: 'connect', variables });
      const { handleOrUrl } = variables.input as { handleOrUrl: string };
      if (handleOrUrl.includes('missing')) throw new FakeGraphQLError('Could not find a channel for that username');
      const connected = pending(handleOrUrl.replace(/^@/, ''));
      accounts = [...accounts.filter((existing) => existing.account.handle !== connected.account.handle), connected];
      return { __typename: 'Mutation', connectSocialAccount: { __typename: 'ConnectSocialAccountPayload', connectedAccount: connected } };
    },
    VerifySocialAccount: (variables: Record<string, unknown>): VerifySocialAccountMutation => {
      calls.push({ operation: 'verify', variables });
      if (!options.bioHasCode) throw new FakeGraphQLError("We could not find byline-7KQ2 in the account's bio.", 'UNPROCESSABLE');
      const [first] = accounts;
      const verified: Connected = { ...first!, isVerified: true, verifiedAt: '2026-11-25T10:00:00.000Z', verificationCode: null, codeExpiresAt: null, account: { ...first!.account, followerCount: 12_345 } };
      accounts = [verified];
      return { __typename: 'Mutation', verifySocialAccount: { __typename: 'VerifySocialAccountPayload', claimedCreditCount: 2, connectedAccount: verified } };
    },
    DisconnectSocialAccount: (variables: Record<string, unknown>): DisconnectSocialAccountMutation => {
      calls.push({ operation: 'disconnect', variables });
      const { socialAccountId } = variables.input as { socialAccountId: string };
      accounts = accounts.filter((connected) => connected.account.id !== socialAccountId);
      return { __typename: 'Mutation', disconnectSocialAccount: { __typename: 'DisconnectSocialAccountPayload', disconnectedSocialAccountId: socialAccountId } };
    },
  };
  const answers: FakeAnswers = { ...fakeSession({ username: 'maya' }).answers, ...extra };
  return { calls, answers };
}

describe('/settings/accounts', () => {
  it('connects an account by handle and shows the code to put in its bio', async () => {
    const user = userEvent.setup();
    const person = personWith([]);
    renderApp('/settings/accounts', person.answers);
    expect(await screen.findByText(/No accounts connected yet/)).toBeTruthy();
    const select = screen.getByLabelText('Network');
    await waitFor(() => expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Twitter', 'TikTok']));

    await user.selectOptions(select, 'TikTok');
    expect(screen.getByLabelText('Username or profile link').getAttribute('placeholder')).toBe('@yourname or https://www.tiktok.com/@yourname');
    await user.type(screen.getByLabelText('Username or profile link'), '@maya.makes');
    await user.click(screen.getByRole('button', { name: 'Connect' }));

    expect((await screen.findByTestId('verification-code')).textContent).toBe('byline-7KQ2');
    expect(screen.getByRole('link', { name: '@maya.makes' }).getAttribute('href')).toBe('https://www.tiktok.com/@maya.makes');
    expect(person.calls).toEqual([{ operation: 'connect', variables: { input: { networkId: 'TmV0d29yazo1', handleOrUrl: '@maya.makes' } } }]);
  });

  it('shows the server’s words when the account does not exist', async () => {
    const user = userEvent.setup();
    renderApp('/settings/accounts', personWith([]).answers);
    await user.type(await screen.findByLabelText('Username or profile link'), 'missing.maker');
    await user.click(screen.getByRole('button', { name: 'Connect' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Could not find a channel for that username');
  });

  it('says when the code is not in the bio yet', async () => {
    const user = userEvent.setup();
    renderApp('/settings/accounts', personWith([pending('maya.makes')]).answers);
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    expect((await screen.findByRole('alert')).textContent).toContain('We could not find byline-7KQ2');
    expect(screen.getByTestId('connected-account').getAttribute('data-verified')).toBe('false');
  });

  it('shows the account verified with its followers and claimed credits once the code is in the bio', async () => {
    const user = userEvent.setup();
    renderApp('/settings/accounts', personWith([pending('maya.makes')], { bioHasCode: true }).answers);
    await user.click(await screen.findByRole('button', { name: 'Check now' }));
    await waitFor(() => expect(screen.getByTestId('connected-account').getAttribute('data-verified')).toBe('true'));
    const item = screen.getByTestId('connected-account');
    expect(item.textContent).toContain('Verified');
    expect(item.textContent).toContain('12.3k followers');
    expect(item.textContent).toContain('2 credits waiting for your answer');
    expect(screen.queryByTestId('verification-code')).toBeNull();
  });

  it('charts a verified account’s numbers over time, asking for that account’s series', async () => {
    const user = userEvent.setup();
    const subjects: unknown[] = [];
    const { answers } = personWith([{ ...pending('maya.makes'), isVerified: true, verifiedAt: '2026-11-25T10:00:00.000Z', verificationCode: null, codeExpiresAt: null }]);
    const statsSeries = (variables: Record<string, unknown>): StatsSeriesQuery => {
      subjects.push((variables.input as { subject: unknown }).subject);
      return {
        __typename: 'Query',
        statsSeries: {
          __typename: 'StatsSeries',
          metric: 'VIEWS',
          interval: 'DAY',
          from: '2026-11-23T00:00:00.000Z',
          to: '2026-11-24T23:59:59.999Z',
          total: 2_400_000,
          change: 400_000,
          source: 'TikTok',
          readAt: '2026-11-24T12:00:00.000Z',
          points: [
            { __typename: 'StatsPoint', start: '2026-11-23T00:00:00.000Z', value: 2_000_000 },
            { __typename: 'StatsPoint', start: '2026-11-24T00:00:00.000Z', value: 2_400_000 },
          ],
        },
      };
    };
    const { fake } = renderApp('/settings/accounts', { ...answers, StatsSeries: statsSeries } as FakeAnswers);
    const numbers = await screen.findByRole('button', { name: 'Numbers of @maya.makes' });
    expect(screen.queryByTestId('stats-chart')).toBeNull();
    await user.click(numbers);
    const chart = within(await screen.findByRole('region', { name: '@maya.makes: numbers over time' }));
    expect((await chart.findByTestId('stats-total')).textContent).toBe('2.4m views · +400k in this range');
    expect(chart.getByTestId('stats-points').querySelectorAll('tbody tr')).toHaveLength(2);
    expect(subjects).toEqual([{ socialAccountId: pending('maya.makes').account.id }]);
    expect(numbers.getAttribute('aria-expanded')).toBe('true');
    // docs/product.md §Constants: analytics calls may take 60 s.
    expect(fake.callTimeouts.get('StatsSeries')).toBe(ANALYTICS_CALL_TIMEOUT_MS);
    expect(ANALYTICS_CALL_TIMEOUT_MS).toBe(60_000);
  });

  it('offers no numbers for an account not verified yet', async () => {
    renderApp('/settings/accounts', personWith([pending('maya.makes')]).answers);
    await screen.findByTestId('verification-code');
    expect(screen.queryByRole('button', { name: /^Numbers/ })).toBeNull();
  });

  it('offers a new code once the old one has expired', async () => {
    const user = userEvent.setup();
    const expired = { ...pending('maya.makes'), codeExpiresAt: '2026-01-01T00:00:00.000Z' };
    const person = personWith([expired]);
    renderApp('/settings/accounts', person.answers);
    expect((await screen.findByTestId('connected-account')).textContent).toContain('Your code has expired.');
    expect(screen.queryByRole('button', { name: 'Check now' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Get a new code' }));
    await waitFor(() => expect(person.calls).toEqual([{ operation: 'connect', variables: { input: { networkId: 'TmV0d29yazo1', handleOrUrl: 'maya.makes' } } }]));
  });

  it('disconnects after confirming', async () => {
    const user = userEvent.setup();
    const person = personWith([pending('maya.makes')]);
    renderApp('/settings/accounts', person.answers);
    await user.click(await screen.findByRole('button', { name: 'Disconnect @maya.makes' }));
    await user.click(within(await screen.findByTestId('confirm-dialog')).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText(/No accounts connected yet/)).toBeTruthy();
    expect(person.calls.map((call) => call.operation)).toEqual(['disconnect']);
  });
});
