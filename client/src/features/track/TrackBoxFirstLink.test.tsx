import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TopSearchQuery } from '@gql/graphql';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { loadedProfileRecognition } from './linkRecognition';

const PEOPLE: TopSearchQuery = {
  __typename: 'Query',
  topSearch: {
    __typename: 'TopSearch',
    people: [{ __typename: 'SearchResultItem', key: 'user:1', kind: 'USER', label: 'Anna Summer', subLabel: '@annasummer', imgUrl: null, tagType: null, pageUrl: '/annasummer' }],
    tags: [],
    jobs: [],
    events: [],
    roles: [],
    locations: [],
    postingAccounts: [],
  },
};

// Its own file, so the profile-link tables have not been loaded by an earlier test (each test file
// gets fresh modules).
describe('search and track box: the link tables load on first use', () => {
  it('a profile link that arrives before the tables is still searched as that account, never looked up as a post', async () => {
    const asked: unknown[] = [];
    const { fake } = renderApp('/explore', { Viewer: viewerAnswer(null), TopSearch: (variables) => (asked.push(variables.text), PEOPLE) });
    const input = await screen.findByRole('searchbox', { name: 'Search or paste a link to track' });
    expect(loadedProfileRecognition()).toBeNull();

    // A value without a focus first (as an autofill or a script would set it): the tables are not here yet.
    fireEvent.change(input, { target: { value: 'https://www.instagram.com/annasummer/' } });
    await screen.findByRole('region', { name: 'People' });
    await waitFor(() => expect(asked).toEqual(['annasummer']));
    expect(loadedProfileRecognition()).not.toBeNull();
    expect(fake.requests).not.toContain('PostByUrl');
  });
});
