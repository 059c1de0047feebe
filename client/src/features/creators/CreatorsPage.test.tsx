import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CreatorResultFragment, CreatorSearchQuery, ListSummaryFragment, ViewerListsQuery } from '@gql/graphql';
import { FakeGraphQLError, notificationCountsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

function creator(id: number): CreatorResultFragment {
  return {
    __typename: 'CreatorSearchResult',
    user: { __typename: 'User', id: `user-${id}`, databaseId: id, username: `maker${id}`, name: `Maker ${id}`, avatarUrl: null, availability: { __typename: 'Availability', openToWork: id === 1, availableFrom: null, roles: id === 1 ? [{ __typename: 'CreditRole', id: 'role-2', name: 'Photographer', emoji: '📷' }] : [] } },
    roles: [{ __typename: 'HeldCreditRole', posts: 3, role: { __typename: 'CreditRole', id: 'role-2', name: 'Photographer', emoji: '📷' } }],
    location: 'Lisbon, Portugal',
    followers: 12_300,
    creditedPosts: 4,
    views: 56_000,
    distanceKm: 2.4,
    topCollaborators: [{ __typename: 'Collaborator', sharedPostCount: 2, user: { __typename: 'User', id: 'user-99', username: 'ana', name: 'Ana Lima', avatarUrl: null } }],
  };
}

function page(ids: number[], hasNextPage = false): CreatorSearchQuery {
  return { __typename: 'Query', creatorSearch: { __typename: 'CreatorSearchResultConnection', nodes: ids.map(creator), pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: hasNextPage ? 'next' : null } } };
}

const MOODBOARD: ListSummaryFragment = {
  __typename: 'List',
  id: 'TGlzdDo3',
  databaseId: 7,
  name: 'Moodboard',
  kind: 'CUSTOM',
  peopleCount: 1,
  postsCount: 0,
  viewerCan: { __typename: 'ListViewerCan', rename: true, delete: true, addAndRemove: true },
};
const LISTS: ViewerListsQuery = { __typename: 'Query', viewerLists: { __typename: 'ListConnection', totalCount: 1, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [MOODBOARD] } };

function answers(asked: Array<Record<string, unknown>>, extra: FakeAnswers = {}): FakeAnswers {
  return {
    Viewer: viewerAnswer({ username: 'buyer' }),
    NotificationCounts: notificationCountsAnswer(0),
    ViewerLists: LISTS,
    CreatorSearch: (variables) => (asked.push(variables), variables.after ? page([3]) : page([1, 2], true)),
    ...extra,
  };
}

describe('creators page', () => {
  it('reads every filter from the URL, shows them as chips, and removing one changes the URL (back returns it)', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { router } = renderApp('/creators?role=Photographer~2&geo=Lisbon~eycs&list=7~Moodboard&network=instagram&minFollowers=1000&creditedWithin=30&open=1&q=ana', answers(asked));
    const results = await screen.findByRole('list', { name: 'Creators' });
    expect(within(results).getByText('Maker 1')).toBeTruthy();
    expect(within(results).getAllByText(/12\.3k followers/)).toHaveLength(2);
    expect(within(results).getAllByText('Ana Lima')).toHaveLength(2);
    expect(asked[0]).toMatchObject({
      filter: {
        roleIds: [btoa('CreditRole:2')],
        geohash: 'eycs',
        listId: btoa('List:7'),
        networkIds: [btoa('Network:2')],
        minFollowers: 1000,
        maxFollowers: null,
        creditedWithinDays: 30,
        text: 'ana',
        openToWork: true,
      },
    });
    expect(within(results).getByText('Open to work')).toBeTruthy();
    // Every filter a chip, what is on showing its value; the words stay in the search box.
    const chips = within(screen.getByRole('list', { name: 'Filters' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['📷 Photographer', 'Near Lisbon', 'In Moodboard', 'Instagram', '1k+ followers', 'Credited in the last 30 days', 'Open to work']);
    expect((screen.getByRole('searchbox', { name: 'Describe who you are looking for' }) as HTMLInputElement).value).toBe('ana');

    await userEvent.setup().click(chips.getByRole('button', { name: 'Remove filter Near Lisbon' }));
    await waitFor(() => expect(router.location.search).toBe('?role=Photographer%7E2&list=7%7EMoodboard&network=instagram&minFollowers=1000&creditedWithin=30&open=1&q=ana'));
    await router.navigate(-1);
    await waitFor(() => expect(router.location.search).toContain('geo=Lisbon'));
  });

  it('turns typed text into filters through the search criteria, and filters picked on the page go to the URL', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { router } = renderApp(
      '/creators',
      answers(asked, {
        CreatorSearchCriteria: { __typename: 'Query', creatorSearchCriteria: { __typename: 'SearchCriteria', queryString: 'role=Photographer%7E2&geo=Lisbon%7Eeycs&q=weddings' } },
      }),
    );
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Creators' });
    await user.type(screen.getByRole('searchbox', { name: 'Describe who you are looking for' }), 'photographers in lisbon weddings');
    await user.click(within(screen.getByRole('search', { name: 'Search creators' })).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.location.search).toBe('?role=Photographer%7E2&geo=Lisbon%7Eeycs&q=weddings'));
    expect((screen.getByRole('searchbox', { name: 'Describe who you are looking for' }) as HTMLInputElement).value).toBe('weddings');

    const chips = within(screen.getByRole('list', { name: 'Filters' }));
    await user.click(chips.getByRole('button', { name: 'Network' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Network' })).getByRole('checkbox', { name: 'TikTok' }));
    await waitFor(() => expect(router.location.search).toContain('network=tiktok'));
    await user.keyboard('{Escape}');
    await user.click(chips.getByRole('button', { name: 'Place: Near Lisbon' }));
    const place = within(screen.getByRole('dialog', { name: 'Place' })).getByRole('combobox', { name: 'Place' });
    await user.type(place, 'Port');
    await screen.findByRole('option', { name: 'Porto, Portugal' });
    // Escape closes the suggestions first, then the popover.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Place' })).toBeTruthy();
    await user.type(place, 'o');
    await user.click(await screen.findByRole('option', { name: 'Porto, Portugal' }));
    await waitFor(() => expect(router.location.search).toContain('geo=Porto%7Eez3f'));
    expect(router.location.search).not.toContain('Lisbon');
    expect(screen.queryByRole('dialog')).toBeNull();

    // Followers typed, then applied; a backwards range is refused where it is typed.
    await user.click(chips.getByRole('button', { name: 'Followers' }));
    const followers = within(screen.getByRole('dialog', { name: 'Followers' }));
    await user.type(followers.getByRole('spinbutton', { name: 'At least' }), '5000');
    await user.type(followers.getByRole('spinbutton', { name: 'At most' }), '200');
    expect((followers.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    await user.type(followers.getByRole('spinbutton', { name: 'At most' }), '00');
    await user.click(followers.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(new URLSearchParams(router.location.search).get('maxFollowers')).toBe('20000'));
    expect(new URLSearchParams(router.location.search).get('minFollowers')).toBe('5000');
    expect(chips.getByRole('button', { name: 'Followers: 5k–20k followers' })).toBeTruthy();

    await user.click(chips.getByRole('button', { name: 'List' }));
    await user.selectOptions(await within(screen.getByRole('dialog', { name: 'List' })).findByRole('combobox', { name: 'List' }), 'Moodboard');
    await waitFor(() => expect(new URLSearchParams(router.location.search).get('list')).toBe('7~Moodboard'));
    await user.click(chips.getByRole('button', { name: 'Role: 📷 Photographer' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Role' })).getByRole('checkbox', { name: '✂️ Editor' }));
    await waitFor(() => expect(new URLSearchParams(router.location.search).getAll('role')).toEqual(['Photographer~2', 'Editor~3']));

    // Clear all keeps the words.
    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.location.search).toBe('?q=weddings'));

    await user.click(screen.getByRole('button', { name: 'More creators' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Creators' })).getAllByText(/^Maker \d$/)).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'More creators' })).toBeNull();
  });

  it('says "Error fetching creator search criteria" when the text cannot be read, and shows the server’s words for a bad place', async () => {
    const asked: Array<Record<string, unknown>> = [];
    renderApp(
      '/creators?geo=Atlantis~aaaa',
      answers(asked, {
        CreatorSearchCriteria: () => {
          throw new TypeError('Failed to fetch');
        },
        CreatorSearch: () => {
          throw new FakeGraphQLError('A geohash is 1 to 9 characters from 0123456789bcdefghjkmnpqrstuvwxyz');
        },
      }),
    );
    expect((await screen.findByText('A geohash is 1 to 9 characters from 0123456789bcdefghjkmnpqrstuvwxyz')).getAttribute('role')).toBe('alert');
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Describe who you are looking for' }), 'editors');
    await user.click(within(screen.getByRole('search', { name: 'Search creators' })).getByRole('button', { name: 'Search' }));
    expect((await screen.findByText('Error fetching creator search criteria')).getAttribute('role')).toBe('alert');
  });
});
