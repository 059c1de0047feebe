import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PostByUrlQuery, TopSearchQuery, TrackedPostFragment, TrackPostMutation } from '@gql/graphql';
import { FakeGraphQLError, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';

const INSTAGRAM_LINK = 'https://www.instagram.com/p/CxYz123AbC/';

function trackedPost(overrides: Partial<TrackedPostFragment> = {}): TrackedPostFragment {
  return {
    __typename: 'Post',
    id: 'UG9zdDo0Mg==',
    databaseId: 42,
    url: INSTAGRAM_LINK,
    caption: 'Summer campaign shoot',
    thumbnailUrl: '/media/posts/42/80.jpg',
    isDeleted: false,
    network: { __typename: 'Network', id: 'TmV0d29yazoy', name: 'instagram', title: 'Instagram' },
    account: { __typename: 'SocialAccount', id: 'U29jaWFsQWNjb3VudDo3', handle: 'janedoe', displayName: 'Jane Doe' },
    ...overrides,
  };
}

function found(post: TrackedPostFragment | null): PostByUrlQuery {
  return { __typename: 'Query', postByUrl: post };
}

function tracked(outcome: 'EXISTING' | 'IMPORTED' | 'QUEUED', url: string, post: TrackedPostFragment | null): TrackPostMutation {
  return { __typename: 'Mutation', trackPost: { __typename: 'TrackPostPayload', outcome, url, post } };
}

/** A promise the test settles when it wants the fake server to answer. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function noMatches(): TopSearchQuery {
  return { __typename: 'Query', topSearch: { __typename: 'TopSearch', people: [], tags: [], events: [], roles: [], jobs: [], locations: [], postingAccounts: [] } };
}

const signedIn = (answers: FakeAnswers): FakeAnswers => ({ Viewer: viewerAnswer({ username: 'janedoe' }), NotificationCounts: { __typename: 'Query', notificationCounts: { __typename: 'NotificationCounts', new: 0, unreadConversations: 0 } }, ...answers });
const signedOut = (answers: FakeAnswers): FakeAnswers => ({ Viewer: viewerAnswer(null), ...answers });

async function pasteLink(url: string, { waitForViewer = true } = {}) {
  const user = userEvent.setup();
  if (waitForViewer) await waitFor(() => expect(screen.queryByText('Sign In') ?? screen.queryByRole('link', { name: 'Your profile' })).toBeTruthy());
  const input = screen.getByRole('searchbox', { name: 'Search or paste a link to track' }) as HTMLInputElement;
  await user.click(input);
  await user.paste(url);
  return { user, input };
}

describe('search and track box: links', () => {
  it('looks a pasted link up and shows the post found as a result', async () => {
    const asked: unknown[] = [];
    const { fake } = renderApp(
      '/about',
      signedOut({
        PostByUrl: (variables) => {
          asked.push(variables);
          return found(trackedPost({ caption: 'x'.repeat(250) }));
        },
      }),
    );
    await pasteLink(INSTAGRAM_LINK);

    const result = await screen.findByTestId('track-post-result');
    expect(within(screen.getByTestId('track-results')).getByTestId('track-post-result')).toBe(result);
    expect(result.getAttribute('href')).toBe('/posts/42');
    expect(result.textContent).toContain('Jane Doe');
    expect(result.textContent).toContain('@janedoe · Instagram');
    // docs/product.md §Search: the caption subtitle is cut at 200 characters.
    expect(result.querySelector('.post-result__caption')?.textContent).toBe(`${'x'.repeat(199)}…`);
    const thumbnail = result.querySelector('img');
    expect(thumbnail?.getAttribute('src')).toBe('/media/posts/42/80.jpg');
    expect(thumbnail?.getAttribute('width')).toBe('80');

    expect(asked).toEqual([{ url: INSTAGRAM_LINK }]);
    expect(fake.requests).not.toContain('TrackPost');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('signed in, tracks a link that is not found: input disabled reading "Tracking link, sit tight!", then the post', async () => {
    const answer = deferred<TrackPostMutation>();
    renderApp('/explore', signedIn({ PostByUrl: found(null), TrackPost: () => answer.promise }));
    const { input } = await pasteLink(INSTAGRAM_LINK);

    await waitFor(() => expect(input.disabled).toBe(true));
    expect(input.value).toBe('Tracking link, sit tight!');

    answer.resolve(tracked('IMPORTED', INSTAGRAM_LINK, trackedPost()));
    const result = await screen.findByTestId('track-post-result');
    expect(result.getAttribute('href')).toBe('/posts/42');
    expect(input.disabled).toBe(false);
    expect(input.value).toBe(INSTAGRAM_LINK);
    expect(screen.queryByTestId('import-warning')).toBeNull();
  });

  it('offers "Credit people" under a found post when signed in: the post page with its add-credit dialog', async () => {
    renderApp('/explore', signedIn({ PostByUrl: found(null), TrackPost: tracked('IMPORTED', INSTAGRAM_LINK, trackedPost()) }));
    await pasteLink(INSTAGRAM_LINK);
    const results = within(await screen.findByTestId('track-results'));
    expect((await results.findByRole('link', { name: 'Credit people' })).getAttribute('href')).toBe('/posts/42#add-credit');
  });

  it('has no "Credit people" link for signed-out visitors', async () => {
    renderApp('/about', signedOut({ PostByUrl: found(trackedPost()) }));
    await pasteLink(INSTAGRAM_LINK);
    await screen.findByTestId('track-post-result');
    expect(screen.queryByRole('link', { name: 'Credit people' })).toBeNull();
  });

  it('shows an already tracked post (EXISTING) as a result too', async () => {
    renderApp('/explore', signedIn({ PostByUrl: found(null), TrackPost: tracked('EXISTING', INSTAGRAM_LINK, trackedPost({ id: 'UG9zdDo5', databaseId: 9 })) }));
    await pasteLink(INSTAGRAM_LINK);
    expect((await screen.findByTestId('track-post-result')).getAttribute('href')).toBe('/posts/9');
  });

  it('on failure keeps the message and url, shows the deleted-post warning, and clears the input', async () => {
    const message = 'Failed to scrape post with url: the post was deleted';
    renderApp(
      '/explore',
      signedIn({
        PostByUrl: found(null),
        TrackPost: () => {
          throw new FakeGraphQLError(message, 'UNPROCESSABLE');
        },
      }),
    );
    const { input } = await pasteLink(INSTAGRAM_LINK);

    const panel = await screen.findByTestId('import-warning');
    expect(panel.getAttribute('role')).toBe('alert');
    expect(panel.getAttribute('data-warning-kind')).toBe('deleted');
    expect(panel.textContent).toContain('This post was deleted');
    expect(within(panel).getByTestId('import-warning-message').textContent).toBe(message);
    expect(within(panel).getByTestId('import-warning-url').textContent).toBe(INSTAGRAM_LINK);
    expect(input.value).toBe('');
    expect(input.disabled).toBe(false);
    // Empty input: the result list is closed, the warning stays.
    expect(screen.queryByTestId('track-results')).toBeNull();
  });

  it('shows the Platform not supported panel when the server says so', async () => {
    const link = 'https://example.com/posts/1';
    const { fake } = renderApp(
      '/explore',
      signedIn({
        PostByUrl: () => {
          throw new FakeGraphQLError('Platform not supported', 'UNPROCESSABLE');
        },
      }),
    );
    const { input } = await pasteLink(link);

    const panel = await screen.findByTestId('import-warning');
    expect(panel.getAttribute('data-warning-kind')).toBe('platformNotSupported');
    expect(within(panel).getByText('Platform not supported', { selector: '.import-warning__title' })).toBeTruthy();
    expect(within(panel).getByTestId('import-warning-url').textContent).toBe(link);
    expect(input.value).toBe('');
    expect(fake.requests).not.toContain('TrackPost');
  });

  it('says a queued link is in the import queue, with the X notice for an X link', async () => {
    const link = 'https://x.com/janedoe/status/1790000000000000000';
    renderApp('/explore', signedIn({ PostByUrl: found(null), TrackPost: tracked('QUEUED', link, null) }));
    const { input } = await pasteLink(link);

    const panel = await screen.findByTestId('import-warning');
    expect(panel.getAttribute('data-warning-kind')).toBe('queued');
    expect(panel.textContent).toContain('import queue');
    expect(panel.querySelector('[data-notice-kind="xImportIssues"]')).toBeTruthy();
    expect(within(panel).getByTestId('import-warning-url').textContent).toBe(link);
    expect(within(panel).queryByTestId('import-warning-message')).toBeNull();
    expect(input.value).toBe('');
  });

  it('closes the warning with its Dismiss button', async () => {
    const link = 'https://www.tiktok.com/@jane/video/7300000000000000000';
    renderApp('/explore', signedIn({ PostByUrl: found(null), TrackPost: tracked('QUEUED', link, null) }));
    const { user } = await pasteLink(link);
    const panel = await screen.findByTestId('import-warning');
    await user.click(within(panel).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('import-warning')).toBeNull();
  });

  it('signed out and not found: the sign-up prompt says the link is not in the product yet', async () => {
    const { fake } = renderApp('/blog?tags=x~1', signedOut({ PostByUrl: found(null) }));
    const { user, input } = await pasteLink(INSTAGRAM_LINK);

    const dialog = await screen.findByRole('dialog', {
      name: "That link doesn't exist in the product yet. Sign up or sign in to add it!",
    });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(dialog));
    const signUpLine = within(dialog).getByText(/Don't have an account\?/);
    expect(signUpLine.textContent).toBe("Don't have an account? Sign Up (Free!)");
    expect(within(dialog).getByRole('link', { name: 'Sign Up (Free!)' }).getAttribute('href')).toBe(
      '/signup?returnTo=%2Fblog%3Ftags%3Dx%7E1',
    );
    expect(within(dialog).getByRole('link', { name: 'Sign in with Email' }).getAttribute('href')).toBe(
      '/signin?w=email&returnTo=%2Fblog%3Ftags%3Dx%7E1',
    );
    expect(fake.requests).not.toContain('TrackPost');

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('plain text is searched after a pause ("Searching..." meanwhile), shows the empty state when nothing matches; an empty input closes the list', async () => {
    const asked: unknown[] = [];
    const { fake } = renderApp('/about', signedOut({ TopSearch: (variables) => (asked.push(variables.text), noMatches()) }));
    const user = userEvent.setup();
    const input = await screen.findByRole('searchbox', { name: 'Search or paste a link to track' });
    expect(screen.queryByTestId('track-results')).toBeNull();

    await user.type(input, 'a');
    expect(within(screen.getByTestId('track-results')).getByText('Searching...')).toBeTruthy();
    expect(await within(screen.getByTestId('track-results')).findByText(
      'No results found. Paste a url to import or search for a creator, tag, role, job, or location.',
    )).toBeTruthy();

    await user.type(input, 'nna summer');
    await waitFor(() => expect(asked).toContain('anna summer'));
    expect(await within(screen.getByTestId('track-results')).findByText(
      'No results found. Paste a url to import or search for a creator, tag, role, job, or location.',
    )).toBeTruthy();
    // Typing fast costs one request for the whole word, not one per key.
    expect(asked).not.toContain('anna s');

    await user.clear(input);
    expect(screen.queryByTestId('track-results')).toBeNull();
    expect(fake.requests).not.toContain('PostByUrl');
  });

  it('Escape closes the result list and typing opens it again', async () => {
    renderApp('/about', signedOut({ TopSearch: noMatches() }));
    const user = userEvent.setup();
    const input = await screen.findByRole('searchbox', { name: 'Search or paste a link to track' });
    await user.type(input, 'jane');
    expect(screen.getByTestId('track-results')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('track-results')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('jane');
    await user.type(input, 'x');
    expect(screen.getByTestId('track-results')).toBeTruthy();
  });
});

describe('search and track box: in the top bar', () => {
  it('opens as a popup behind the search icon and closes with Escape', async () => {
    // A page signed-out visitors may stay on: /explore would send them to sign up after the
    // guard's pause, and that navigation closes the popup mid-test on a busy machine.
    renderApp('/about', signedOut({}));
    const user = userEvent.setup();
    const toggle = await screen.findByRole('button', { name: 'Search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const region = screen.getByRole('search', { name: 'Search or paste a link to track' });
    expect(region.className).toContain('topbar__search--open');
    expect(document.activeElement).toBe(within(region).getByRole('searchbox'));

    await user.keyboard('{Escape}');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('is not on the home page for signed-out visitors', async () => {
    renderApp('/', signedOut({ Networks: { __typename: 'Query', networks: [] } }));
    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Search' })).toBeNull();
  });
});
