import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BlogPostQuery, BlogPostsQuery, HelpArticleQuery, HelpArticlesQuery } from '@gql/graphql';
import { siteLinksAnswer, viewerAnswer } from '@test/fakeGraphQL';
import { renderApp } from '@test/renderApp';
import { titleMatches } from './HelpPage';

const SHELL = { Viewer: viewerAnswer(null), Networks: { __typename: 'Query' as const, networks: [] } };

const POST = {
  __typename: 'BlogPost' as const,
  slug: 'how-crediting-works',
  title: 'How crediting works on Byline',
  publishedOn: '2026-11-18',
  author: 'The Byline team',
  summary: 'A credit names a person and a role on a post.',
  coverUrl: '/blog/covers/how-crediting-works.svg',
  coverAlt: 'Three name cards on a post',
};

const posts: BlogPostsQuery = {
  __typename: 'Query',
  blogPosts: { __typename: 'BlogPostConnection', nodes: [{ ...POST, slug: 'the-public-api', title: 'Building on Byline: the public API', publishedOn: '2026-11-25', coverUrl: null, coverAlt: null }, POST] },
};

const articles: HelpArticlesQuery = {
  __typename: 'Query',
  helpArticles: {
    __typename: 'HelpArticleConnection',
    nodes: [
      { __typename: 'HelpArticle', slug: 'getting-started', title: 'Getting started and importing a post', summary: 'Create your account.' },
      { __typename: 'HelpArticle', slug: 'api-tokens', title: 'API tokens', summary: 'Use the API from scripts.' },
      { __typename: 'HelpArticle', slug: 'teams-and-seats', title: 'Teams and seats', summary: 'Invite people.' },
    ],
  },
};

describe('/blog (docs/product.md §Blog and help)', () => {
  it('lists the posts newest first with date, author, summary and cover, and offers the feed', async () => {
    renderApp('/blog', { ...SHELL, BlogPosts: posts });
    const list = await screen.findByRole('list', { name: 'Posts' });
    const items = within(list).getAllByRole('article');
    expect(items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent)).toEqual(['Building on Byline: the public API', 'How crediting works on Byline']);
    expect(within(items[1]!).getByRole('link', { name: 'How crediting works on Byline' }).getAttribute('href')).toBe('/blog/how-crediting-works');
    expect(within(items[1]!).getByText('18 November 2026').getAttribute('datetime')).toBe('2026-11-18');
    expect(within(items[1]!).getByText(/The Byline team/)).toBeTruthy();
    expect(within(items[1]!).getByText(POST.summary)).toBeTruthy();
    expect(items[1]!.querySelector('img')?.getAttribute('src')).toBe(POST.coverUrl);
    expect(items[0]!.querySelector('img')).toBeNull();
    expect(screen.getByRole('link', { name: 'Follow the blog in a feed reader (Atom)' }).getAttribute('href')).toBe('/blog/feed.xml');
    const feedLink = () => document.head.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(feedLink()?.getAttribute('href')).toBe('/blog/feed.xml');
    fireEvent.click(within(items[1]!).getByRole('link', { name: 'How crediting works on Byline' }));
    await waitFor(() => expect(feedLink()).toBeNull());
  });
});

describe('/blog/{slug}', () => {
  it("shows the post's title, byline, cover with its text and the server-rendered body", async () => {
    const answer: BlogPostQuery = { __typename: 'Query', blogPost: { ...POST, html: '<h2>A credit is a person and a role</h2>\n<p>Every post is made by more people.</p>\n' } };
    renderApp('/blog/how-crediting-works', { ...SHELL, BlogPost: (variables) => (variables.slug === 'how-crediting-works' ? answer : { __typename: 'Query', blogPost: null }) });
    expect(await screen.findByRole('heading', { level: 1, name: POST.title })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'A credit is a person and a role' })).toBeTruthy();
    expect(screen.getByRole('img', { name: POST.coverAlt })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'All posts' }).getAttribute('href')).toBe('/blog');
    await screen.findByText('Every post is made by more people.');
    expect(document.title).toBe(`${POST.title} | Byline`);
  });

  it('says the post is not found for an unknown slug', async () => {
    renderApp('/blog/nothing-here', { ...SHELL, BlogPost: { __typename: 'Query', blogPost: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the blog' }).getAttribute('href')).toBe('/blog');
  });
});

describe('/help', () => {
  it('filters the articles by title as you type, keeping the search in the address', async () => {
    const { router } = renderApp('/help', { ...SHELL, HelpArticles: articles });
    await screen.findByRole('link', { name: 'API tokens' });
    expect(within(screen.getByRole('list', { name: 'Articles' })).getAllByRole('link')).toHaveLength(3);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search help articles by title' }), { target: { value: 'token' } });
    await screen.findByText('1 article');
    expect(screen.queryByRole('link', { name: 'Teams and seats' })).toBeNull();
    expect(screen.getByRole('link', { name: 'API tokens' }).getAttribute('href')).toBe('/help/api-tokens');
    expect(router.location.search).toBe('?q=token');
  });

  it('opens with the search from the address, and says when no title matches', async () => {
    renderApp('/help?q=billing%20refunds', { ...SHELL, HelpArticles: articles });
    expect(await screen.findByText('No article title matches “billing refunds”')).toBeTruthy();
    expect((screen.getByRole('searchbox', { name: 'Search help articles by title' }) as HTMLInputElement).value).toBe('billing refunds');
    expect(screen.getByRole('link', { name: 'contact us' }).getAttribute('href')).toBe('/contact');
  });

  it('matches every word typed, whatever its case or order', () => {
    expect(titleMatches('Getting started and importing a post', 'POST import')).toBe(true);
    expect(titleMatches('Getting started and importing a post', 'post team')).toBe(false);
    expect(titleMatches('API tokens', '   ')).toBe(true);
  });
});

describe('/help/{slug}', () => {
  it('shows the article with its summary and body', async () => {
    const answer: HelpArticleQuery = { __typename: 'Query', helpArticle: { __typename: 'HelpArticle', slug: 'api-tokens', title: 'API tokens', summary: 'Use the API from scripts.', html: '<h2>Creating a token</h2>\n<p>Open Settings.</p>\n' } };
    renderApp('/help/api-tokens', { ...SHELL, HelpArticle: answer });
    expect(await screen.findByRole('heading', { level: 1, name: 'API tokens' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Creating a token' })).toBeTruthy();
    expect(within(screen.getByRole('article')).getByRole('link', { name: 'Help Centre' }).getAttribute('href')).toBe('/help');
    expect(screen.getByText('Use the API from scripts.')).toBeTruthy();
  });

  it('says the article is not found for an unknown slug', async () => {
    renderApp('/help/nothing', { ...SHELL, HelpArticle: { __typename: 'Query', helpArticle: null } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' })).toBeTruthy();
  });
});

describe('/downloads', () => {
  it('links to each store the server has set, and to no other', async () => {
    renderApp('/downloads', { ...SHELL, SiteLinks: siteLinksAnswer({ merch: null, appStore: 'https://apps.apple.com/app/id000000001', playStore: null, socialProfiles: [] }) });
    const appStore = await screen.findByRole('link', { name: 'Download on the App Store' });
    expect(appStore.getAttribute('href')).toBe('https://apps.apple.com/app/id000000001');
    expect(screen.queryByRole('link', { name: 'Get it on Google Play' })).toBeNull();
    expect(screen.queryByText(/not offered in a store/)).toBeNull();
  });

  it('says the app is not in a store yet when neither is set', async () => {
    renderApp('/downloads', { ...SHELL, SiteLinks: siteLinksAnswer({ merch: null, socialProfiles: [] }) });
    expect(await screen.findByText(/not offered in a store for this site yet/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Downloads' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /App Store|Google Play/ })).toBeNull();
  });
});
