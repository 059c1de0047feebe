import { ApolloProvider } from '@apollo/client/react';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@router';
import { describe, expect, it } from 'vitest';
import { SEARCH_DEBOUNCE_MS } from '@domain/search';
import type { TopSearchItemFragment, TopSearchQuery } from '@gql/graphql';
import { createFakeGraphQL, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { TrackBox } from './TrackBox';

function item(fields: Partial<TopSearchItemFragment> & Pick<TopSearchItemFragment, 'key' | 'label' | 'pageUrl'>): TopSearchItemFragment {
  return { __typename: 'SearchResultItem', kind: 'USER', imgUrl: null, subLabel: null, tagType: null, ...fields };
}

function results(groups: Partial<Omit<TopSearchQuery['topSearch'], '__typename'>> = {}): TopSearchQuery {
  return { __typename: 'Query', topSearch: { __typename: 'TopSearch', people: [], tags: [], events: [], roles: [], jobs: [], locations: [], postingAccounts: [], ...groups } };
}

const LONG_BIO = 'x'.repeat(250);
const MATCHES = results({
  people: [item({ key: 'user:1', label: 'Anna Summer', subLabel: '@annasummer', pageUrl: '/annasummer' })],
  events: [item({ key: 'tag:2', kind: 'TAG_VALUE', label: 'Anna Fest', subLabel: '3 posts', tagType: 'EVENT', pageUrl: '/explore?events=Anna%20Fest~2' })],
  locations: [item({ key: 'tag:3', kind: 'TAG_VALUE', label: 'Annapolis', subLabel: LONG_BIO, tagType: 'LOCATION', pageUrl: '/explore?locations=Annapolis~3' })],
  tags: [item({ key: 'tag:4', kind: 'TAG_VALUE', label: 'annatag', tagType: 'TAG', pageUrl: '/explore?tags=annatag~4' })],
  jobs: [item({ key: 'job:5', kind: 'JOB', label: 'Anna’s video editor', subLabel: 'Acme Studio', pageUrl: '/jobs/j8Kx2mQp4z~acme-studio-anna-s-video-editor' })],
});

const signedOut = (answers: FakeAnswers): FakeAnswers => ({ Viewer: viewerAnswer(null), ...answers });
const signedIn = (paid: boolean, answers: FakeAnswers): FakeAnswers => ({
  Viewer: viewerAnswer({ username: 'janedoe', viewerCan: { __typename: 'ViewerPermissions', seeAdmin: false, seeProPages: paid, hasPaidAccess: paid } }),
  NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } },
  ...answers,
});

async function typeInBox(text: string) {
  const user = userEvent.setup();
  const input = await screen.findByRole('searchbox', { name: 'Search or paste a link to track' });
  // Pasted in one input event rather than typed key by key: the box reacts to its value the same
  // way, and a busy machine does not spend seconds replaying every keystroke's render.
  await user.click(input);
  await user.paste(text);
  return { user, input: input as HTMLInputElement };
}

describe('search and track box: text', () => {
  it('shows the three shortcut entries from 3 characters, not before', async () => {
    renderApp('/explore', signedOut({ TopSearch: results() }));
    const { user } = await typeInBox('an');
    expect(screen.queryByRole('list', { name: 'Search shortcuts' })).toBeNull();
    await user.keyboard('n');
    // The result list loads on the box's first input (TrackBox's lazy TrackBoxResults): wait for it.
    const shortcuts = within(await screen.findByRole('list', { name: 'Search shortcuts' }));
    expect(shortcuts.getByRole('link', { name: 'Search creators for “ann”' }).getAttribute('href')).toBe('/creators?q=ann');
    expect(shortcuts.getByRole('link', { name: 'Search posts for “ann”' }).getAttribute('href')).toBe('/explore?q=ann');
    expect(shortcuts.getByRole('button', { name: /Search images for “ann”/ })).toBeTruthy();
  });

  it('opens the creator search with the filters the server read from the text', async () => {
    const asked: unknown[] = [];
    const { router } = renderApp('/explore', signedOut({
      TopSearch: results(),
      CreatorSearchCriteria: (variables) => (asked.push(variables.text), { __typename: 'Query', creatorSearchCriteria: { __typename: 'SearchCriteria', queryString: 'role=Photographer%7E2&geo=Lisbon%7Eeyck' } }),
    }));
    const { user } = await typeInBox('photographers in lisbon');
    await user.click(await screen.findByRole('link', { name: 'Search creators for “photographers in lisbon”' }));
    await waitFor(() => expect(router.location.pathname + router.location.search).toBe('/creators?role=Photographer%7E2&geo=Lisbon%7Eeyck'));
    expect(asked).toEqual(['photographers in lisbon']);
  });

  it.each([
    ['creators', 'CreatorSearchCriteria', 'Error fetching creator search criteria'],
    ['posts', 'PostSearchCriteria', 'Error fetching post search criteria'],
  ] as const)('says so when the %s criteria cannot be fetched', async (what, operation, message) => {
    const { router } = renderApp('/explore', signedOut({
      TopSearch: results(),
      [operation]: () => {
        throw new Error('offline');
      },
    }));
    const { user } = await typeInBox('sunset');
    const before = router.location.pathname;
    await user.click(await screen.findByRole('link', { name: `Search ${what} for “sunset”` }));
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(router.location.pathname).toBe(before);
  });

  it('groups the results with headings, special icons for events and locations, subtitles cut at 200 characters', async () => {
    renderApp('/explore', signedOut({ TopSearch: MATCHES }));
    await typeInBox('anna');
    const people = await screen.findByRole('region', { name: 'People' });
    expect(within(people).getByRole('link', { name: /Anna Summer/ }).getAttribute('href')).toBe('/annasummer');
    const events = screen.getByRole('region', { name: 'Events' });
    expect(within(events).getByTestId('tag-icon-1')).toBeTruthy();
    const locations = screen.getByRole('region', { name: 'Locations' });
    expect(within(locations).getByTestId('tag-icon-44')).toBeTruthy();
    expect(within(locations).getByText(/^x+…?$/).textContent!.length).toBeLessThanOrEqual(200);
    expect(within(screen.getByRole('region', { name: 'Tags' })).queryByTestId(/tag-icon/)).toBeNull();
    expect(screen.queryByRole('region', { name: 'Roles' })).toBeNull();
    // docs/product.md §Jobs: open jobs are a group of their own and lead to the job's page.
    expect(within(screen.getByRole('region', { name: 'Jobs' })).getByRole('link', { name: /Anna’s video editor/ }).getAttribute('href')).toBe('/jobs/j8Kx2mQp4z~acme-studio-anna-s-video-editor');
  });

  it('moves through entries with the arrows, opens one with Enter and closes with Escape', async () => {
    const { router } = renderApp('/explore', signedOut({ TopSearch: MATCHES }));
    const { user, input } = await typeInBox('anna');
    await screen.findByRole('region', { name: 'People' });
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Search creators for “anna”');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(document.activeElement?.textContent).toContain('Anna Summer');
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(input);
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(router.location.pathname).toBe('/annasummer'));

    await router.navigate('/explore');
    await user.type(input, 'anna');
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('track-results')).toBeNull();
  });

  it('does not search a lone # or @', async () => {
    const { fake } = renderApp('/explore', signedOut({ TopSearch: MATCHES }));
    const { user } = await typeInBox('#');
    expect(await screen.findByText('No results found. Paste a url to import or search for a creator, tag, role, job, or location.')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox'));
    await user.type(screen.getByRole('searchbox'), '@');
    // Longer than the debounce: a search would have been asked by now.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(fake.requests).not.toContain('TopSearch');
  });

  it('searches a pasted profile link as that account', async () => {
    const asked: unknown[] = [];
    const { fake } = renderApp('/explore', signedOut({ TopSearch: (variables) => (asked.push(variables.text), MATCHES) }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('searchbox', { name: 'Search or paste a link to track' }));
    await user.paste('https://www.instagram.com/annasummer/');
    await screen.findByRole('region', { name: 'People' });
    expect(asked).toEqual(['annasummer']);
    expect(fake.requests).not.toContain('PostByUrl');
  });

  it('offers the image content search to PRO members, and the upgrade prompt to others', async () => {
    const view = renderApp('/explore', signedIn(false, { TopSearch: results() }));
    const { user } = await typeInBox('sunset');
    await user.click(await screen.findByRole('button', { name: /Search images for “sunset”/ }));
    const dialog = within(await screen.findByTestId('image-search-upgrade'));
    expect(dialog.getByText('Upgrade to PRO to search for social media posts by image content.')).toBeTruthy();
    view.unmount();

    renderApp('/explore', signedIn(true, { TopSearch: results() }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Your profile' })).toBeTruthy());
    await typeInBox('sunset');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Search images for “sunset”' }).getAttribute('href')).toBe('/explore?imageSearch=sunset'));
  });

  it('in track-only mode answers plain text with "Please enter a valid url" and does not search', async () => {
    const fake = createFakeGraphQL({ TopSearch: MATCHES });
    render(
      <ApolloProvider client={fake.client}>
        <MemoryRouter>
          <TrackBox signedIn={false} trackOnly />
        </MemoryRouter>
      </ApolloProvider>,
    );
    await typeInBox('anna');
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid url');
    // Longer than the debounce: a search would have been asked by now.
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(fake.requests).not.toContain('TopSearch');
  });
});
