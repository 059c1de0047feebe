import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { notificationCountsAnswer, postAnswer, postCreditsAnswer, viewerAnswer, type FakeAnswers } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { postIdFromRef } from '@domain/post-ref';

function answers(post: FakeAnswers['Post']): FakeAnswers {
  return { Viewer: viewerAnswer({}), NotificationCounts: notificationCountsAnswer(0), Post: post, PostCredits: postCreditsAnswer() };
}

function stat(name: string): string | null | undefined {
  return document.querySelector(`[data-stat="${name}"] dd`)?.textContent;
}

describe('post page', () => {
  it('shows the picture, caption, account, network, numbers with k/m suffixes, credits and dates', async () => {
    const asked: unknown[] = [];
    renderApp(
      '/posts/1234-janedoe-instagram',
      answers((variables) => {
        asked.push(variables);
        return postAnswer();
      }),
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Post by Jane Doe' })).toBeTruthy();
    expect(asked).toEqual([{ databaseId: 1234 }]);
    expect(document.title).toBe('Post | Byline');

    const picture = screen.getByRole('img', { name: 'Summer campaign shoot' });
    expect(picture.getAttribute('src')).toBe('/media/posts/1234/640.jpg');
    expect(screen.getByRole('link', { name: 'View the original on Instagram' }).getAttribute('href')).toBe(
      'https://www.instagram.com/p/CxYz123AbC/',
    );
    expect(screen.getByText('Summer campaign shoot', { selector: '.post__caption' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '@janedoe' }).getAttribute('href')).toBe('https://www.instagram.com/janedoe');
    expect(screen.getByTestId('post-network').textContent).toBe('Instagram');

    expect(stat('views')).toBe('1.5k');
    expect(stat('likes')).toBe('2.3m');
    expect(stat('comments')).toBe('999');
    expect(stat('shares')).toContain('Not available');
    const stats = within(screen.getByTestId('post-stats'));
    expect(stats.getAllByRole('term').map((term) => term.textContent)).toEqual(['Views', 'Likes', 'Comments', 'Shares']);

    const credits = await screen.findByTestId('post-credits');
    expect(credits.textContent).toContain('Jane Doe🎬 Director');
    expect(within(credits).getByRole('link', { name: 'Jane Doe' }).getAttribute('href')).toBe('/janedoe');

    expect(document.querySelector('.post__details > .post__when')?.textContent).toBe(
      'Posted Nov 19, 2026 · Imported Nov 20, 2026',
    );
    expect(screen.getByText(/^Numbers last refreshed/).textContent).toBe('Numbers last refreshed Nov 21, 2026');
    expect(screen.queryByTestId('post-deleted')).toBeNull();
  });

  it('shows the post as posted by the person who proved the account is theirs', async () => {
    const owned = postAnswer();
    const post = owned.postByDatabaseId!;
    renderApp(
      '/posts/1234',
      answers({ ...owned, postByDatabaseId: { ...post, account: { ...post.account, owner: { __typename: 'User', id: 'VXNlcjo5', username: 'maya', name: 'Maya Okafor' } } } }),
    );
    const owner = await screen.findByTestId('post-owner');
    expect(owner.textContent).toBe('Posted by Maya Okafor');
    expect(within(owner).getByRole('link', { name: 'Maya Okafor' }).getAttribute('href')).toBe('/maya');
  });

  it('names no one as the poster of an account nobody has verified', async () => {
    renderApp('/posts/1234', answers(postAnswer()));
    await screen.findByRole('heading', { level: 1, name: 'Post by Jane Doe' });
    expect(screen.queryByTestId('post-owner')).toBeNull();
  });

  it('formats large numbers with b and t too, and says when the numbers are not available yet', async () => {
    renderApp(
      '/posts/77',
      answers(
        postAnswer({
          id: 'UG9zdDo3Nw==',
          databaseId: 77,
          thumbnailUrl: null,
          caption: null,
          stats: { __typename: 'PostStats', views: 4_200_000_000, likes: 1_000_000_000_000, comments: null, shares: null, refreshedAt: null },
        }),
      ),
    );
    await screen.findByRole('heading', { level: 1, name: 'Post by Jane Doe' });
    expect(stat('views')).toBe('4.2b');
    expect(stat('likes')).toBe('1t');
    expect(screen.getByText('Numbers not available yet')).toBeTruthy();
    // No picture: a tile naming the network stands in for it, beside the link to the original.
    expect(screen.getByRole('img', { name: 'Instagram post (picture not available)' }).tagName).toBe('SPAN');
    expect(document.querySelector('img.post__picture')).toBeNull();
    expect(screen.getByRole('link', { name: 'View the original on Instagram' })).toBeTruthy();
  });

  it('says when the post was deleted from its network, and keeps its credits', async () => {
    renderApp('/posts/1234', answers(postAnswer({ isDeleted: true })));
    const notice = await screen.findByTestId('post-deleted');
    expect(notice.textContent).toBe('This post was deleted from Instagram; its credits stay here.');
    expect((await screen.findByTestId('post-credits')).textContent).toContain('Director');
  });

  it('shows a not-found state when there is no such post (or it is not visible)', async () => {
    renderApp('/posts/999', answers(postAnswer(null)));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
  });

  it('does not ask the server for an address without a post id', async () => {
    const { fake } = renderApp('/posts/not-a-post', answers(postAnswer()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
    expect(fake.requests).not.toContain('Post');
  });

  it('shows the generic error when the post cannot be loaded', async () => {
    renderApp(
      '/posts/1234',
      answers(() => {
        throw new Error('down');
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe('An unexpected error occurred');
  });
});

describe('post address', () => {
  it.each([
    ['1234', 1234],
    ['1234-janedoe-instagram', 1234],
    ['1234-jane-doe-tiktok', 1234],
    ['99999999999', null],
    ['12ab', null],
    ['janedoe-1234', null],
    ['', null],
    [undefined, null],
  ])('%s → %s', (ref, id) => {
    expect(postIdFromRef(ref)).toBe(id);
  });
});
