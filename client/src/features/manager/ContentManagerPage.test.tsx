import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ManagerPostsQuery, ManagerRowFragment } from '@gql/graphql';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { linksIn, pastedLinks } from './managerFiles';

function row(fields: Partial<ManagerRowFragment>): ManagerRowFragment {
  return {
    __typename: 'ManagerPost',
    url: 'https://www.tiktok.com/@maya/video/1',
    networkDatabaseId: 5,
    accountHandle: 'maya',
    accountName: 'Maya',
    thumbnailUrl: null,
    postedAt: '2026-11-20T10:00:00Z',
    importStatus: 'IMPORTED',
    importError: null,
    isDeleted: false,
    views: 1_500,
    likes: 20,
    comments: 3,
    lastRefreshedAt: '2026-11-24T10:00:00Z',
    creditCount: 2,
    trackedAt: '2026-11-21T10:00:00Z',
    post: { __typename: 'Post', id: 'UG9zdDox', databaseId: 1 },
    ...fields,
  };
}

function page(rows: ManagerRowFragment[]): ManagerPostsQuery {
  return {
    __typename: 'Query',
    managerPosts: {
      __typename: 'ManagerPostConnection',
      edges: rows.map((node, index) => ({ __typename: 'ManagerPostEdge', cursor: `c${index}`, node })),
      pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
    },
  };
}

describe('Content Manager', () => {
  it('shows the rows, failed links with their reason, and asks the server again to sort and filter', async () => {
    const asked: Array<Record<string, unknown>> = [];
    renderApp('/manager', {
      Viewer: viewerAnswer({}),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0 } },
      ManagerPosts: (variables) => {
        asked.push(variables);
        return page([row({}), row({ url: 'https://www.youtube.com/watch?v=missing0001', networkDatabaseId: 4, accountHandle: null, importStatus: 'FAILED', importError: 'Could not find or create post with url', views: null, post: null })]);
      },
    });
    const table = await screen.findByTestId('manager-table');
    const rows = within(table).getAllByTestId('manager-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: '@maya' }).getAttribute('href')).toBe('/posts/1');
    expect(rows[0]!.textContent).toContain('1.5k');
    expect(rows[1]!.textContent).toContain('Failed: Could not find or create post with url');
    expect(asked[0]).toMatchObject({ first: 50, sort: { field: 'TRACKED_AT', direction: 'DESC' } });

    fireEvent.click(within(table).getByRole('button', { name: 'Views' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: { field: 'VIEWS', direction: 'DESC' } }));
    fireEvent.change(within(screen.getByRole('group', { name: 'Filter' })).getByLabelText('Account'), { target: { value: 'maya' } });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ filter: { account: 'maya' }, sort: { field: 'VIEWS', direction: 'DESC' } }));

    // Selecting a row offers the actions.
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    const actions = await screen.findByTestId('manager-actions');
    expect(within(actions).getByText('1 row selected')).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Refresh now' })).toBeTruthy();
  });
});

describe('links from a paste or a CSV', () => {
  it('reads every link of a CSV, whatever its columns, and one pasted link per line', () => {
    expect(linksIn('name,link\n"Clip","https://www.tiktok.com/@a/video/1"\nother;https://youtu.be/abcdefghijk;x\n')).toEqual(['https://www.tiktok.com/@a/video/1', 'https://youtu.be/abcdefghijk']);
    expect(pastedLinks(' https://a.example/1 \n\n not a link\r\nhttps://b.example/2')).toEqual(['https://a.example/1', 'not a link', 'https://b.example/2']);
  });
});
