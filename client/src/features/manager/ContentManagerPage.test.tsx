import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AddCreditMutation, AddToListMutation, BulkImportPostsMutation, BulkImportQuery, ManagerPostsQuery, ManagerRowFragment, ViewerListsQuery } from '@gql/graphql';
import { FakeGraphQLError, creditAnswer, viewerAnswer } from '@test/fakeGraphQL';
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
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
      ManagerPosts: (variables) => {
        asked.push(variables);
        return page([row({}), row({ url: 'https://www.youtube.com/watch?v=missing0001', networkDatabaseId: 4, accountHandle: null, importStatus: 'FAILED', importError: 'Could not find or create post with url', views: null, post: null })]);
      },
    });
    const table = await screen.findByTestId('manager-table');
    // The table stands from the start, skeleton rows first: wait for the real ones.
    const rows = await within(table).findAllByTestId('manager-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: '@maya' }).getAttribute('href')).toBe('/posts/1');
    expect(rows[0]!.textContent).toContain('1.5k');
    expect(rows[1]!.textContent).toContain('Failed: Could not find or create post with url');
    expect(asked[0]).toMatchObject({ first: 50, sort: { field: 'TRACKED_AT', direction: 'DESC' } });

    fireEvent.click(within(table).getByRole('button', { name: 'Views' }));
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ sort: { field: 'VIEWS', direction: 'DESC' } }));
    const filters = within(screen.getByRole('group', { name: 'Filter' }));
    fireEvent.change(filters.getByRole('searchbox', { name: 'Account' }), { target: { value: 'maya' } });
    await waitFor(() => expect(asked.at(-1)).toMatchObject({ filter: { account: 'maya' }, sort: { field: 'VIEWS', direction: 'DESC' } }));
    // Every column narrows the table, each filter a chip: dates as whole UTC days ("until" included), numbers as minimums.
    const chips = within(filters.getByRole('list', { name: 'Filters' }));
    const user = userEvent.setup();
    const inPopover = async (chip: string) => {
      await user.click(chips.getByRole('button', { name: chip }));
      return within(screen.getByRole('dialog', { name: chip }));
    };
    let popover = await inPopover('Posted');
    fireEvent.change(popover.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(popover.getByLabelText('To'), { target: { value: '2026-11-20' } });
    popover = await inPopover('Minimum likes');
    await user.type(popover.getByRole('spinbutton', { name: 'At least likes' }), '1000');
    popover = await inPopover('Minimum comments');
    await user.type(popover.getByRole('spinbutton', { name: 'At least comments' }), '5');
    popover = await inPopover('Last refreshed');
    fireEvent.change(popover.getByLabelText('Not refreshed since'), { target: { value: '2026-11-24' } });
    popover = await inPopover('Credits');
    await user.selectOptions(popover.getByRole('combobox', { name: 'Credits' }), 'Credited');
    await waitFor(() =>
      expect(asked.at(-1)?.filter).toEqual({
        account: 'maya',
        postedFrom: '2026-11-01T00:00:00.000Z',
        postedBefore: '2026-11-21T00:00:00.000Z',
        minLikes: 1000,
        minComments: 5,
        refreshedBefore: '2026-11-24T00:00:00.000Z',
        credited: true,
      }),
    );
    expect(chips.getAllByRole('listitem').map((chip) => chip.textContent)).toEqual([
      'Network',
      'Import status',
      'Posted Nov 1, 2026 – Nov 20, 2026',
      'Minimum views',
      '1k+ likes',
      '5+ comments',
      'Not refreshed since Nov 24, 2026',
      'Credited',
    ]);
    // Removing one widens the table again; Clear all keeps the account searched.
    await user.click(chips.getByRole('button', { name: 'Remove filter 1k+ likes' }));
    await waitFor(() => expect(asked.at(-1)?.filter).not.toHaveProperty('minLikes'));
    await user.click(filters.getByRole('button', { name: 'Clear all' }));
    expect(chips.queryByRole('button', { name: /^Remove filter/ })).toBeNull();
    expect((filters.getByRole('searchbox', { name: 'Account' }) as HTMLInputElement).value).toBe('maya');

    // Selecting a row offers the actions.
    fireEvent.click(within(rows[0]!).getByRole('checkbox'));
    const actions = await screen.findByTestId('manager-actions');
    expect(within(actions).getByText('1 row selected')).toBeTruthy();
    expect(within(actions).getByRole('button', { name: 'Refresh now' })).toBeTruthy();
  });
});

describe('acting on selected rows', () => {
  const EDITOR = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToz', name: 'Editor', emoji: '✂️' } as const;
  const MOODBOARD = {
    __typename: 'List',
    id: 'TGlzdDoz',
    databaseId: 3,
    name: 'Moodboard',
    kind: 'CUSTOM',
    peopleCount: 0,
    postsCount: 0,
    viewerCan: { __typename: 'ListViewerCan', rename: true, delete: true, addAndRemove: true },
  } as const;
  const lists: ViewerListsQuery = {
    __typename: 'Query',
    viewerLists: { __typename: 'ListConnection', totalCount: 1, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [MOODBOARD] },
  };
  const first = row({});
  const second = row({ url: 'https://www.tiktok.com/@maya/video/2', post: { __typename: 'Post', id: 'UG9zdDoy', databaseId: 2 } });
  const failed = row({ url: 'https://www.youtube.com/watch?v=missing0001', networkDatabaseId: 4, accountHandle: null, importStatus: 'FAILED', importError: 'Invalid url', post: null });

  it('credits the viewer on each selected post, adds them to a list, refreshes them and removes them from the viewer’s posts, saying what happened', async () => {
    const user = userEvent.setup();
    const calls: Array<[string, unknown]> = [];
    renderApp('/manager', {
      Viewer: viewerAnswer({ id: 'VXNlcjox' }),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
      ManagerPosts: page([first, second, failed]),
      AddCreditOptions: { __typename: 'Query', creditRoles: [EDITOR], networks: [] },
      ViewerLists: lists,
      AddCredit: (variables): AddCreditMutation => {
        const input = variables.input as { postId: string };
        calls.push(['credit', input]);
        if (input.postId === 'UG9zdDoy') throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
        return { __typename: 'Mutation', addCredit: { __typename: 'AddCreditPayload', claimUrl: null, credit: creditAnswer('Q3JlZGl0Ojc=', { role: EDITOR }) } };
      },
      AddToList: (variables): AddToListMutation => {
        const input = variables.input as { postId: string };
        calls.push(['list', input]);
        return { __typename: 'Mutation', addToList: { __typename: 'AddToListPayload', list: MOODBOARD, user: null, post: { __typename: 'Post', id: input.postId, viewerListIds: [MOODBOARD.id] } } };
      },
      RefreshPostStats: (variables) => {
        calls.push(['refresh', variables.input]);
        return { __typename: 'Mutation', refreshPostStats: { __typename: 'RefreshPostStatsPayload', queuedCount: 1, alreadyFreshCount: 1, overLimitCount: 0 } };
      },
      RemoveFromMyPosts: (variables) => {
        calls.push(['remove', variables.input]);
        return { __typename: 'Mutation', removeFromMyPosts: { __typename: 'RemoveFromMyPostsPayload', removedCount: 2, keptCount: 1 } };
      },
    });
    const rows = await screen.findAllByTestId('manager-row');
    for (const selected of rows) await user.click(within(selected).getByRole('checkbox'));
    const actions = await screen.findByTestId('manager-actions');
    expect(within(actions).getByText('3 rows selected')).toBeTruthy();
    const status = () => within(actions).findByRole('status');

    // Nothing to credit until a role is chosen.
    const credit = within(actions).getByRole('button', { name: 'Credit' });
    expect((credit as HTMLButtonElement).disabled).toBe(true);
    await user.selectOptions(await within(actions).findByLabelText('Credit me as'), within(actions).getByRole('option', { name: '✂️ Editor' }));
    await waitFor(() => expect((credit as HTMLButtonElement).disabled).toBe(false));
    await user.click(credit);
    await waitFor(async () => expect((await status()).textContent).toBe('Credited you on 1 post; 1 already had that credit or cannot be credited.'));

    await user.selectOptions(within(actions).getByLabelText('List'), within(actions).getByRole('option', { name: 'Moodboard' }));
    await user.click(within(actions).getByRole('button', { name: 'Add to list' }));
    await waitFor(async () => expect((await status()).textContent).toBe('Added 2 posts to the list.'));

    await user.click(within(actions).getByRole('button', { name: 'Refresh now' }));
    await waitFor(async () => expect((await status()).textContent).toBe('Refreshing 1 post (1 refreshed within the hour already).'));

    await user.click(within(actions).getByRole('button', { name: 'Remove from my posts' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Remove from my posts?' })).getByRole('button', { name: 'Remove' }));
    // The selection is cleared; what the removal did is still said.
    await waitFor(() => expect(screen.queryByTestId('manager-actions')).toBeNull());
    expect(screen.getByRole('status').textContent).toBe('Removed 2 posts from your posts; 1 stay because you are credited on them or posted them.');

    // One call per post for credits and lists (the failed link has no post); its address goes with the removal.
    expect(calls).toEqual([
      ['credit', { postId: 'UG9zdDox', roleId: EDITOR.id, person: { userId: 'VXNlcjox' } }],
      ['credit', { postId: 'UG9zdDoy', roleId: EDITOR.id, person: { userId: 'VXNlcjox' } }],
      ['list', { listId: MOODBOARD.id, postId: 'UG9zdDox' }],
      ['list', { listId: MOODBOARD.id, postId: 'UG9zdDoy' }],
      ['refresh', { postIds: ['UG9zdDox', 'UG9zdDoy'] }],
      ['remove', { postIds: ['UG9zdDox', 'UG9zdDoy'], urls: [failed.url] }],
    ]);
  });
});

describe('crediting someone on selected posts', () => {
  it('credits a person found by name in each chosen role on every selected post, counting what was refused', async () => {
    const user = userEvent.setup();
    const DIRECTOR = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZTox', name: 'Director', emoji: '🎬' } as const;
    const EDITOR = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToz', name: 'Editor', emoji: '✂️' } as const;
    const SAM = { __typename: 'User', id: 'VXNlcjoy', name: 'Sam Lee', username: 'samlee', avatarUrl: null } as const;
    const calls: unknown[] = [];
    renderApp('/manager', {
      Viewer: viewerAnswer({ id: 'VXNlcjox' }),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
      ManagerPosts: page([row({}), row({ url: 'https://www.tiktok.com/@maya/video/2', post: { __typename: 'Post', id: 'UG9zdDoy', databaseId: 2 } })]),
      AddCreditOptions: { __typename: 'Query', creditRoles: [DIRECTOR, EDITOR], networks: [] },
      ViewerLists: { __typename: 'Query', viewerLists: { __typename: 'ListConnection', totalCount: 0, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [] } },
      CreditCandidates: { __typename: 'Query', creditCandidates: { __typename: 'UserConnection', nodes: [SAM] } },
      AddCredit: (variables): AddCreditMutation => {
        const input = variables.input as { postId: string; roleId: string };
        calls.push(input);
        if (input.postId === 'UG9zdDoy' && input.roleId === DIRECTOR.id) throw new FakeGraphQLError('That resource already exists', 'CONFLICT');
        return { __typename: 'Mutation', addCredit: { __typename: 'AddCreditPayload', claimUrl: null, credit: creditAnswer('Q3JlZGl0Ojg=', { role: EDITOR }) } };
      },
    });
    for (const selected of await screen.findAllByTestId('manager-row')) await user.click(within(selected).getByRole('checkbox'));
    await user.click(within(await screen.findByTestId('manager-actions')).getByRole('button', { name: 'Credit someone…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit someone on 2 posts' }));
    const credit = dialog.getByRole('button', { name: 'Credit' });
    expect((credit as HTMLButtonElement).disabled).toBe(true);
    await user.type(dialog.getByLabelText('Name or username'), 'Sam');
    await user.click(await dialog.findByRole('radio', { name: /Sam Lee/ }));
    await user.click(await dialog.findByRole('checkbox', { name: /Director/ }));
    await user.click(dialog.getByRole('checkbox', { name: /Editor/ }));
    await user.click(credit);

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit someone on 2 posts' })).toBeNull());
    expect(within(screen.getByTestId('manager-actions')).getByRole('status').textContent).toBe('Credited Sam Lee 3 times on 2 posts; 1 already given or not yours to give.');
    const person = { userId: SAM.id };
    expect(calls).toEqual([
      { postId: 'UG9zdDox', roleId: DIRECTOR.id, person },
      { postId: 'UG9zdDox', roleId: EDITOR.id, person },
      { postId: 'UG9zdDoy', roleId: DIRECTOR.id, person },
      { postId: 'UG9zdDoy', roleId: EDITOR.id, person },
    ]);
  });
});

describe('crediting someone not on Byline by handle on selected posts', () => {
  it('shows the claim link of each credit before closing, since they are the only way the person hears of it', async () => {
    const user = userEvent.setup();
    const EDITOR = { __typename: 'CreditRole', id: 'Q3JlZGl0Um9sZToz', name: 'Editor', emoji: '✂️' } as const;
    const TIKTOK = { __typename: 'Network', id: 'TmV0d29yazo1', name: 'tiktok', title: 'TikTok' } as const;
    const handles: unknown[] = [];
    renderApp('/manager', {
      Viewer: viewerAnswer({ id: 'VXNlcjox' }),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
      ManagerPosts: page([row({}), row({ url: 'https://www.tiktok.com/@maya/video/2', post: { __typename: 'Post', id: 'UG9zdDoy', databaseId: 2 } })]),
      AddCreditOptions: { __typename: 'Query', creditRoles: [EDITOR], networks: [TIKTOK] },
      ViewerLists: { __typename: 'Query', viewerLists: { __typename: 'ListConnection', totalCount: 0, pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null }, nodes: [] } },
      AddCredit: (variables): AddCreditMutation => {
        const input = variables.input as { postId: string; person: unknown };
        handles.push(input.person);
        return { __typename: 'Mutation', addCredit: { __typename: 'AddCreditPayload', claimUrl: `https://byline.test/credits/claim/${input.postId}`, credit: creditAnswer(`c-${input.postId}`, { role: EDITOR, user: null }) } };
      },
    });
    for (const selected of await screen.findAllByTestId('manager-row')) await user.click(within(selected).getByRole('checkbox'));
    await user.click(within(await screen.findByTestId('manager-actions')).getByRole('button', { name: 'Credit someone…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Credit someone on 2 posts' }));
    await user.click(dialog.getByRole('button', { name: 'Not on Byline yet?' }));
    await user.click(dialog.getByRole('radio', { name: /handle/i }));
    await user.selectOptions(dialog.getByLabelText('Network'), 'TikTok');
    await user.type(dialog.getByLabelText('Handle or profile link'), 'sam.cuts');
    await user.click(dialog.getByRole('checkbox', { name: /Editor/ }));
    await user.click(dialog.getByRole('button', { name: 'Credit' }));

    const links = (await dialog.findByLabelText(/these links so they can claim each credit/)) as HTMLTextAreaElement;
    expect(links.value).toBe('https://byline.test/credits/claim/UG9zdDox\nhttps://byline.test/credits/claim/UG9zdDoy');
    expect(handles).toEqual([
      { socialAccount: { networkId: TIKTOK.id, handle: 'sam.cuts' } },
      { socialAccount: { networkId: TIKTOK.id, handle: 'sam.cuts' } },
    ]);
    await user.click(dialog.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Credit someone on 2 posts' })).toBeNull());
    expect(within(screen.getByTestId('manager-actions')).getByRole('status').textContent).toBe('Credited sam.cuts on TikTok 2 times on 2 posts.');
  });
});

describe('bulk import from a CSV file', () => {
  it('reads the uploaded file’s links, imports them with the pasted ones, and lists what did not import in the import-warning words', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    renderApp('/manager', {
      Viewer: viewerAnswer({}),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
      ManagerPosts: page([]),
      BulkImportPosts: (variables): BulkImportPostsMutation => {
        const urls = (variables.input as { urls: string[] }).urls;
        sent.push(urls);
        return {
          __typename: 'Mutation',
          bulkImportPosts: {
            __typename: 'BulkImportPostsPayload',
            bulkImport: {
              __typename: 'BulkImport',
              id: 'QnVsa0ltcG9ydDox',
              total: 3,
              finished: 3,
              done: true,
              counts: { __typename: 'BulkImportCounts', queued: 0, existing: 1, imported: 1, failed: 0, duplicate: 0, invalid: 1 },
              items: [
                { __typename: 'BulkImportItem', position: 0, url: urls[0]!, outcome: 'IMPORTED', message: null, postDatabaseId: 7 },
                { __typename: 'BulkImportItem', position: 1, url: urls[1]!, outcome: 'EXISTING', message: null, postDatabaseId: 8 },
                { __typename: 'BulkImportItem', position: 2, url: urls[2]!, outcome: 'INVALID', message: 'Platform not supported', postDatabaseId: null },
              ],
            },
          },
        };
      },
    });
    await screen.findByText('No posts here yet. Track a link, or add several at once with Bulk import.');
    // The form waits behind a button, in a dialog, so the table has the first screen.
    expect(screen.queryByLabelText('Links, one per line')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Bulk import' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk import' }));
    await user.type(dialog.getByLabelText('Links, one per line'), 'https://www.tiktok.com/@maya/video/7301234567890123456');
    const csv = 'name,link\n"Clip","https://www.youtube.com/watch?v=abcdefghijk"\nOther,https://example.com/not-a-network\n';
    await user.upload(dialog.getByLabelText('Or upload a CSV of links'), new File([csv], 'clips.csv', { type: 'text/csv' }));
    expect(await dialog.findByText('2 links in clips.csv')).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Import 3 links' }));

    expect(sent).toEqual([['https://www.tiktok.com/@maya/video/7301234567890123456', 'https://www.youtube.com/watch?v=abcdefghijk', 'https://example.com/not-a-network']]);
    const bar = await dialog.findByRole('progressbar', { name: 'Import progress' });
    expect([bar.getAttribute('max'), bar.getAttribute('value')]).toEqual(['3', '3']);
    expect(dialog.getByTestId('bulk-import-counts').textContent).toBe('3 of 3 done: 1 imported, 1 already on Byline, 0 in the queue, 0 failed, 1 not importable, 0 repeated');
    // The list of problems loads with the first import that has some (docs/product.md §Performance).
    expect((await dialog.findByTestId('bulk-import-problems')).textContent).toContain('https://example.com/not-a-network: Platform not supported');
    // The form is ready for the next batch.
    expect((dialog.getByLabelText('Links, one per line') as HTMLTextAreaElement).value).toBe('');
    expect(dialog.queryByText('2 links in clips.csv')).toBeNull();
  });
});

describe('closing the bulk import dialog while an import runs', () => {
  function progress(finished: number): NonNullable<BulkImportQuery['bulkImport']> {
    return {
      __typename: 'BulkImport',
      id: 'QnVsa0ltcG9ydDoy',
      total: 2,
      finished,
      done: finished === 2,
      counts: { __typename: 'BulkImportCounts', queued: 2 - finished, existing: 0, imported: finished, failed: 0, duplicate: 0, invalid: 0 },
      items: [],
    };
  }

  it('keeps the import going, shows how far it got on the page, and opens the dialog again from there', async () => {
    const user = userEvent.setup();
    let tablesAsked = 0;
    renderApp('/manager', {
      Viewer: viewerAnswer({}),
      NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
      ManagerPosts: () => {
        tablesAsked++;
        return page([row({})]);
      },
      BulkImportPosts: (): BulkImportPostsMutation => ({ __typename: 'Mutation', bulkImportPosts: { __typename: 'BulkImportPostsPayload', bulkImport: progress(0) } }),
      // Asked for while the fake server has no live progress to send: the import is done by then.
      BulkImport: (): BulkImportQuery => ({ __typename: 'Query', bulkImport: progress(2) }),
    });
    await screen.findAllByTestId('manager-row');
    await user.click(screen.getByRole('button', { name: 'Bulk import' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bulk import' }));
    await user.type(dialog.getByLabelText('Links, one per line'), 'https://www.tiktok.com/@maya/video/1\nhttps://www.tiktok.com/@maya/video/2');
    await user.click(dialog.getByRole('button', { name: 'Import 2 links' }));
    expect((await dialog.findByTestId('bulk-import-counts')).textContent).toContain('0 of 2 done');
    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bulk import' })).toBeNull());

    // The page keeps following it, and says when it ends.
    expect(screen.getByTestId('bulk-import-chip').textContent).toBe('Bulk import: 0 of 2 done');
    await waitFor(() => expect(screen.getByTestId('bulk-import-chip').textContent).toBe('Bulk import done: 2 of 2'), { timeout: 10_000 });
    expect(screen.getByRole('status').textContent).toBe('Bulk import done: 2 of 2');
    await waitFor(() => expect(tablesAsked).toBe(2));

    await user.click(screen.getByTestId('bulk-import-chip'));
    const reopened = within(await screen.findByRole('dialog', { name: 'Bulk import' }));
    expect(reopened.getByTestId('bulk-import-counts').textContent).toBe('2 of 2 done: 2 imported, 0 already on Byline, 0 in the queue, 0 failed, 0 not importable, 0 repeated');
    expect(screen.queryByTestId('bulk-import-chip')).toBeNull();
  });
});

describe('links from a paste or a CSV', () => {
  it('reads every link of a CSV, whatever its columns, and one pasted link per line', () => {
    expect(linksIn('name,link\n"Clip","https://www.tiktok.com/@a/video/1"\nother;https://youtu.be/abcdefghijk;x\n')).toEqual(['https://www.tiktok.com/@a/video/1', 'https://youtu.be/abcdefghijk']);
    expect(pastedLinks(' https://a.example/1 \n\n not a link\r\nhttps://b.example/2')).toEqual(['https://a.example/1', 'not a link', 'https://b.example/2']);
  });
});
