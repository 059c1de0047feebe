import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddToListMutation, ListSummaryFragment, RemoveFromListMutation, ViewerListsQuery } from '@gql/graphql';
import { FakeGraphQLError, notificationCountsAnswer, postAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const POST_ID = 'UG9zdDoxMjM0';

function list(id: number, name: string, kind: ListSummaryFragment['kind'], counts: Partial<ListSummaryFragment> = {}): ListSummaryFragment {
  const own = kind === 'CUSTOM';
  return {
    __typename: 'List',
    id: `TGlzdDo${id}`,
    databaseId: id,
    name,
    kind,
    peopleCount: 0,
    postsCount: 0,
    viewerCan: { __typename: 'ListViewerCan', rename: own, delete: own, addAndRemove: true },
    ...counts,
  };
}

const FAVORITES = list(1, 'Favorites', 'FAVORITES');
const PROSPECTS = list(2, 'Prospects', 'PROSPECTS', { peopleCount: 1 });
const MOODBOARD = list(3, 'Moodboard', 'CUSTOM', { postsCount: 1 });

function listsAnswer(nodes: ListSummaryFragment[]): ViewerListsQuery {
  return { __typename: 'Query', viewerLists: { __typename: 'ListConnection', totalCount: nodes.length, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes } };
}

function signedIn(answers: FakeAnswers): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), Post: postAnswer(), ...answers };
}

function payload(listId: string, viewerListIds: string[]) {
  const changed = [FAVORITES, PROSPECTS, MOODBOARD].find((entry) => entry.id === listId)!;
  return { __typename: 'AddToListPayload', list: changed, user: null, post: { __typename: 'Post', id: POST_ID, viewerListIds } } as const;
}

describe('Add to list on the post page', () => {
  it('shows the viewer’s lists with checkmarks and adds or takes the post out with one click', async () => {
    const user = userEvent.setup();
    const calls: unknown[] = [];
    renderApp(
      '/posts/1234',
      signedIn({
        ViewerLists: listsAnswer([FAVORITES, PROSPECTS, MOODBOARD]),
        ListMembership: { __typename: 'Query', node: { __typename: 'Post', id: POST_ID, viewerListIds: [MOODBOARD.id] } },
        AddToList: (variables): AddToListMutation => {
          calls.push(['add', variables.input]);
          return { __typename: 'Mutation', addToList: payload(FAVORITES.id, [FAVORITES.id, MOODBOARD.id]) };
        },
        RemoveFromList: (variables): RemoveFromListMutation => {
          calls.push(['remove', variables.input]);
          return { __typename: 'Mutation', removeFromList: { ...payload(MOODBOARD.id, [FAVORITES.id]), __typename: 'RemoveFromListPayload' } };
        },
      }),
    );

    await user.click(await screen.findByRole('button', { name: 'Add to list' }));
    // The menu's code loads on the button's first hover, focus or click (docs/product.md §Performance): one click opens it.
    const menu = await screen.findByRole('group', { name: 'Your lists' });
    const favorites = await within(menu).findByRole('checkbox', { name: 'Favorites' });
    await waitFor(() => expect((within(menu).getByRole('checkbox', { name: 'Moodboard' }) as HTMLInputElement).checked).toBe(true));
    expect((favorites as HTMLInputElement).checked).toBe(false);

    await user.click(favorites);
    await waitFor(() => expect((within(menu).getByRole('checkbox', { name: 'Favorites' }) as HTMLInputElement).checked).toBe(true));
    await user.click(within(menu).getByRole('checkbox', { name: 'Moodboard' }));
    await waitFor(() => expect((within(menu).getByRole('checkbox', { name: 'Moodboard' }) as HTMLInputElement).checked).toBe(false));
    expect(calls).toEqual([
      ['add', { listId: FAVORITES.id, postId: POST_ID }],
      ['remove', { listId: MOODBOARD.id, postId: POST_ID }],
    ]);
    expect(await screen.findByText('Removed from Moodboard')).toBeTruthy();
  });

  it('is not shown to signed-out visitors', async () => {
    renderApp('/posts/1234', { Viewer: viewerAnswer(null), Post: postAnswer() });
    await screen.findByRole('heading', { level: 1, name: /^Post by / });
    expect(screen.queryByRole('button', { name: 'Add to list' })).toBeNull();
  });
});

describe('/lists', () => {
  it('lists Favorites and Prospects first with their sizes, and offers rename and delete only for one’s own', async () => {
    renderApp('/lists', signedIn({ ViewerLists: listsAnswer([FAVORITES, PROSPECTS, MOODBOARD]) }));
    const lists = await screen.findByRole('list', { name: 'Your lists' });
    const rows = within(lists).getAllByRole('listitem');
    expect(rows.map((row) => within(row).getByRole('link').textContent)).toEqual(['Favorites', 'Prospects', 'Moodboard']);
    expect(within(rows[1]!).getByText('1 person · 0 posts')).toBeTruthy();
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[2]!).getByRole('button', { name: 'Rename Moodboard' })).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Delete Moodboard' })).toBeTruthy();
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe('/lists/1');
  });

  it('shows the server’s words when a name is taken', async () => {
    const user = userEvent.setup();
    renderApp(
      '/lists',
      signedIn({
        ViewerLists: listsAnswer([FAVORITES, PROSPECTS]),
        CreateList: () => {
          throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
        },
      }),
    );
    await user.type(await screen.findByRole('textbox', { name: 'New list' }), 'favorites');
    await user.click(screen.getByRole('button', { name: 'Create' }));
    expect((await screen.findByRole('alert')).textContent).toBe('That resource already exists');
  });
});
