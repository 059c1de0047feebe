import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { NetworksQuery } from '@gql/graphql';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const networks: NetworksQuery = {
  __typename: 'Query',
  networks: [
    { __typename: 'Network', id: 'TmV0d29yazox', name: 'twitter', title: 'Twitter' },
    { __typename: 'Network', id: 'TmV0d29yazoy', name: 'instagram', title: 'Instagram' },
    { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' },
  ],
};

describe('home page', () => {
  it('says what Byline does and lists the networks the server supports', async () => {
    renderApp('/', { Viewer: viewerAnswer(null), Networks: networks });
    expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByText(/imports it, keeps its numbers fresh, and credits the people who made it/)).toBeTruthy();

    const list = await screen.findByTestId('network-list');
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Twitter',
      'Instagram',
      'TikTok',
    ]);
    expect(document.title).toBe('Home | Byline');
  });

  it('says so when the networks cannot be loaded', async () => {
    renderApp('/', {
      Viewer: viewerAnswer(null),
      Networks: () => {
        throw new Error('down');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
    expect(screen.queryByTestId('network-list')).toBeNull();
  });
});
