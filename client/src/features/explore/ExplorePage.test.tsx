import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddToListMutation, ExplorePostFragment, ExplorePostsQuery, ListSummaryFragment } from '@gql/graphql';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

function post(id: number): ExplorePostFragment {
  return {
    __typename: 'Post',
    id: `post-${id}`,
    databaseId: id,
    caption: `Caption ${id}`,
    thumbnailUrl: `/media/posts/${id}/320.jpg`,
    stats: { __typename: 'PostStats', views: 12_300, likes: 450 },
    network: { __typename: 'Network', id: 'net-2', title: 'Instagram' },
    account: { __typename: 'SocialAccount', id: 'acct-1', handle: 'janedoe', displayName: 'Jane Doe' },
    credits: { __typename: 'CreditConnection', nodes: [{ __typename: 'Credit', id: `credit-${id}`, user: { __typename: 'User', id: 'user-1', name: 'Ana Lima', username: 'ana' }, role: { __typename: 'CreditRole', id: 'role-2', name: 'Photographer' } }] },
  };
}

function page(ids: number[], hasNextPage = false): ExplorePostsQuery {
  return { __typename: 'Query', explorePosts: { __typename: 'PostConnection', nodes: ids.map(post), pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: hasNextPage ? 'next' : null } } };
}

const answers = (asked: Array<Record<string, unknown>>) => ({
  Viewer: viewerAnswer({ username: 'janedoe' }),
  NotificationCounts: { __typename: 'Query' as const, notificationCounts: { __typename: 'NotificationCounts' as const, new: 0, unreadConversations: 0 } },
  ExplorePosts: (variables: Record<string, unknown>) => (asked.push(variables), variables.after ? page([3]) : page([1, 2], true)),
});

describe('explore page', () => {
  it('reads every filter from the URL, shows them as chips, and removing one changes the URL (back returns it)', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { router } = renderApp('/explore?tags=sunset~5&events=Fest~6&users=Ana~7&networks=instagram&creditedStatus=credited&sort=newest&q=golden', answers(asked));
    const posts = await screen.findByRole('list', { name: 'Posts' });
    expect(within(posts).getAllByRole('listitem')).toHaveLength(2);
    expect(within(posts).getAllByText('Ana Lima')).toHaveLength(2);
    expect(asked[0]).toMatchObject({
      sort: 'NEWEST',
      filter: { tagDatabaseIds: [5, 6], userIds: [btoa('User:7')], networkIds: [btoa('Network:2')], creditedStatus: 'CREDITED', text: 'golden' },
    });
    // Every filter a chip, what is on showing its value; the words stay in the search box.
    const chips = within(screen.getByRole('list', { name: 'Filters' }));
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual(['Instagram', 'Credited', 'sunset', 'Fest', 'Ana']);
    expect(chips.getByRole('button', { name: 'Tag: sunset' })).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Words in the caption or account' }) as HTMLInputElement).value).toBe('golden');
    expect((screen.getByRole('combobox', { name: 'Sort' }) as HTMLSelectElement).value).toBe('newest');

    await userEvent.setup().click(chips.getByRole('button', { name: 'Remove filter sunset' }));
    await waitFor(() => expect(router.location.search).toBe('?events=Fest%7E6&users=Ana%7E7&networks=instagram&creditedStatus=credited&sort=newest&q=golden'));
    await router.navigate(-1);
    await waitFor(() => expect(router.location.search).toContain('tags=sunset'));
  });

  it('picks networks and credit status from the chips’ popovers, and Clear all keeps the words, order and view', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { router } = renderApp('/explore?q=golden&postView=list&tags=sunset~5', answers(asked));
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Posts' });
    const chips = within(screen.getByRole('list', { name: 'Filters' }));

    await user.click(chips.getByRole('button', { name: 'Network' }));
    const networks = within(screen.getByRole('dialog', { name: 'Network' }));
    await user.click(networks.getByRole('checkbox', { name: 'TikTok' }));
    await waitFor(() => expect(new URLSearchParams(router.location.search).getAll('networks')).toEqual(['tiktok']));
    await user.click(networks.getByRole('checkbox', { name: 'Instagram' }));
    await waitFor(() => expect(new URLSearchParams(router.location.search).getAll('networks')).toEqual(['instagram', 'tiktok']));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ filter: { networkIds: [btoa('Network:2'), btoa('Network:5')] } }));
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(chips.getByRole('button', { name: 'Network: Instagram, TikTok' }));

    await user.click(chips.getByRole('button', { name: 'Credits' }));
    await user.selectOptions(within(screen.getByRole('dialog', { name: 'Credits' })).getByRole('combobox', { name: 'Credits' }), 'Not credited');
    await waitFor(() => expect(new URLSearchParams(router.location.search).get('creditedStatus')).toBe('uncredited'));
    // A pick closes the popover, focus back on the chip.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(chips.getByRole('button', { name: 'Credits: Not credited' }));

    await user.click(screen.getByRole('button', { name: 'Clear all' }));
    await waitFor(() => expect(router.location.search).toBe('?q=golden&postView=list'));
    expect(screen.queryByRole('button', { name: 'Clear all' })).toBeNull();
  });

  it('switches between grid and list in the URL and loads the next page', async () => {
    const asked: Array<Record<string, unknown>> = [];
    const { router } = renderApp('/explore', answers(asked));
    const user = userEvent.setup();
    await screen.findByRole('list', { name: 'Posts' });
    await user.click(within(screen.getByRole('radiogroup', { name: 'View' })).getByRole('radio', { name: 'List' }));
    await waitFor(() => expect(router.location.search).toBe('?postView=list'));
    expect(screen.getByRole('list', { name: 'Posts' }).className).toContain('explore-results--list');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort' }), 'Newest');
    await waitFor(() => expect(router.location.search).toBe('?postView=list&sort=newest'));
    await user.click(screen.getByRole('button', { name: 'More posts' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Posts' })).getAllByRole('listitem')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'More posts' })).toBeNull();
  });

  it('adds a post from the results to one of the viewer’s lists', async () => {
    const added: unknown[] = [];
    const favorites: ListSummaryFragment = {
      __typename: 'List',
      id: 'TGlzdDox',
      databaseId: 1,
      name: 'Favorites',
      kind: 'FAVORITES',
      peopleCount: 0,
      postsCount: 0,
      viewerCan: { __typename: 'ListViewerCan', rename: false, delete: false, addAndRemove: true },
    };
    renderApp('/explore', {
      ...answers([]),
      ViewerLists: { __typename: 'Query', viewerLists: { __typename: 'ListConnection', totalCount: 1, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [favorites] } },
      ListMembership: { __typename: 'Query', node: { __typename: 'Post', id: 'post-2', viewerListIds: [] } },
      AddToList: (variables): AddToListMutation => {
        added.push(variables.input);
        return { __typename: 'Mutation', addToList: { __typename: 'AddToListPayload', list: { ...favorites, postsCount: 1 }, user: null, post: { __typename: 'Post', id: 'post-2', viewerListIds: [favorites.id] } } };
      },
    });
    const user = userEvent.setup();
    const cards = within(await screen.findByRole('list', { name: 'Posts' })).getAllByRole('listitem');
    expect(cards.map((card) => within(card).queryByRole('button', { name: 'Add to list' }) !== null)).toEqual([true, true]);
    await user.click(within(cards[1]!).getByRole('button', { name: 'Add to list' }));
    await user.click(await within(await within(cards[1]!).findByRole('group', { name: 'Your lists' })).findByRole('checkbox', { name: 'Favorites' }));
    await waitFor(() => expect(added).toEqual([{ listId: favorites.id, postId: 'post-2' }]));
  });
});
