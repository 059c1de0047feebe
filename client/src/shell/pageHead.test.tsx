import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@router';
import { describe, expect, it } from 'vitest';
import { viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { DEFAULT_DESCRIPTION } from './pageHead';
import { PageHeadProvider, usePageHead } from './PageHeadContext';

function meta(key: string): string | null | undefined {
  return document.head.querySelector<HTMLMetaElement>(`meta[property="${key}"], meta[name="${key}"]`)?.content;
}

describe('page head', () => {
  it('titles each page "… | Byline" and fills the social card tags', async () => {
    const user = userEvent.setup();
    renderApp('/blog', { Viewer: viewerAnswer(null), Networks: { __typename: 'Query', networks: [] } });
    await waitFor(() => expect(document.title).toBe('Blog | Byline'));
    expect(meta('og:title')).toBe('Blog | Byline');
    expect(meta('og:description')).toBe(DEFAULT_DESCRIPTION);
    expect(meta('description')).toBe(DEFAULT_DESCRIPTION);
    expect(meta('og:image')).toBe(`${window.location.origin}/social-card.png`);
    expect(meta('twitter:card')).toBe('summary_large_image');

    await user.click(screen.getByRole('link', { name: 'About' }));
    await waitFor(() => expect(document.title).toBe('About | Byline'));
    expect(meta('og:title')).toBe('About | Byline');
  });

  it('lets a page describe itself, and falls back to the route title when it goes', async () => {
    function PostLike({ show }: { show: boolean }) {
      return show ? <Described /> : null;
    }
    function Described() {
      usePageHead({ title: 'Post by Jane Doe', description: 'Summer campaign shoot', image: '/media/posts/1/640.jpg' });
      return null;
    }
    const { rerender } = render(
      <MemoryRouter>
        <PageHeadProvider routeTitle="Post" path="/posts/1">
          <PostLike show />
        </PageHeadProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('Post by Jane Doe | Byline'));
    expect(meta('og:description')).toBe('Summer campaign shoot');
    expect(meta('og:image')).toBe(`${window.location.origin}/media/posts/1/640.jpg`);

    rerender(
      <MemoryRouter>
        <PageHeadProvider routeTitle="Post" path="/posts/1">
          <PostLike show={false} />
        </PageHeadProvider>
      </MemoryRouter>,
    );
    await waitFor(() => expect(document.title).toBe('Post | Byline'));
    expect(meta('og:description')).toBe(DEFAULT_DESCRIPTION);
  });
});
